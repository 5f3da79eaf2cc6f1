import TesseraLayout

/// Turns page models into HTML with the site's templates, and writes the stylesheet.
///
/// Every text is HTML-escaped by the templates; every link in the models is relative and
/// percent-encoded, so the site works under any sub-path and straight from disk.
package struct PageRenderer: Sendable {
    package var templates: TemplateSet
    package var layout: LayoutOptions
    /// The theme's page geometry, which the first screen and each tile's `sizes` are estimated from.
    var metrics = ThemeMetrics()

    package init(templates: TemplateSet, layout: LayoutOptions) {
        self.templates = templates
        self.layout = layout
    }

    /// A renderer estimating from a theme's own geometry.
    init(templates: TemplateSet, layout: LayoutOptions, metrics: ThemeMetrics) {
        self.init(templates: templates, layout: layout)
        self.metrics = metrics
    }

    /// The site stylesheet: the template's style followed by the justified grid's rules.
    package func stylesheet() -> String {
        templates.stylesheet + "\n" + ResponsiveGrid.stylesheet(options: layout)
    }

    /// The HTML of an album's page, its tiles placed in rows for every breakpoint, and the
    /// images of the first screen loaded first.
    package func render(_ page: AlbumPage) throws(ThemeError) -> String {
        var page = page
        let grid = ResponsiveGrid(
            ratios: page.photos.map { Double($0.width) / Double($0.height) }, options: layout)
        // Cards open the page when there are any, and push the grid down by about a row of them.
        let firstScreen = metrics.eager.window - (page.albums.isEmpty ? 0 : metrics.eager.cardRowHeight)
        let eager = grid.tiles(startingWithin: firstScreen, atWidthsNear: metrics.commonScreens.map(\.width))
        let limits = metrics.sizesLimits
        for index in page.photos.indices {
            page.photos[index].style = grid.tileStyle(index)
            page.photos[index].loading = eager.contains(index) ? "eager" : "lazy"
            page.photos[index].sizes = Self.sizes(grid.widestTile(index, upTo: limits.map(\.container)), limits: limits)
        }
        for index in page.albums.indices where index < metrics.eager.cards {
            page.albums[index].loading = "eager"
        }
        // The image a browser reports as Largest Contentful Paint comes before the others.
        let coverRatios = page.albums.map { card in card.cover.map { Double($0.width) / Double($0.height) } }
        for screen in FirstScreen.common(metrics) {
            switch screen.largestImage(coverRatios: coverRatios, grid: page.photos.isEmpty ? nil : grid) {
            case .card(let index):
                page.albums[index].loading = "eager"
                page.albums[index].fetchPriority = "high"
            case .tile(let index):
                page.photos[index].loading = "eager"
                page.photos[index].fetchPriority = "high"
            case nil:
                break
            }
        }
        return try render("album", page)
    }

    /// The `sizes` of a tile drawn at most `widths` wide below each of `limits`' viewports and above.
    static func sizes(_ widths: [Double], limits: [(viewport: Double, container: Double)]) -> String {
        zip(limits, widths).map { "(max-width: \(Int($0.viewport))px) \(Int($1.rounded(.up)))px" }
            .joined(separator: ", ") + ", \(Int((widths.last ?? 0).rounded(.up)))px"
    }

    /// The HTML of a photo's page.
    package func render(_ page: PhotoPage) throws(ThemeError) -> String {
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
