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

    /// The most common phone and laptop viewports.
    static let common = [FirstScreen(width: 375, height: 667), FirstScreen(width: 1366, height: 657)]

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
        let gridTop = Self.headerHeight + cards.height
        if let grid, let tile = grid.largestTile(inTop: height - gridTop, ofWidth: containerWidth),
            tile.area > best?.area ?? 0
        {
            best = (.tile(tile.index), tile.area)
        }
        return best?.image
    }

    /// The width of the page's content: the side padding is 2 % of the viewport, 8 to 24 px a side.
    var containerWidth: Double {
        width - 2 * min(max(0.02 * width, 8), 24)
    }

    /// About how far an album page's content starts below the top: breadcrumbs, a one-line
    /// title and the photo count.
    static let headerHeight = 120.0
    /// Below a card's cover: its name and photo count.
    static let cardTextHeight = 50.0
    /// Up to this width, cards sit two to a row in fixed frames (`narrowCover` tall,
    /// covers letterboxed); above, covers are `wideCover` tall at their own ratio and the
    /// cards wrap. The numbers are the stylesheet's `.albums` and `.album-card` rules.
    static let narrowWidth = 600.0
    static let narrowCover = 110.0
    static let narrowGaps = (row: 14.0, column: 10.0)
    static let wideCover = 170.0
    static let wideGap = 16.0
    /// The cards' section's margins above and below.
    static let cardMargins = (top: 8.0, bottom: 28.0)

    /// Each cover's box (top relative to the viewport, width, height) and the height the
    /// cards' section takes with its margins; no boxes and no height without cards.
    private func cardBoxes(
        _ ratios: [Double?]
    ) -> (boxes: [(top: Double, width: Double, height: Double)], height: Double) {
        guard !ratios.isEmpty else { return ([], 0) }
        let top = Self.headerHeight + Self.cardMargins.top
        var boxes: [(top: Double, width: Double, height: Double)] = []
        var bottom = top
        if width <= Self.narrowWidth {
            let frame = Self.narrowCover
            let column = (containerWidth - Self.narrowGaps.column) / 2
            for (index, ratio) in ratios.enumerated() {
                let rowTop = top + Double(index / 2) * (frame + Self.cardTextHeight + Self.narrowGaps.row)
                // A letterboxed cover: the area that shows inside its frame, as a frame-tall box.
                let ratio = ratio ?? 0
                let shown = ratio > 0 ? min(column, frame * ratio) * min(frame, column / ratio) / frame : 0
                boxes.append((rowTop, shown, frame))
                bottom = rowTop + frame + Self.cardTextHeight
            }
        } else {
            let cover = Self.wideCover
            var rowTop = top
            var left = 0.0
            for ratio in ratios {
                let coverWidth = min(cover * (ratio ?? 1), containerWidth)
                if left > 0 && left + coverWidth > containerWidth {
                    left = 0
                    rowTop += cover + Self.cardTextHeight + Self.wideGap
                }
                boxes.append((rowTop, ratio == nil ? 0 : coverWidth, cover))
                left += coverWidth + Self.wideGap
                bottom = rowTop + cover + Self.cardTextHeight
            }
        }
        return (boxes, bottom + Self.cardMargins.bottom - Self.headerHeight)
    }
}
