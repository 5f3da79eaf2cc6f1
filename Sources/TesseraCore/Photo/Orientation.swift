/// The eight EXIF orientations: how the stored pixels must be turned to appear upright.
package enum Orientation: Int, Sendable, Codable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Upside down.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left/bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// Must be turned 90° clockwise to appear upright.
    case right = 6
    /// Mirrored along the top-right/bottom-left diagonal (transversed).
    case rightMirrored = 7
    /// Must be turned 90° counter-clockwise to appear upright.
    case left = 8

    /// Reads an EXIF orientation value; 0, missing or out-of-range values mean upright.
    package init(exifValue: Int?) {
        self = exifValue.flatMap(Orientation.init(rawValue:)) ?? .up
    }

    /// Whether showing the photo upright swaps its width and height.
    var swapsDimensions: Bool { rawValue >= 5 }
}
