/// A still's motion as its page plays it: a short silent MP4 over the still, played on
/// press or hover by the site script (a Live or Motion Photo), or on its own in a loop
/// (an animated GIF: `<video autoplay muted loop playsinline poster>`).
struct MotionSource: Encodable, Sendable, Hashable {
    /// The MP4's URL, relative to the page.
    var src: String
    /// Its media type, for `<source type>`: `video/mp4`.
    var type: String
    /// The still's display image (the poster), relative to the page.
    var poster: String
    /// The MP4's width in pixels.
    var width: Int
    /// Its height.
    var height: Int
    /// Whether it plays on its own, looping (an animated GIF).
    var loops: Bool
}
