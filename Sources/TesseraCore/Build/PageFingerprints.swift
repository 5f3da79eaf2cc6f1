/// What each album's pages (its album page and its photo pages) are made from, so that a
/// rebuild renders only the albums whose pages could have changed.
///
/// An album's fingerprint covers the program (`BuildSettings.generator`), the templates,
/// the layout options, the site title, the album's own title, place and ancestors, each of
/// its photos (name, content, page and image files) and, through their fingerprints,
/// everything below it (its cards show sub-albums' covers and counts). A photo's header is
/// a function of its content, so its content hash stands for it.
struct PageFingerprints {
    /// The format of these fingerprints.
    static let version = "pages-1"

    private var byFolder: [String: String] = [:]

    init(
        plan: SitePlan, generator: String, templates: TemplateSet, layout: LayoutOptions,
        contentHashes: [String: String]
    ) {
        var common = StableHash()
        for part in [Self.version, generator, templates.fingerprint, "\(layout)", plan.root.title] {
            common.combine(part)
        }
        _ = fingerprint(of: plan.root, common: common, contentHashes: contentHashes)
    }

    /// The fingerprint of an album of the plan this was made from.
    subscript(album: PlannedAlbum) -> String {
        byFolder[album.folder] ?? ""
    }

    /// Every page of `plan` with its album's fingerprint.
    func pages(of plan: SitePlan) -> [(path: String, fingerprint: String)] {
        plan.allAlbums.flatMap { album in album.pages.map { ($0, self[album]) } }
    }

    private mutating func fingerprint(
        of album: PlannedAlbum, common: StableHash, contentHashes: [String: String]
    ) -> String {
        var hash = common
        hash.combine(album.title)
        hash.combine(album.folder)
        for ancestor in album.ancestors {
            hash.combine(ancestor.title)
            hash.combine(ancestor.folder)
        }
        for photo in album.photos {
            hash.combine(photo.source.key)
            hash.combine(photo.source.relativePath)
            hash.combine(contentHashes[photo.source.key] ?? "")
            hash.combine(photo.page)
            for rendition in [photo.display, photo.thumbnail2x, photo.thumbnail] {
                hash.combine(rendition.path)
                hash.combine("\(rendition.size)")
            }
        }
        for child in album.albums {
            hash.combine(fingerprint(of: child, common: common, contentHashes: contentHashes))
        }
        let digest = hash.hexDigest
        byFolder[album.folder] = digest
        return digest
    }
}
