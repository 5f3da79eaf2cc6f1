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

    /// The largest size of this shape whose height is at most `maxHeight`; never enlarged.
    public func fitting(height maxHeight: Int) -> PixelSize {
        guard height > maxHeight else { return self }
        let w = max(1, Int((Double(width) * Double(maxHeight) / Double(height)).rounded()))
        return PixelSize(width: w, height: maxHeight)
    }

    /// The largest size of this shape whose longer edge is at most `maxEdge`; never enlarged.
    public func fitting(longEdge maxEdge: Int) -> PixelSize {
        guard max(width, height) > maxEdge else { return self }
        if width >= height {
            let h = max(1, Int((Double(height) * Double(maxEdge) / Double(width)).rounded()))
            return PixelSize(width: maxEdge, height: h)
        }
        let w = max(1, Int((Double(width) * Double(maxEdge) / Double(height)).rounded()))
        return PixelSize(width: w, height: maxEdge)
    }

    public var description: String { "\(width)×\(height)" }
}
