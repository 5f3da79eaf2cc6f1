/// The knobs of the justified layout, shared by every album of a site.
package struct LayoutOptions: Sendable, Hashable, Codable {
    /// Row height aimed at on desktop-sized containers, in px. Narrow containers aim lower:
    /// see `targetRowHeight(forContainerWidth:)`.
    package var targetRowHeight: Double
    /// Space between tiles and between rows, in px.
    package var gap: Double
    /// Tiles narrower than this (very tall photos) are avoided when another break allows it, in px.
    package var minTileWidth: Double
    /// Container widths at which the layout is recomputed, ascending, in px. The layout for
    /// `breakpoints[i]` applies from that width up to the next breakpoint; below the first,
    /// the first applies; above the last, the last.
    var breakpoints: [Double]

    /// Creates options; the defaults were chosen from the metrics at 375 px (phone) and
    /// 1280 px (desktop): 240 px rows with 6 px gaps look like the photo sites people know,
    /// and a 48 px minimum keeps a 1:5 strip recognisable without forcing phone rows taller.
    package init(
        targetRowHeight: Double = 240,
        gap: Double = 6,
        minTileWidth: Double = 48,
        breakpoints: [Double] = LayoutOptions.defaultBreakpoints
    ) {
        self.targetRowHeight = targetRowHeight
        self.gap = gap
        self.minTileWidth = minTileWidth
        self.breakpoints = breakpoints
    }

    /// The row height aimed at in a container `containerWidth` px wide:
    /// `min(targetRowHeight, containerWidth / 3)`, so a phone (375 px) shows about two
    /// landscape photos per row instead of one giant, and from 720 px up the height is the
    /// desktop one.
    func targetRowHeight(forContainerWidth containerWidth: Double) -> Double {
        min(targetRowHeight, containerWidth / LayoutOptions.narrowWidthPerRowHeight)
    }

    /// 320 px to 2560 px in steps of about 15 % (16 widths).
    package static let defaultBreakpoints: [Double] = {
        var widths: [Double] = []
        var width = 320.0
        while width < 2560 {
            widths.append(width.rounded())
            width *= 1.15
        }
        widths.append(2560)
        return widths
    }()

    /// Below `targetRowHeight × 3` px of container width, rows aim at a third of the width.
    static let narrowWidthPerRowHeight = 3.0
}
