import TesseraCore

extension GDImage {
    /// A new image turned as `orientation` says, so that it appears upright.
    func upright(from orientation: Orientation, format: ImageFormat) throws(PhotoProblem) -> GDImage {
        if orientation == .up { return self }
        let stored = size
        let result = try GDImage.truecolor(stored.oriented(by: orientation), for: format)
        guard let source = rows else { return self }
        let w = stored.width, h = stored.height
        result.forEachRow { y, row in
            for x in 0..<row.count {
                // Where upright pixel (x, y) sits in the stored image.
                let (sx, sy): (Int, Int)
                switch orientation {
                case .up: (sx, sy) = (x, y)
                case .upMirrored: (sx, sy) = (w - 1 - x, y)
                case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                case .downMirrored: (sx, sy) = (x, h - 1 - y)
                case .leftMirrored: (sx, sy) = (y, x)
                case .right: (sx, sy) = (y, h - 1 - x)
                case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                case .left: (sx, sy) = (w - 1 - y, x)
                }
                row[x] = source[sy]?[sx] ?? 0
            }
        }
        return result
    }

    /// A new image stored so that applying `orientation` shows this one upright.
    func stored(for orientation: Orientation, format: ImageFormat) throws(PhotoProblem) -> GDImage {
        try upright(from: orientation.inverse, format: format)
    }
}

extension Orientation {
    /// The orientation that undoes this one: quarter turns swap, mirrors undo themselves.
    var inverse: Orientation {
        switch self {
        case .right: return .left
        case .left: return .right
        default: return self
        }
    }
}
