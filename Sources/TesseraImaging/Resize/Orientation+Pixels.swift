import TesseraCore

extension Orientation {
    /// Where upright pixel (`x`, `y`) sits in a stored picture of `stored` size.
    func storedPosition(ofUpright x: Int, _ y: Int, stored: PixelSize) -> (x: Int, y: Int) {
        let w = stored.width
        let h = stored.height
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h - 1 - x)
        case .rightMirrored: return (w - 1 - y, h - 1 - x)
        case .left: return (w - 1 - y, x)
        }
    }

    /// The orientation that undoes this one: quarter turns swap, mirrors undo themselves.
    var inverse: Orientation {
        switch self {
        case .right: return .left
        case .left: return .right
        default: return self
        }
    }
}
