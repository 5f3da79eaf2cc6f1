extension SiteBuilder {
    /// Every page and the stylesheet as products: each fingerprint is the digest of the
    /// model the page is rendered from, the templates and the generator (and, for album
    /// pages, the layout settings that place the tiles).
    static func pageProducts(
        _ pages: SitePages, stylesheet: String, generator: String, templates: TemplateSet, layout: LayoutOptions
    ) -> [Product] {
        let common = [generator, templates.fingerprint]
        let albumContext = common + [String(describing: layout)]
        return [
            Product(path: SiteContext.stylesheetPath, fingerprint: Fingerprint.of(stylesheet, context: common)),
            Product(path: SiteContext.noJekyllPath, fingerprint: Fingerprint.of("", context: [])),
        ]
            + pages.albums.flatMap { album in
                [Product(path: album.path, fingerprint: Fingerprint.of(album.page, context: albumContext))]
                    + album.photos.map { Product(path: $0.path, fingerprint: Fingerprint.of($0.page, context: common)) }
            }
    }

    /// Renders and writes every page (and the stylesheet) that is missing or whose model
    /// changed; the others are kept without being rendered.
    func writePages(
        _ plan: PagePlan, manifest: Manifest, writer: SiteWriter, counts: BuildCounts
    ) throws(BuildError) {
        let pages = SitePages(plan, site: SiteContext(title: plan.root.title, language: settings.language))
        let renderer = PageRenderer(templates: templates, layout: layout)
        let stylesheet = renderer.stylesheet()
        let products = Self.pageProducts(
            pages, stylesheet: stylesheet, generator: settings.generator, templates: templates, layout: layout)
        let build = BuildPlan(products: products, manifest: manifest, force: settings.force, isPresent: writer.isPresent)
        do { try writer.claim(build.make) } catch { throw .write(error) }
        writer.keep(build.keep)
        counts.add(generated: 0, reused: build.keep.count)
        let fingerprints = Dictionary(uniqueKeysWithValues: products.map { ($0.path, $0.fingerprint) })

        // A page is written only when its bytes differ from what is on disk.
        @Sendable func write(_ path: String, _ html: () throws(ThemeError) -> String) throws(BuildError) {
            guard build.makes(path) else { return }
            let text: String
            do { text = try html() } catch { throw .templates(error) }
            do {
                let changed = try writer.write(Array(text.utf8), to: path, fingerprint: fingerprints[path] ?? "")
                counts.add(generated: changed ? 1 : 0, reused: changed ? 0 : 1)
            } catch {
                throw .write(error)
            }
        }
        try write(SiteContext.stylesheetPath) { stylesheet }
        try write(SiteContext.noJekyllPath) { "" }
        let outcomes = parallelMap(pages.albums, jobs: settings.jobs, stage: .pages, progress: nil) { album in
            Result { () throws(BuildError) in
                try write(album.path) { () throws(ThemeError) in try renderer.render(album.page) }
                for (path, page) in album.photos {
                    try write(path) { () throws(ThemeError) in try renderer.render(page) }
                }
            }
        }
        for outcome in outcomes { try outcome.get() }
    }
}
