/// Where one row starts and ends, before positions are computed.
struct RowPlan: Sendable, Hashable {
    /// The photos of the row.
    var range: Range<Int>
    /// True when the row fills the container width.
    var justified: Bool
    /// For a left-aligned row, its height at the narrowest probe; it scales with the width.
    var leftAlignedHeight: Double
}
