import TesseraLayout

/// Turns page models into HTML with the site's templates, and writes the stylesheet.
///
/// Every text is HTML-escaped by the templates; every link in the models is relative and
/// percent-encoded, so the site works under any sub-path and straight from disk.
package struct PageRenderer: Sendable {
    package var templates: TemplateSet
    package var layout: LayoutOptions

    package init(templates: TemplateSet, layout: LayoutOptions) {
        self.templates = templates
        self.layout = layout
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
        let firstScreen = Self.firstScreenHeight - (page.albums.isEmpty ? 0 : Self.cardRowHeight)
        let eager = grid.tiles(startingWithin: firstScreen, atWidthsNear: FirstScreen.common.map(\.width))
        for index in page.photos.indices {
            page.photos[index].style = grid.tileStyle(index)
            page.photos[index].loading = eager.contains(index) ? "eager" : "lazy"
            page.photos[index].sizes = Self.sizes(grid.widestTile(index, upTo: Self.sizeLimits.map(\.container)))
        }
        for index in page.albums.indices where index < Self.eagerCards {
            page.albums[index].loading = "eager"
        }
        // The image a browser reports as Largest Contentful Paint comes before the others.
        let coverRatios = page.albums.map { card in card.cover.map { Double($0.width) / Double($0.height) } }
        for screen in FirstScreen.common {
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

    /// The `sizes` of a tile drawn at most `widths` wide below each of `sizeLimits` and above.
    static func sizes(_ widths: [Double]) -> String {
        zip(sizeLimits, widths).map { "(max-width: \(Int($0.viewport))px) \(Int($1.rounded(.up)))px" }
            .joined(separator: ", ") + ", \(Int((widths.last ?? 0).rounded(.up)))px"
    }

    /// Screen widths where a tile's `sizes` steps: phones held upright (up to 430 px), other
    /// small screens and tablets, with the grid's container at those widths (the page's side
    /// padding is 2 % of the width, 8 to 24 px a side).
    static let sizeLimits: [(viewport: Double, container: Double)] = [(430, 412), (600, 576), (1200, 1152)]

    /// How much of a page, below its header, a visitor sees without scrolling (CSS px).
    static let firstScreenHeight = 700.0
    /// About one row of album cards.
    static let cardRowHeight = 230.0
    /// Cards that load eagerly: two rows on a phone, one on a laptop.
    static let eagerCards = 6

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
