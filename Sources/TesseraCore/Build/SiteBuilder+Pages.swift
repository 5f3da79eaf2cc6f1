import Foundation
import TesseraLayout

extension SiteBuilder {
    /// The files made whole rather than from a template, by path: the stylesheet, the
    /// script, `.nojekyll`, and with a base URL the sitemap (of every page of an album
    /// `layouts` cuts into pages) and the feed (its entries dated by `feedHistory`).
    static func siteFiles(
        _ plan: PagePlan, site: SiteContext, stylesheet: String, script: String = DefaultTemplates.script,
        layouts: AlbumLayouts? = nil, feedHistory: FeedHistory? = nil
    ) -> [(path: String, text: String)] {
        var files = [
            (SiteContext.stylesheetPath, stylesheet), (SiteContext.scriptPath, script), (SiteContext.noJekyllPath, ""),
        ]
        if let sitemap = Sitemap.xml(plan, site: site, layouts: layouts) {
            files.append((SiteContext.sitemapPath, sitemap))
        }
        if let feed = AtomFeed.xml(plan, site: site, history: feedHistory) {
            files.append((SiteContext.feedPath, feed))
        }
        return files
    }

    /// Every page and site file as products: a page's fingerprint is the digest of the
    /// model it is rendered from, the theme and the generator; an album page's model
    /// is fingerprinted as its unplaced model and the digest of its tiles' and cards'
    /// places, which together are the placed model, so nothing else is mixed in. A site
    /// file's is the digest of its text.
    static func pageProducts(
        _ pages: SitePages, files: [(path: String, text: String)], generator: String, theme: Theme
    ) -> [Product] {
        let context = [generator, theme.fingerprint]
        return siteProducts(files, notFound: pages.notFound, context: context)
            + pages.albums.flatMap { albumProducts($0, context: context) }
    }

    /// The site files and `404.html` as products.
    static func siteProducts(
        _ files: [(path: String, text: String)], notFound: NotFoundPage, context: [String]
    ) -> [Product] {
        files.map { Product(path: $0.path, fingerprint: Fingerprint.of($0.text, context: []), kind: .siteFile) }
            + [Product(path: NotFoundPage.path, fingerprint: Fingerprint.of(notFound, context: context), kind: .page)]
    }

    /// An album's pages as products, in the order of `AlbumPageInputs.paths`.
    static func albumProducts(_ album: SitePages.Album, context: [String]) -> [Product] {
        album.listings.map { listing in
            Product(
                path: listing.path,
                fingerprint: Fingerprint.of(
                    PlacedAlbumPage(page: listing.page, placements: listing.placements), context: context),
                kind: .page)
        }
            + album.photos.map {
                Product(path: $0.path, fingerprint: Fingerprint.of($0.page, context: context), kind: .page)
            }
    }

    /// The pages of the albums whose inputs are those the manifest remembers, with the
    /// fingerprints it holds for them, by album folder: kept without their models being made.
    /// An album is left to be made when any of its pages is not as that build left it (a
    /// killed build's journal rewrote it, or it is missing): that page needs its model.
    func unchangedAlbums(
        _ plan: PagePlan, inputs: AlbumPageInputs, layouts: AlbumLayouts, manifest: Manifest, writer: SiteWriter
    ) -> [String: [Product]] {
        guard !run.force, let records = manifest.albumPages else { return [:] }
        var unchanged: [String: [Product]] = [:]
        for album in plan.allAlbums {
            guard let record = records[album.folder], record.inputs == inputs[album] else { continue }
            let paths = AlbumPageInputs.paths(of: album, pagination: layouts.pagination(album))
            let pages = paths.map { (path: $0, fingerprint: manifest.files[$0]?.fingerprint ?? "") }
            guard pages.allSatisfy({ !$0.fingerprint.isEmpty }), AlbumPageInputs.pagesDigest(pages) == record.pages,
                paths.allSatisfy(writer.isPresent)
            else { continue }
            unchanged[album.folder] = pages.map { Product(path: $0.path, fingerprint: $0.fingerprint, kind: .page) }
        }
        return unchanged
    }

    /// The theme's assets as products, each fingerprinted by the digest of its bytes.
    ///
    /// - Throws: `ThemeError.assetCollides` when an asset has the path of a page or image
    ///   (`others`; an album folder named `assets`): neither is dropped silently.
    static func assetProducts(_ assets: [String: [UInt8]], besides others: [String]) throws(ThemeError) -> [Product] {
        let taken = Set(others)
        if let clash = assets.keys.sorted().first(where: taken.contains) { throw .assetCollides(clash) }
        return assets.keys.sorted().map {
            Product(path: $0, fingerprint: ContentHash.of(Data(assets[$0] ?? [])), kind: .asset)
        }
    }

