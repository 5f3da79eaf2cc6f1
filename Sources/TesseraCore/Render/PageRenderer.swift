import TesseraLayout

/// Turns page models into HTML with the theme's templates, and writes the stylesheet.
///
/// Every text is HTML-escaped by the templates; every link in the models is relative and
/// percent-encoded, so the site works under any sub-path and straight from disk.
struct PageRenderer: Sendable {
    var theme: Theme
    var layout: LayoutOptions

    init(theme: Theme, layout: LayoutOptions) {
        self.theme = theme
        self.layout = layout
    }

    /// The site stylesheet: the theme's metrics as custom properties, the rules every theme
    /// needs (`base.css`), the theme's style (both with their `@media` conditions' metrics
    /// substituted), then the justified grid's rules.
    func stylesheet() -> String {
        let metrics = theme.metrics
        return metrics.customPropertiesRule + metrics.substitutingMediaConditions(in: theme.baseStylesheet) + "\n"
            + metrics.substitutingMediaConditions(in: theme.stylesheet) + "\n"
            + ResponsiveGrid.stylesheet(options: layout)
    }

    /// The HTML of an album's page, as its model places tiles and cards (the layout stage's).
    func render(_ page: AlbumPage) throws(ThemeError) -> String {
        try render("album", page)
    }

    /// The HTML of a photo's page.
    func render(_ page: PhotoPage) throws(ThemeError) -> String {
        try render("photo", page)
    }

    /// The HTML of the site's `404.html`.
    func render(_ page: NotFoundPage) throws(ThemeError) -> String {
        try render("notfound", page)
    }

    private func render<Page: Encodable>(_ name: String, _ page: Page) throws(ThemeError) -> String {
        do {
            return try theme.templates.render(name, page: page)
        } catch {
            throw .template(Theme.located(error, in: theme.folder))
        }
    }
}
