/// Everything an album's pages are made of, one digest per album: a rebuild whose digest
/// for an album is the one the manifest remembers (`Manifest.AlbumPages`) keeps that
/// album's pages without making their models (issue 22: a no-change rebuild of 20,000
/// photos spent a fifth of its time making and fingerprinting page models to find them
/// all unchanged).
///
/// Why the digest covers every input: `SitePages` makes an album's pages from the album's
/// `PlannedAlbum` (its photos, titles, captions, ancestors' titles, and its sub-albums,
/// whole, for their cards and counts), the `SiteContext` (site title, language, base URL,
/// author, the theme's metrics and words), whether a listing reaches the album, and the
/// album's pagination and placements from `layouts`; a page's fingerprint adds the
/// generator and the theme's templates. Each is in the digest: the album and its
/// sub-albums as a Merkle tree of their encoded values, the site context by reflection
/// (every stored field), the rest as they are. A page's model is a function of these
/// alone (the models read no clock, file or setting of their own), so equal digests mean
/// equal models and so equal fingerprints.
struct AlbumPageInputs: Sendable {
    /// By album folder.
    private var digests: [String: String] = [:]

    init(_ plan: PagePlan, site: SiteContext, layouts: AlbumLayouts, generator: String, themeFingerprint: String) {
        let context = [Self.version, generator, themeFingerprint, ReflectedDigest.of(site)]
        let listed = Set(plan.listedAlbums.map(\.folder))
        var subtrees: [String: String] = [:]
        Self.subtree(plan.root, into: &subtrees)
        for album in plan.allAlbums {
            let pagination = layouts.pagination(album)
            let input = Input(
                album: subtrees[album.folder] ?? "", listed: listed.contains(album.folder),
                pages: pagination.pages.map { [$0.lowerBound, $0.upperBound] },
                placements: Self.placements(album, pagination: pagination, layouts: layouts))
            digests[album.folder] = Fingerprint.of(input, context: context)
        }
    }

    /// Bumped when what the digest covers changes.
    static let version = "album-pages-1"

    /// The digest of everything `album`'s pages are made of.
    subscript(_ album: PlannedAlbum) -> String { digests[album.folder] ?? "" }

    /// The digests of the places of each of the album's pages' tiles and cards, as
    /// `SitePages` fingerprints them.
    static func placements(_ album: PlannedAlbum, pagination: AlbumPagination, layouts: AlbumLayouts) -> [String] {
        guard pagination.pages.count > 1 else { return [layouts.placements(album)] }
        let whole = layouts[album]
        return pagination.pages.enumerated().map { number, range in
            Fingerprint.of(whole.slice(range, withCards: number == 0), context: [])
        }
    }

    /// The paths of the album's pages as `SitePages` makes them: its pages of tiles, then
    /// its photos' pages, listed and unlisted.
    static func paths(of album: PlannedAlbum, pagination: AlbumPagination) -> [String] {
        pagination.paths(folder: album.folder) + album.photos.map(\.page) + album.unlisted.map(\.page)
    }

    /// The digest of pages' paths and fingerprints, in order.
    static func pagesDigest(_ pages: [(path: String, fingerprint: String)]) -> String {
        var hash = StableHash()
        for page in pages {
            hash.combine(page.path)
            hash.combine(page.fingerprint)
        }
        return hash.hexDigest
    }

    private struct Input: Encodable {
        var album: String
        var listed: Bool
        var pages: [[Int]]
        var placements: [String]
    }

    /// The album's own fields and its sub-albums' digests, each of those made the same way.
    private struct Subtree: Encodable {
        var album: PlannedAlbum
        var albums: [String]
    }

    @discardableResult
    private static func subtree(_ album: PlannedAlbum, into digests: inout [String: String]) -> String {
        let children = album.albums.map { subtree($0, into: &digests) }
        var own = album
        own.albums = []
        let digest = Fingerprint.of(Subtree(album: own, albums: children), context: [])
        digests[album.folder] = digest
        return digest
    }
}
