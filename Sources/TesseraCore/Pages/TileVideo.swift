/// What a video's tile shows over its poster: the play mark and how long it plays.
struct TileVideo: Encodable, Sendable, Hashable {
    /// `1:05`; empty when the container does not say.
    var duration: String
    /// The mark's label in the theme's words ("Video, 1:05").
    var label: String
    /// The web rendition's URL, relative to the album page, for the viewer, which plays
    /// the clip over the album (`data-video`).
    var src: String
}

extension TileVideo {
    /// The mark of a planned video, labelled with the theme's `videoLabel`.
    init(_ video: PlannedVideo, words: ThemeWords, from here: String) {
        src = URLPath.relative(from: here, to: video.path)
        duration = video.clock ?? ""
        label = words.text(video.clock == nil ? "video" : "videoLabel", ["duration": duration])
    }
}
