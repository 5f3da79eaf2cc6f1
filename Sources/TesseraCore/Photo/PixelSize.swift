/// A size in whole pixels.
package struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width divided by height.
    var aspectRatio: Double { Double(width) / Double(height) }

    /// Total pixel count; `Int.max` when the product does not fit in an `Int` (a hostile
    /// header's 4294967295 × 4294967295), so comparing it still says "more".
    package var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }

    /// The size as seen after applying `orientation`.
    package func oriented(by orientation: Orientation) -> PixelSize {
        orientation.swapsDimensions ? PixelSize(width: height, height: width) : self
    }

    package var description: String { "\(width)×\(height)" }
}
