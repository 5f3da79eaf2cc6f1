import Foundation
import TesseraLayout

extension SiteBuilder {
    /// The files made whole rather than from a template, by path: the stylesheet, the
    /// script, `.nojekyll`, and with a base URL the sitemap and the feed (its entries dated
    /// by `feedHistory`).
    static func siteFiles(
        _ plan: PagePlan, site: SiteContext, stylesheet: String, script: String = DefaultTemplates.script,
        feedHistory: FeedHistory? = nil
    ) -> [(path: String, text: String)] {
        var files = [
            (SiteContext.stylesheetPath, stylesheet), (SiteContext.scriptPath, script), (SiteContext.noJekyllPath, ""),
        ]
        if let sitemap = Sitemap.xml(plan, site: site) { files.append((SiteContext.sitemapPath, sitemap)) }
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
        return files.map { Product(path: $0.path, fingerprint: Fingerprint.of($0.text, context: []), kind: .siteFile) }
            + [
                Product(
                    path: NotFoundPage.path, fingerprint: Fingerprint.of(pages.notFound, context: context), kind: .page)
            ]
            + pages.albums.flatMap { album in
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
    /// that is missing or whose model changed; the others are kept without being rendered.
    ///
    /// - Returns: when the feed's entries last changed, for the manifest (nil: no feed).
    func writePages(
        _ plan: PagePlan, layouts: AlbumLayouts, manifest: Manifest, writer: SiteWriter
    ) throws(BuildError) -> FeedHistory? {
        let site = SiteContext(
            title: plan.root.title, language: configuration.language, metrics: metrics, words: theme.words,
            baseURL: configuration.baseURL, author: configuration.author)
        let pages = SitePages(plan, site: site, layouts: layouts)
        let renderer = PageRenderer(theme: theme, layout: layout)
        let now = AtomFeed.atomDate(seconds: run.now ?? Date().timeIntervalSince1970)
        let feedHistory = AtomFeed.history(plan, site: site, after: manifest.feed, now: now)
        let files = Self.siteFiles(
            plan, site: site, stylesheet: renderer.stylesheet(), script: theme.script, feedHistory: feedHistory)
        let pageProducts = Self.pageProducts(pages, files: files, generator: run.generator, theme: theme)
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
        let outcomes = parallelMap(pages.albums, jobs: run.jobs, stage: .pages, progress: nil) { album in
            Result { () throws(BuildError) in
                for listing in album.listings {
                    try write(listing.path) { () throws(ThemeError) in
                        try renderer.render(album.placed(listing, layouts))
                    }
                }
                for (path, page) in album.photos {
                    try write(path) { () throws(ThemeError) in try renderer.render(page) }
                }
            }
        }
        for outcome in outcomes { try outcome.get() }
        return feedHistory
    }
}

/// What an album page's fingerprint is the digest of: its model without places and the
/// digest of the places, which determine the placed model and are determined by it.
private struct PlacedAlbumPage: Encodable {
    var page: AlbumPage
    var placements: String
}
