/// A size in whole pixels.
package struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width divided by height.
    package var aspectRatio: Double { Double(width) / Double(height) }

    /// Total pixel count.
    package var pixelCount: Int { width * height }

    /// The size as seen after applying `orientation`.
    package func oriented(by orientation: Orientation) -> PixelSize {
        orientation.swapsDimensions ? PixelSize(width: height, height: width) : self
    }

    package var description: String { "\(width)×\(height)" }
}
