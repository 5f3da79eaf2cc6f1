@testable import TesseraCore

extension PixelSize {
    /// The largest size of this shape whose longer edge is at most `maxEdge`; never enlarged.
    func fitting(longEdge maxEdge: Int) -> PixelSize {
        guard max(width, height) > maxEdge else { return self }
        if width >= height {
            let h = max(1, Int((Double(height) * Double(maxEdge) / Double(width)).rounded()))
            return PixelSize(width: maxEdge, height: h)
        }
        let w = max(1, Int((Double(width) * Double(maxEdge) / Double(height)).rounded()))
        return PixelSize(width: w, height: maxEdge)
    }
}
