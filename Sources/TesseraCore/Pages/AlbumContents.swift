/// How many photos and videos an album holds with the listed albums below it, said in the
/// theme's words: a video is counted as a video (`videos`), not as a photo, and the two
/// counts are joined by the language's `photosAndVideos` word ("6 photos, 2 videos"); an
/// album of videos alone says only those ("2 videos").
struct AlbumContents: Sendable, Hashable {
    /// The photos (stills, Live and Motion Photos, GIFs, RAWs), videos left out.
    var photos: Count
    /// The videos, when there are any.
    var videos: Count?
    /// What the album holds, as its header and its card say it.
    var text: String

    init(_ album: PlannedAlbum, words: ThemeWords) {
        let items = album.listedItems
        let videoCount = items.count { $0.kind == .video }
        photos = words.count("photos", items.count - videoCount)
        videos = videoCount == 0 ? nil : words.count("videos", videoCount)
        switch videos {
        case nil: text = photos.text
        case let videos? where photos.value == 0: text = videos.text
        case let videos?: text = words.text("photosAndVideos", ["photos": photos.text, "videos": videos.text])
        }
    }
}
