/// Turns page models into HTML with the site's templates, and writes the stylesheet.
///
/// Every text is HTML-escaped by the templates; every link in the models is relative and
/// percent-encoded, so the site works under any sub-path and straight from disk.
public struct PageRenderer: Sendable {
    public var templates: TemplateSet
    public var layout: LayoutOptions

    public init(templates: TemplateSet, layout: LayoutOptions) {
        self.templates = templates
        self.layout = layout
    }

    /// The site stylesheet: the template's style followed by the justified grid's rules.
    public func stylesheet() -> String {
        templates.stylesheet + "\n" + ResponsiveGrid.stylesheet(options: layout)
    }

    /// The HTML of an album's page, its tiles placed in rows for every breakpoint.
    public func render(_ page: AlbumPage) throws(ThemeError) -> String {
        var page = page
        let grid = ResponsiveGrid(
            ratios: page.photos.map { Double($0.width) / Double($0.height) }, options: layout)
        for index in page.photos.indices { page.photos[index].style = grid.tileStyle(index) }
        return try render("album", page)
    }

    /// The HTML of a photo's page.
    public func render(_ page: PhotoPage) throws(ThemeError) -> String {
        try render("photo", page)
    }

    private func render<Page: Encodable>(_ name: String, _ page: Page) throws(ThemeError) -> String {
        do {
            return try templates.library.render(name, page: page)
        } catch {
            throw .template(error)
        }
    }
}
