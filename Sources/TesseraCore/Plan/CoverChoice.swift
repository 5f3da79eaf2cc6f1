/// Finds the photo an `index.md` names as cover: a file of the album (`Beach.jpg`), a path
/// into a sub-album (`Coast/Pier.jpg`), or a sub-album's folder (`Coast`: its cover).
enum CoverChoice {
    static func find(_ name: String, photos: [PlannedPhoto], albums: [PlannedAlbum]) -> PlannedPhoto? {
        let trimmed = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        if let photo = photos.first(where: { $0.source.fileName == trimmed }) { return photo }
        let parts = trimmed.split(separator: "/", maxSplits: 1).map(String.init)
        guard let child = albums.first(where: { $0.folderName == parts[0] }) else { return nil }
        if parts.count == 1 { return child.cover }
        return find(parts[1], photos: child.photos + child.unlisted, albums: child.albums)
    }
}
