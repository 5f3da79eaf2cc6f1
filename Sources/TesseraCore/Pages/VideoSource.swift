/// A video as its page plays it: `<video poster width height>` with one `<source>`.
struct VideoSource: Encodable, Sendable, Hashable {
    /// The MP4's URL, relative to the page.
    var src: String
    /// Its media type, for `<source type>`: `video/mp4`.
    var type: String
    /// The poster's URL (the display image), relative to the page.
    var poster: String
    /// The video's width in pixels, for the `width` attribute.
    var width: Int
    /// Its height.
    var height: Int
    /// How long it plays (`1:05`).
    var duration: String?
}
