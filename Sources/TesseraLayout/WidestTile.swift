/// How wide a tile of a `ResponsiveGrid` is drawn at most, per range of container widths:
/// what its `<img sizes>` says (see `ResponsiveGrid.widestTile(_:upTo:widestContainer:)`).
package struct WidestTile: Sendable, Hashable {
    /// The widest the tile is drawn (CSS px) while the container is at most each limit wide,
    /// and last, above the last limit; for a container with no widest width, that last one
    /// only up to the last breakpoint (past it, see `share`).
    package var widths: [Double]
    /// For a container with no widest width: past the last breakpoint the tile grows with
    /// the container without end, drawn at most this share of the container's width. Nil
    /// when the container has a widest width (every width is then in `widths`).
    package var share: Double?

    package init(widths: [Double], share: Double? = nil) {
        self.widths = widths
        self.share = share
    }
}
