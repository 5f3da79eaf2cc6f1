import TesseraLayout

/// The page geometry of a theme, as far as the Swift side needs it: the numbers its
/// stylesheet draws pages with, from which `sizes`, `loading` and `fetchpriority` are
/// estimated. Each number is written here once; the defaults are the built-in theme's
/// (`Templates/style.css`), and what is derived from them (the grid's container at each
/// `sizes` step, a narrow cover's column) is computed, not written again.
struct ThemeMetrics: Codable, Sendable, Hashable {
    /// The side padding of the page's content: a share of the viewport's width, clamped
    /// (`padding: 0 clamp(8px, 2vw, 24px)`).
    struct PagePadding: Codable, Sendable, Hashable {
        var share = 0.02
        var minimum = 8.0
        var maximum = 24.0

        /// The padding on each side at viewport `width` (CSS px).
        func side(atViewport width: Double) -> Double {
            min(max(share * width, minimum), maximum)
        }
    }

    /// The album cards' frames (`.albums`, `.album-card` and their phone rules).
    struct Cards: Codable, Sendable, Hashable {
        /// Up to this viewport width cards sit two to a row in fixed frames, covers letterboxed.
        var narrowWidth = 600.0
        /// A narrow frame's height.
        var narrowCover = 110.0
        /// Between narrow rows and between the two columns.
        var narrowRowGap = 14.0
        var narrowColumnGap = 10.0
        /// Above `narrowWidth`: covers this tall at their own ratio, cards wrapping.
        var wideCover = 170.0
        var wideGap = 16.0
        /// The cards' section's margins above and below.
        var marginTop = 8.0
        var marginBottom = 28.0
        /// Below a card's cover: its name and photo count.
        var textHeight = 50.0
    }

    /// A screen an album page is commonly first seen on (CSS px).
    struct Screen: Codable, Sendable, Hashable {
        var width: Double
        var height: Double
    }

    /// Which images load eagerly without a full first-screen estimate.
    struct Eager: Codable, Sendable, Hashable {
        /// How much of a page, below its header, a visitor sees without scrolling.
        var window = 700.0
        /// About one row of album cards, which push the grid down.
        var cardRowHeight = 230.0
        /// Cards that load eagerly: two rows on a phone, one on a laptop.
        var cards = 6
    }

    var pagePadding = PagePadding()
    var cards = Cards()
    /// What the photo page shows above and below the photo (header, caption, pager), in rem:
    /// the photo is at most the viewport's height less this tall.
    var viewerChrome = 11.0
    /// About how far an album page's content starts below the top: breadcrumbs, a one-line
    /// title and the photo count.
    var headerHeight = 120.0
    /// The most common phone and laptop viewports.
    var commonScreens = [Screen(width: 375, height: 667), Screen(width: 1366, height: 657)]
    /// Viewport widths where a tile's `sizes` steps: phones held upright, other small
    /// screens and tablets, laptops.
    var sizesSteps = [430.0, 600, 1200]
    var eager = Eager()
}

extension ThemeMetrics {
    /// The width of the page's content at viewport `width`: less the padding on both sides.
    func containerWidth(atViewport width: Double) -> Double {
        width - 2 * pagePadding.side(atViewport: width)
    }

    /// Each `sizes` step with the grid's container at that viewport, in whole CSS px.
    var sizesLimits: [(viewport: Double, container: Double)] {
        sizesSteps.map { ($0, containerWidth(atViewport: $0).rounded(.down)) }
    }

    /// A narrow cover's column, for `sizes`: half the viewport less the smallest padding
    /// and half the gap between the columns (`calc(50vw - 13px)`).
    var narrowCoverColumn: String {
        "calc(50vw - " + CSSNumber.format(pagePadding.minimum + cards.narrowColumnGap / 2, decimals: 2) + "px)"
    }

    /// `viewerChrome` as CSS (`11rem`).
    var viewerChromeCSS: String {
        CSSNumber.format(viewerChrome, decimals: 3) + "rem"
    }
}
