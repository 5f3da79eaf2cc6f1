/// Where an album's tiles are cut into pages: at most `pageSize` tiles a page where the
/// layout allows, always at a cut of its layout (a row start at every breakpoint), so each
/// page's grid is the whole album's slice at every width.
struct AlbumPagination: Sendable, Hashable {
    /// Tiles a page holds at most (where the cuts allow) at the default settings: 500 tiles
    /// of the default theme with AVIF and JPEG sources come to at most about 50 KB gzipped, which
    /// leaves room under the 64 KB budget for longer names and alt texts (see README,
    /// "Big albums are cut into pages").
    static let defaultPageSize = 500

    /// Each page's tiles, in order, covering all `count` tiles; one range for an album of at
    /// most `pageSize` tiles (also an empty one).
    let pages: [Range<Int>]

    /// Cuts `count` tiles at `cuts` (ascending, each in 1..<count): each page ends at the last
    /// cut at most `pageSize` tiles after its start, or, where there is none, at the first
    /// cut after it (a page over the budget rather than a grid unlike the album's).
    init(count: Int, cuts: [Int], pageSize: Int) {
        guard count > pageSize, pageSize > 0 else {
            pages = [0..<count]
            return
        }
        var pages: [Range<Int>] = []
        var start = 0
        let ends = cuts.filter { $0 > 0 && $0 < count } + [count]
        while start < count {
            let after = ends.filter { $0 > start }
            let end = after.last { $0 - start <= pageSize } ?? after[0]
            pages.append(start..<end)
            start = end
        }
        self.pages = pages
    }

    /// The page (0 first) that holds tile `index`.
    func page(of index: Int) -> Int {
        pages.firstIndex { $0.contains(index) } ?? 0
    }

    /// The files of the album's pages in `folder`, in order (`path(of:folder:)`): its
    /// `index.html` alone for an album of one page.
    func paths(folder: String) -> [String] {
        pages.indices.map { Self.path(of: $0, folder: folder) }
    }

    /// The file of page `number` (0 first) of the album in `folder`: `index.html`, then
    /// `page-2.html`, `page-3.html` … beside it, which open the same from a disk (`file://`)
    /// as from any static host.
    static func path(of number: Int, folder: String) -> String {
        SitePath.join(folder, number == 0 ? "index.html" : "page-\(number + 1).html")
    }
}

extension AlbumPagination {
    /// Whether `slug` is the name of a further page of an album (`page-2`), which no photo
    /// page may take.
    static func isPageSlug(_ slug: String) -> Bool {
        let lower = slug.lowercased()
        guard lower.hasPrefix("page-") else { return false }
        let number = lower.dropFirst("page-".count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
