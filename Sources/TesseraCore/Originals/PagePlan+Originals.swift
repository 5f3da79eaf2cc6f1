extension PagePlan {
    /// Marks the originals and ZIPs the build made: `originals` by `PhotoFile.key`,
    /// `archives` by album folder, each a site-relative path.
    mutating func offer(originals: [String: String], archives: [String: String] = [:]) {
        guard !originals.isEmpty || !archives.isEmpty else { return }
        root.offer(originals: originals, archives: archives)
    }
}

extension PlannedAlbum {
    fileprivate mutating func offer(originals: [String: String], archives: [String: String]) {
        archive = archives[folder]
        func mark(_ photo: inout PlannedPhoto) { photo.original = originals[photo.source.key] }
        for index in photos.indices { mark(&photos[index]) }
        for index in unlisted.indices { mark(&unlisted[index]) }
        if var chosen = cover {
            mark(&chosen)
            cover = chosen
        }
        for index in albums.indices { albums[index].offer(originals: originals, archives: archives) }
    }
}
