import TesseraLayout

/// The page geometry of a theme, as far as the Swift side needs it: the numbers its
/// stylesheet draws pages with, from which `sizes`, `loading` and `fetchpriority` are
/// estimated. Every number comes from the theme's `metrics.yaml` (`ThemeMetrics+File.swift`;
/// the built-in theme's is `Templates/default/metrics.yaml`), none is written in Swift, and
/// what is derived from them (the grid's container at each `sizes` step, a narrow cover's
/// column) is computed, not written again.
struct ThemeMetrics: Codable, Sendable, Hashable {
    /// The side padding of the page's content: a share of the viewport's width, clamped
    /// (`padding: 0 clamp(8px, 2vw, 24px)`).
    struct PagePadding: Codable, Sendable, Hashable {
        var share: Double
        var minimum: Double
        var maximum: Double

        /// The padding on each side at viewport `width` (CSS px).
        func side(atViewport width: Double) -> Double {
            min(max(share * width, minimum), maximum)
        }
    }

    /// The album cards' frames (`.albums`, `.album-card` and their phone rules).
    struct Cards: Codable, Sendable, Hashable {
        /// Up to this viewport width cards sit two to a row in fixed frames, covers letterboxed.
        var narrowWidth: Double
        /// A narrow frame's height.
        var narrowCover: Double
        /// Between narrow rows and between the two columns.
        var narrowRowGap: Double
        var narrowColumnGap: Double
        /// Above `narrowWidth`: covers this tall at their own ratio, cards wrapping.
        var wideCover: Double
        var wideGap: Double
        /// The cards' section's margins above and below.
        var marginTop: Double
        var marginBottom: Double
        /// Below a card's cover: its name and photo count.
        var textHeight: Double
    }

    /// A screen an album page is commonly first seen on (CSS px).
    struct Screen: Codable, Sendable, Hashable {
        var width: Double
        var height: Double
    }

    /// Which images load eagerly without a full first-screen estimate.
    struct Eager: Codable, Sendable, Hashable {
        /// How much of a page, below its header, a visitor sees without scrolling.
        var window: Double
        /// About one row of album cards, which push the grid down.
        var cardRowHeight: Double
        /// Cards that load eagerly: two rows on a phone, one on a laptop.
        var cards: Int
    }

    var pagePadding: PagePadding
    /// The widest the page's content (`main`, the header and the footer, their padding
    /// included) is drawn, centred on wider screens (`max-width: 2600px`); nil for none: it
    /// runs as wide as the screen, and so do the grid's tiles.
    var contentMaxWidth: Double?
    var cards: Cards
    /// What the photo page shows above and below the photo (header, caption, pager), in rem:
    /// the photo is at most the viewport's height less this tall.
    var viewerChrome: Double
    /// About how far an album page's content starts below the top: breadcrumbs, a one-line
    /// title and the photo count.
    var headerHeight: Double
    /// The most common phone and laptop viewports.
    var commonScreens: [Screen]
    /// Viewport widths where a tile's `sizes` steps: phones held upright, other small
    /// screens and tablets, laptops.
    var sizesSteps: [Double]
    var eager: Eager
}

extension ThemeMetrics {
    /// The width of the page's content at viewport `width`: at most `contentMaxWidth`,
    /// less the padding on both sides.
    func containerWidth(atViewport width: Double) -> Double {
        min(width, contentMaxWidth ?? .infinity) - 2 * pagePadding.side(atViewport: width)
    }

    /// The widest the grid's container gets on any screen: the content's at its maximum
    /// width (the padding on a wider screen is never narrower), or `.infinity` without one.
    var widestContainer: Double {
        contentMaxWidth.map { containerWidth(atViewport: $0) } ?? .infinity
    }

    /// Each `sizes` step with the grid's container at that viewport, in whole CSS px.
    var sizesLimits: [(viewport: Double, container: Double)] {
        sizesSteps.map { ($0, containerWidth(atViewport: $0).rounded(.down)) }
    }

    /// The `sizes` steps a tile's page weight counts (`AlbumPageWeight`): one per
    /// `sizesSteps`, and one more without a `contentMaxWidth`, where the last entry grows
    /// with the screen (`max(205px, 6.61vw)`; measured, 500 portfolio tiles: 3.2 bytes a
    /// tile gzipped, as much as a step).
    var weighedSizesSteps: Int {
        sizesSteps.count + (contentMaxWidth == nil ? 1 : 0)
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
