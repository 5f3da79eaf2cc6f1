import TesseraCore

extension GDImage {
    /// A new image turned as `orientation` says, so that it appears upright.
    func upright(from orientation: Orientation, format: MediaFormat) throws(PhotoProblem) -> GDImage {
        if orientation == .up { return self }
        let stored = size
        let result = try GDImage.truecolor(stored.oriented(by: orientation), for: format)
        guard let source = rows else { return self }
        result.forEachRow { y, row in
            for x in 0..<row.count {
                let (sx, sy) = orientation.storedPosition(ofUpright: x, y, stored: stored)
                row[x] = source[sy]?[sx] ?? 0
            }
        }
        return result
    }

    /// A new image stored so that applying `orientation` shows this one upright.
    func stored(for orientation: Orientation, format: MediaFormat) throws(PhotoProblem) -> GDImage {
        try upright(from: orientation.inverse, format: format)
    }
}
