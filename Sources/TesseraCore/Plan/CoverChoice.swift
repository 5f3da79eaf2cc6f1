/// Finds the photo an `index.md` names as cover: a file of the album (`Beach.jpg`), a path
/// into a sub-album (`Coast/Pier.jpg`), or a sub-album's folder (`Coast`: its cover).
enum CoverChoice {
    /// The listed photo `name` names among `photos` (the album's listed ones) and `albums`
    /// (its sub-albums): a hidden photo or album is never a cover, which every listing of
    /// its album shows (its card, `og:image`, the feed's enclosure).
    static func find(_ name: String, photos: [PlannedPhoto], albums: [PlannedAlbum]) -> PlannedPhoto? {
        find(name, photos: photos, albums: albums, hidden: false)
    }

    /// Whether `name` names a photo or album that is hidden (`unlisted` holds the album's
    /// hidden photos): the warning then says why it is no cover.
    static func namesHidden(
        _ name: String, photos: [PlannedPhoto], unlisted: [PlannedPhoto], albums: [PlannedAlbum]
    ) -> Bool {
        find(name, photos: photos, albums: albums) == nil
            && find(name, photos: photos + unlisted, albums: albums, hidden: true) != nil
    }

    private static func find(
        _ name: String, photos: [PlannedPhoto], albums: [PlannedAlbum], hidden: Bool
    ) -> PlannedPhoto? {
        let trimmed = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        if let photo = photos.first(where: { $0.source.fileName == trimmed }) { return photo }
        let parts = trimmed.split(separator: "/", maxSplits: 1).map(String.init)
        guard !parts.isEmpty,
            let child = albums.first(where: { $0.folderName == parts[0] && (hidden || !$0.hidden) })
        else { return nil }
        if parts.count == 1 { return child.cover }
        return find(
            parts[1], photos: child.photos + (hidden ? child.unlisted : []), albums: child.albums, hidden: hidden)
    }
}
