extension ThemeWords {
    /// The placeholders of a photo's place: `{position}` (from 1), `{count}` (the album's
    /// listed photos and videos), both with their digits grouped the language's way
    /// (`1,234`), and `{album}` (its title); a hidden photo (`index` nil) has only `{album}`.
    func place(of index: Int?, in album: PlannedAlbum) -> [String: String] {
        var values = ["album": album.title]
        if let index {
            values["position"] = number(index + 1)
            values["count"] = number(album.photos.count)
        }
        return values
    }

    /// The word `name` (`placement`, `untitled`, …) for an item of `kind`: a video's is
    /// `nameVideo` (`Video 3 of 8`, not `Photo 3 of 8`).
    func placeWord(_ name: String, for kind: MediaKind) -> String {
        kind == .video ? name + "Video" : name
    }

    /// A photo's place in its album in words, its `alt` where its title and caption are not
    /// (`Photo 3 of 12 in Travels`, a video's `Video 3 of 12 in Travels`; a hidden photo:
    /// `Photo in Travels`).
    func placement(of index: Int?, in album: PlannedAlbum, kind: MediaKind) -> String {
        text(placeWord(index == nil ? "placementUnlisted" : "placement", for: kind), place(of: index, in: album))
    }
}
