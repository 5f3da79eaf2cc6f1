/// The links between the pages an album is cut into: numbered links to every page and
/// the one before and after (`<link rel="prev">`/`rel="next"` and a visible `<nav>`).
/// Absent from the page of an album that fits on one.
struct PageNavigation: Encodable, Sendable, Hashable {
    /// One numbered link.
    struct PageNumber: Encodable, Sendable, Hashable {
        /// The page's number, 1 first.
        var number: Int
        /// The page's URL, relative to the album's pages.
        var href: String
        /// Whether it is the page shown (`aria-current="page"`, no link).
        var current: Bool
    }

    /// What screen readers call the navigation between the pages (`Pages`).
    var label: String
    /// The page's place among them in words (`Page 2 of 6`).
    var position: String
    /// The page before, if any.
    var previousPage: PageLink?
    /// The page after, if any.
    var nextPage: PageLink?
    /// The link to the page before (`← Previous page`).
    var previousText: String
    /// The link to the page after (`Next page →`).
    var nextText: String
    /// Every page, numbered.
    var numbers: [PageNumber]
    /// The place in the whole album of this page's first photo (1 first): the viewer counts
    /// from it (`11 / 30` on the second page of ten), as the photo pages do.
    var firstPhoto: Int
    /// How many photos the whole album lists, over all its pages.
    var photoCount: Int
}

extension PageNavigation {
    /// The navigation of page `number` (0 first) of `count` pages of the album in `folder`,
    /// in the theme's `words`, the page holding the album's photos `photos` (0 first) of
    /// `photoCount`.
    init(page number: Int, of count: Int, folder: String, words: ThemeWords, photos: Range<Int>, photoCount: Int) {
        let href = { (page: Int) in URLPath.relative(from: folder, to: AlbumPagination.path(of: page, folder: folder)) }
        label = words.text("pagesLabel")
        position = words.text("pageOf", ["position": words.number(number + 1), "count": words.number(count)])
        previousPage = number > 0 ? PageLink(href: href(number - 1)) : nil
        nextPage = number + 1 < count ? PageLink(href: href(number + 1)) : nil
        previousText = words.text("previousPage")
        nextText = words.text("nextPage")
        numbers = (0..<count).map { PageNumber(number: $0 + 1, href: href($0), current: $0 == number) }
        firstPhoto = photos.lowerBound + 1
        self.photoCount = photoCount
    }
}
