/// A still's motion as the pages show it: a short silent MP4 over the still.
struct PlannedMotion: Sendable, Hashable, Codable {
    /// The MP4, relative to the site root (`summer/_media/img-0001.motion.mp4`).
    var path: String
    /// Its picture's size, known before it is made.
    var size: PixelSize
    /// Whether it plays on its own, looping (an animated GIF's frames), rather than on
    /// press or hover (a Live or Motion Photo's few seconds).
    var loops: Bool
}
