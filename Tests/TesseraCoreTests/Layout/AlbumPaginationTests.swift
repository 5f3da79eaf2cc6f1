import TesseraLayout
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Where an album is cut into pages, and what forcing a page's end into every breakpoint's
/// rows costs the grid.
final class AlbumPaginationTests: XCTestCase {
    func testAnAlbumWithinThePageSizeIsOnePage() {
        XCTAssertEqual(AlbumPagination(count: 500, cuts: [100, 200], pageSize: 500).pages, [0..<500])
        XCTAssertEqual(AlbumPagination(count: 0, cuts: [], pageSize: 500).pages, [0..<0])
    }

    func testPagesEndAtTheLastCutWithinTheirSizeOrTheFirstAfterIt() {
        let pagination = AlbumPagination(count: 1000, cuts: [300, 450, 520, 900, 990], pageSize: 500)
        XCTAssertEqual(pagination.pages, [0..<450, 450..<900, 900..<1000])
        XCTAssertEqual(pagination.page(of: 449), 0)
        XCTAssertEqual(pagination.page(of: 450), 1)
        // No cut within the size: the page runs to the next one rather than break a row.
        XCTAssertEqual(AlbumPagination(count: 1000, cuts: [700], pageSize: 500).pages, [0..<700, 700..<1000])
    }

    func testPageFilesOpenFromADiskAndNoPhotoTakesTheirNames() {
        XCTAssertEqual(AlbumPagination.path(of: 0, folder: "trips"), "trips/index.html")
        XCTAssertEqual(AlbumPagination.path(of: 1, folder: "trips"), "trips/page-2.html")
        XCTAssertEqual(AlbumPagination.path(of: 2, folder: ""), "page-3.html")
        XCTAssertTrue(AlbumPagination.isPageSlug("Page-12"))
        XCTAssertFalse(AlbumPagination.isPageSlug("page-"))
        XCTAssertFalse(AlbumPagination.isPageSlug("page-2b"))
        let planner = NamingPlanner(targets: [], format: .jpeg)
        let catalog = Catalog(
            root: Album(
                name: "", path: [],
                photos: ["page-2.jpg", "page-2-photo.jpg"].map {
                    PhotoFile(relativePath: $0, format: .jpeg, byteCount: 1, modified: 0)
                }))
        let pages = planner.plan(catalog, infos: [:]).photos.values.map(\.page).sorted()
        XCTAssertEqual(pages, ["page-2-photo-2.html", "page-2-photo.html"])
    }

    /// `page.jpg` and `page.png` would be `page` and `page-2`: the second the album's second
    /// page, two products at one path (a crash when the album is cut into pages).
    func testTwoPhotosNamedPageNeverTakeAPagesName() {
        let catalog = Catalog(
            root: Album(
                name: "", path: [],
                photos: ["page.jpg", "page.png", "Page.webp"].map {
                    PhotoFile(relativePath: $0, format: .jpeg, byteCount: 1, modified: 0)
                }))
        let pages = NamingPlanner(targets: [], format: .jpeg).plan(catalog, infos: [:]).photos.values.map(\.page)
        XCTAssertEqual(pages.sorted(), ["page-photo-2.html", "page-photo.html", "page.html"])
        XCTAssertFalse(pages.contains { AlbumPagination.isPageSlug(String($0.dropLast(".html".count))) })
    }

    /// Every page start a row start at every breakpoint, at most a page size apart; an
    /// album within the size is laid out as it always was.
    func testPageStartsStartARowAtEveryBreakpoint() {
        var generator = SeededGenerator(seed: 7)
        let ratios = (0..<2000).map { _ in [1.5, 0.667, 1.333, 1, 1.778, 0.75, 4][Int(generator.next() % 7)] }
        let free = ResponsiveGrid(ratios: ratios, options: LayoutOptions())
        XCTAssertEqual(free.rowStartsAtEveryBreakpoint(), [], "no natural cut in 2,000 photos at 16 widths")
        let paged = ResponsiveGrid(ratios: ratios, options: LayoutOptions(), pageSize: 500)
        let cuts = paged.rowStartsAtEveryBreakpoint()
        let pages = AlbumPagination(count: ratios.count, cuts: cuts, pageSize: 500).pages
        XCTAssertTrue((4...5).contains(pages.count), "\(pages)")
        XCTAssertTrue(pages.allSatisfy { $0.count <= 500 && $0.count >= 400 || $0 == pages.last }, "\(pages)")
        let small = Array(ratios.prefix(500))
        XCTAssertEqual(
            small.indices.map(ResponsiveGrid(ratios: small, options: LayoutOptions(), pageSize: 500).tileStyle),
            small.indices.map(ResponsiveGrid(ratios: small, options: LayoutOptions()).tileStyle))
    }
}
