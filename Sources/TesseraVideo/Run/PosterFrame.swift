import TesseraCore

/// The frame `posterFrame` wrote.
package struct PosterFrame: Sendable, Hashable, Codable {
    /// Seconds into the clip of the frame taken.
    var time: Double
    /// The PNG's size.
    var size: PixelSize
    /// Whether every frame in the few seconds searched was near black, so the first one
    /// was taken anyway.
    var isDark: Bool

    package init(time: Double, size: PixelSize, isDark: Bool) {
        self.time = time
        self.size = size
        self.isDark = isDark
    }
}
