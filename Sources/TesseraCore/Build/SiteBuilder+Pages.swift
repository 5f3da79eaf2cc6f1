import Foundation
import TesseraLayout

extension SiteBuilder {
    /// The files made whole rather than from a template, by path: the stylesheet, the
    /// script, `.nojekyll`, and with a base URL the sitemap and the feed.
    static func siteFiles(
        _ plan: PagePlan, site: SiteContext, stylesheet: String, script: String = DefaultTemplates.script
    ) -> [(path: String, text: String)] {
        var files = [
            (SiteContext.stylesheetPath, stylesheet), (SiteContext.scriptPath, script), (SiteContext.noJekyllPath, ""),
        ]
        if let sitemap = Sitemap.xml(plan, site: site) { files.append((SiteContext.sitemapPath, sitemap)) }
        if let feed = AtomFeed.xml(plan, site: site) { files.append((SiteContext.feedPath, feed)) }
        return files
    }

    /// Every page and site file as products: a page's fingerprint is the digest of the
    /// model it is rendered from, the templates and the generator; an album page's model
    /// is fingerprinted as its unplaced model and the digest of its tiles' and cards'
    /// places, which together are the placed model, so nothing else is mixed in. A site
    /// file's is the digest of its text.
    static func pageProducts(
        _ pages: SitePages, files: [(path: String, text: String)], generator: String, templates: TemplateSet
    ) -> [Product] {
        let context = [generator, templates.fingerprint]
        return files.map { Product(path: $0.path, fingerprint: Fingerprint.of($0.text, context: [])) }
            + pages.albums.flatMap { album in
                [
                    Product(
                        path: album.path,
                        fingerprint: Fingerprint.of(
                            PlacedAlbumPage(page: album.page, placements: album.placements), context: context))
                ]
                    + album.photos.map {
                        Product(path: $0.path, fingerprint: Fingerprint.of($0.page, context: context))
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
        return assets.keys.sorted().map { Product(path: $0, fingerprint: ContentHash.of(Data(assets[$0] ?? []))) }
    }

    /// Renders and writes every page (and the stylesheet, the script and the theme's assets)
    /// that is missing or whose model changed; the others are kept without being rendered.
    func writePages(
        _ plan: PagePlan, layouts: AlbumLayouts, manifest: Manifest, writer: SiteWriter, counts: BuildCounts
    ) throws(BuildError) {
        let words: ThemeWords
        if let chosen = self.words {
            words = chosen
        } else {
            do { words = try ThemeWords.builtIn(documents: documents) } catch { throw .templates(error) }
        }
        var site = SiteContext(
            title: plan.root.title, language: configuration.language, words: words, baseURL: configuration.baseURL,
            author: configuration.author)
        site.metrics = metrics
        let pages = SitePages(plan, site: site, layouts: layouts)
        let renderer = PageRenderer(templates: templates, layout: layout)
        let files = Self.siteFiles(plan, site: site, stylesheet: renderer.stylesheet(), script: templates.script)
        let pageProducts = Self.pageProducts(pages, files: files, generator: run.generator, templates: templates)
        let images = plan.allPhotos.flatMap { $0.renditions.map(\.path) }
        let assets: [Product]
        do { assets = try Self.assetProducts(templates.assets, besides: pageProducts.map(\.path) + images) } catch {
            throw .templates(error)
        }
        let products = pageProducts + assets
        let build = BuildPlan(
            products: products, manifest: manifest, force: run.force, isPresent: writer.isPresent)
        do { try writer.claim(build.make) } catch { throw .write(error) }
        writer.keep(build.keep)
        counts.add(generated: 0, reused: build.keep.count)
        let fingerprints = Dictionary(uniqueKeysWithValues: products.map { ($0.path, $0.fingerprint) })

        // A page is written only when its bytes differ from what is on disk.
        @Sendable func write(_ path: String, _ html: () throws(ThemeError) -> String) throws(BuildError) {
            guard build.makes(path) else { return }
            let text: String
            do { text = try html() } catch { throw .templates(error) }
            try store(Array(text.utf8), at: path)
        }
        @Sendable func store(_ bytes: [UInt8], at path: String) throws(BuildError) {
            do {
                let changed = try writer.write(bytes, to: path, fingerprint: fingerprints[path] ?? "")
                counts.add(generated: changed ? 1 : 0, reused: changed ? 0 : 1)
            } catch {
                throw .write(error)
            }
        }
        for file in files { try write(file.path) { file.text } }
        for (path, bytes) in templates.assets.sorted(by: { $0.key < $1.key }) where build.makes(path) {
            try store(bytes, at: path)
        }
        let outcomes = parallelMap(pages.albums, jobs: run.jobs, stage: .pages, progress: nil) { album in
            Result { () throws(BuildError) in
                try write(album.path) { () throws(ThemeError) in try renderer.render(album.placed(layouts)) }
                for (path, page) in album.photos {
                    try write(path) { () throws(ThemeError) in try renderer.render(page) }
                }
            }
        }
        for outcome in outcomes { try outcome.get() }
    }
}

/// What an album page's fingerprint is the digest of: its model without places and the
/// digest of the places, which determine the placed model and are determined by it.
private struct PlacedAlbumPage: Encodable {
    var page: AlbumPage
    var placements: String
}
