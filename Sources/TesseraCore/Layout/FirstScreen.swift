import TesseraLayout

/// What an album page shows before any scrolling on the theme's common screens (a phone's
/// and a laptop's), and so which of its images load first: the rows starting within the
/// eager window, the first cards, and per screen the image showing largest there, the one
/// a browser reports as Largest Contentful Paint, worth fetching before the others.
///
/// The page's geometry is estimated from the theme's metrics (header height, album cards'
/// frames, page padding) and the grid's rows; the browser check `Tests/Browser/check_pages.py`
/// verifies in Chromium that the image chosen is the one painted largest.
struct FirstScreen: Sendable {
    /// The theme's geometry the page is estimated from.
    var metrics: ThemeMetrics

    /// One of an album page's images: a sub-album's cover or a grid tile, by index.
    enum Image: Hashable {
        case card(Int)
        case tile(Int)
    }

    /// The tiles of `page` (the whole grid for nil, else one of the album's pages, whose
    /// grid starts at the top) whose row starts within the eager window at the layouts near
    /// the common screens' widths; cards above the grid push it down by about a row of them.
    func eagerTiles(_ grid: ResponsiveGrid, belowCards: Bool, page: Range<Int>? = nil) -> Set<Int> {
        let window = metrics.eager.window - (belowCards ? metrics.eager.cardRowHeight : 0)
        return grid.tiles(startingWithin: window, atWidthsNear: metrics.commonScreens.map(\.width), page: page)
    }

    /// Whether the card at `index` loads eagerly: the first rows of cards.
    func loadsEagerly(card index: Int) -> Bool {
        index < metrics.eager.cards
    }

    /// Per common screen, in order, the image showing the most area there before scrolling,
    /// given the covers' ratios (width ÷ height, nil for a card without a cover) and the grid
    /// of the album's own photos (nil when it has none), of its tiles those of `page` as in
    /// `eagerTiles`; a screen where no image shows has none.
    func largestImages(coverRatios: [Double?], grid: ResponsiveGrid?, page: Range<Int>? = nil) -> [Image] {
        metrics.commonScreens.compactMap {
            largestImage(on: $0, coverRatios: coverRatios, grid: grid, page: page)
        }
    }

    private func largestImage(
        on screen: ThemeMetrics.Screen, coverRatios: [Double?], grid: ResponsiveGrid?, page: Range<Int>?
    )
        -> Image?
    {
        var best: (image: Image, area: Double)?
        let cards = cardBoxes(on: screen, coverRatios)
        for (index, box) in cards.boxes.enumerated() {
            let area = box.width * min(box.height, screen.height - box.top)
            if area > best?.area ?? 0 { best = (.card(index), area) }
        }
        let gridTop = metrics.headerHeight + cards.height
        let containerWidth = metrics.containerWidth(atViewport: screen.width)
        if let grid, let tile = grid.largestTile(inTop: screen.height - gridTop, ofWidth: containerWidth, page: page),
            tile.area > best?.area ?? 0
        {
            best = (.tile(tile.index), tile.area)
        }
        return best?.image
    }

    /// Each cover's box (top relative to the viewport, width, height) and the height the
    /// cards' section takes with its margins; no boxes and no height without cards.
    private func cardBoxes(
        on screen: ThemeMetrics.Screen, _ ratios: [Double?]
    ) -> (boxes: [(top: Double, width: Double, height: Double)], height: Double) {
        guard !ratios.isEmpty else { return ([], 0) }
        let containerWidth = metrics.containerWidth(atViewport: screen.width)
        let top = metrics.headerHeight + metrics.cards.marginTop
        let card = metrics.cards
        var boxes: [(top: Double, width: Double, height: Double)] = []
        var bottom = top
        if screen.width <= card.narrowWidth {
            let frame = card.narrowCover
            let column = (containerWidth - card.narrowColumnGap) / 2
            for (index, ratio) in ratios.enumerated() {
                let rowTop = top + Double(index / 2) * (frame + card.textHeight + card.narrowRowGap)
                // A letterboxed cover: the area that shows inside its frame, as a frame-tall box.
                let ratio = ratio ?? 0
                let shown = ratio > 0 ? min(column, frame * ratio) * min(frame, column / ratio) / frame : 0
                boxes.append((rowTop, shown, frame))
                bottom = rowTop + frame + card.textHeight
            }
        } else {
            let cover = card.wideCover
            var rowTop = top
            var left = 0.0
            for ratio in ratios {
                let coverWidth = min(cover * (ratio ?? 1), containerWidth)
                if left > 0 && left + coverWidth > containerWidth {
                    left = 0
                    rowTop += cover + card.textHeight + card.wideGap
                }
                boxes.append((rowTop, ratio == nil ? 0 : coverWidth, cover))
                left += coverWidth + card.wideGap
                bottom = rowTop + cover + card.textHeight
            }
        }
        return (boxes, bottom + card.marginBottom - metrics.headerHeight)
    }
}