    /// Renders and writes every page (and the stylesheet, the script and the theme's assets)
    /// that is missing or whose model changed; the others are kept without being rendered,
    /// and an album whose inputs are unchanged (`AlbumPageInputs`) without its pages'
    /// models being made.
    ///
    /// - Returns: what each album's pages were made of, and when the feed's entries last
    ///   changed (nil: no feed), for the manifest.
    func writePages(
        _ plan: PagePlan, layouts: AlbumLayouts, manifest: Manifest, writer: SiteWriter
    ) throws(BuildError) -> (albumPages: [String: Manifest.AlbumPages], feed: FeedHistory?) {
        let site = SiteContext(
            title: plan.root.title, language: configuration.language, metrics: metrics, words: theme.words,
            baseURL: configuration.baseURL, author: configuration.author)
        let inputs = AlbumPageInputs(
            plan, site: site, layouts: layouts, generator: run.generator, themeFingerprint: theme.fingerprint)
        let unchanged = unchangedAlbums(plan, inputs: inputs, layouts: layouts, manifest: manifest, writer: writer)
        let pages = SitePages(plan, site: site, layouts: layouts, skipping: Set(unchanged.keys))
        let renderer = PageRenderer(theme: theme, layout: layout)
        let now = AtomFeed.atomDate(seconds: run.now ?? Date().timeIntervalSince1970)
        let feedHistory = AtomFeed.history(plan, site: site, after: manifest.feed, now: now)
        let files = Self.siteFiles(
            plan, site: site, stylesheet: renderer.stylesheet(), script: theme.script, layouts: layouts,
            feedHistory: feedHistory)
        let context = [run.generator, theme.fingerprint]
        // The next manifest's records: an unchanged album's as they were, the others' anew.
        var records = manifest.albumPages?.filter { unchanged[$0.key] != nil } ?? [:]
        var pageProducts = Self.siteProducts(files, notFound: pages.notFound, context: context)
        for album in pages.albums {
            let products = Self.albumProducts(album, context: context)
            records[album.album.folder] = Manifest.AlbumPages(
                inputs: inputs[album.album],
                pages: AlbumPageInputs.pagesDigest(products.map { ($0.path, $0.fingerprint) }))
            pageProducts += products
        }
        pageProducts += plan.allAlbums.flatMap { unchanged[$0.folder] ?? [] }
        let images = plan.allPhotos.flatMap { $0.renditions.map(\.path) }
        let assets: [Product]
        do { assets = try Self.assetProducts(theme.assets, besides: pageProducts.map(\.path) + images) } catch {
            throw .templates(error)
        }
        let products = pageProducts + assets
        let build = BuildPlan(
            products: products, manifest: manifest, force: run.force, isPresent: writer.isPresent)
        do { try writer.carry(build) } catch { throw .write(error) }
        let toMake = Dictionary(uniqueKeysWithValues: build.make.map { ($0.path, $0) })

        // A page is written only when its bytes differ from what is on disk.
        @Sendable func write(_ path: String, _ html: () throws(ThemeError) -> String) throws(BuildError) {
            guard toMake[path] != nil else { return }
            let text: String
            do { text = try html() } catch { throw .templates(error) }
            try store(Array(text.utf8), at: path)
        }
        @Sendable func store(_ bytes: [UInt8], at path: String) throws(BuildError) {
            guard let product = toMake[path] else { return }
            do { try writer.write(bytes, for: product) } catch { throw .write(error) }
        }
        for file in files { try write(file.path) { file.text } }
        try write(NotFoundPage.path) { () throws(ThemeError) in try renderer.render(pages.notFound) }
        for (path, bytes) in theme.assets.sorted(by: { $0.key < $1.key }) where build.makes(path) {
            try store(bytes, at: path)
        }
        // Each page is a job of its own, so that one big album keeps every core busy too
        // (one album of 10,000 small photos: its pages took 4 s on one core of two). A job
        // is two indices, not a copy of its page's model: an album's listings, then its photos.
        let jobs = pages.albums.enumerated().flatMap { index, album in
            (0..<(album.listings.count + album.photos.count)).map { (index, $0) }
        }
        let outcomes = parallelMap(jobs, jobs: run.jobs, stage: .pages, progress: nil) { job in
            Result { () throws(BuildError) in
                let album = pages.albums[job.0]
                if job.1 < album.listings.count {
                    let listing = album.listings[job.1]
                    try write(listing.path) { () throws(ThemeError) in
                        try renderer.render(album.placed(listing, layouts))
                    }
                } else {
                    let photo = album.photos[job.1 - album.listings.count]
                    try write(photo.path) { () throws(ThemeError) in try renderer.render(photo.page) }
                }
            }
        }
        for outcome in outcomes { try outcome.get() }
        return (records, feedHistory)
    }
}

/// What an album page's fingerprint is the digest of: its model without places and the
/// digest of the places, which determine the placed model and are determined by it.
private struct PlacedAlbumPage: Encodable {
    var page: AlbumPage
    var placements: String
}
