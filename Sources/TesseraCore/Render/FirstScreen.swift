import TesseraLayout

/// A screen an album page is commonly first seen on, and which of the page's images shows
/// largest there before any scrolling: the one a browser reports as Largest Contentful Paint,
/// worth fetching before the others.
///
/// The page's geometry is estimated from the stylesheet's rules (header height, album cards'
/// sizes, the grid's rows); the browser check `Tests/Browser/check_pages.py` verifies in
/// Chromium that the image chosen is the one painted largest.
struct FirstScreen: Sendable {
    /// Viewport width and height, in CSS px.
    var width: Double
    var height: Double
    /// The theme's geometry the page is estimated from.
    var metrics: ThemeMetrics

    /// The theme's common screens.
    static func common(_ metrics: ThemeMetrics) -> [FirstScreen] {
        metrics.commonScreens.map { FirstScreen(width: $0.width, height: $0.height, metrics: metrics) }
    }

    /// One of an album page's images: a sub-album's cover or a grid tile, by index.
    enum Image: Hashable {
        case card(Int)
        case tile(Int)
    }

    /// The image showing the most area on this screen before scrolling, given the covers'
    /// ratios (width ÷ height, nil for a card without a cover) and the grid of the album's own
    /// photos (nil when it has none). Nil when no image shows.
    func largestImage(coverRatios: [Double?], grid: ResponsiveGrid?) -> Image? {
        var best: (image: Image, area: Double)?
        let cards = cardBoxes(coverRatios)
        for (index, box) in cards.boxes.enumerated() {
            let area = box.width * min(box.height, height - box.top)
            if area > best?.area ?? 0 { best = (.card(index), area) }
        }
        let gridTop = metrics.headerHeight + cards.height
        if let grid, let tile = grid.largestTile(inTop: height - gridTop, ofWidth: containerWidth),
            tile.area > best?.area ?? 0
        {
            best = (.tile(tile.index), tile.area)
        }
        return best?.image
    }

    /// The width of the page's content, less the theme's side padding.
    var containerWidth: Double {
        metrics.containerWidth(atViewport: width)
    }

    /// Each cover's box (top relative to the viewport, width, height) and the height the
    /// cards' section takes with its margins; no boxes and no height without cards.
    private func cardBoxes(
        _ ratios: [Double?]
    ) -> (boxes: [(top: Double, width: Double, height: Double)], height: Double) {
        guard !ratios.isEmpty else { return ([], 0) }
        let top = metrics.headerHeight + metrics.cards.marginTop
        let card = metrics.cards
        var boxes: [(top: Double, width: Double, height: Double)] = []
        var bottom = top
        if width <= card.narrowWidth {
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
