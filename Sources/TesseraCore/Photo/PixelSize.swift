/// A size in whole pixels.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width divided by height.
    public var aspectRatio: Double { Double(width) / Double(height) }

    /// Total pixel count.
    public var pixelCount: Int { width * height }

    /// The size as seen after applying `orientation`.
    public func oriented(by orientation: Orientation) -> PixelSize {
        orientation.swapsDimensions ? PixelSize(width: height, height: width) : self
    }

    public var description: String { "\(width)×\(height)" }
}
