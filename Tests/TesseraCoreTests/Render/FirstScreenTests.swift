import TesseraLayout
import XCTest

@testable import TesseraCore

/// The images a visitor sees without scrolling load first; the rest wait until scrolled to.
final class FirstScreenTests: XCTestCase {
    private func album(photos: Int, cards: Int) -> AlbumPage {
        var page = AlbumPage.example
        page.photos = (0..<photos).map { index in
            Tile(
                href: "\(index).html", src: "\(index).jpg", srcset: "", width: index % 3 == 0 ? 2000 : 3000,
                height: 2000, alt: "Photo \(index)", kind: "photo")
        }
        page.albums = Array(repeating: page.albums[0], count: cards).map { card in
            var card = card
            card.loading = "lazy"
            card.fetchPriority = nil
            return card
        }
        return page
    }

    private func rendered(_ page: AlbumPage) throws -> [String] {
        let html = try PageRenderer(templates: TemplateSet.defaults(), layout: LayoutOptions()).render(page)
        return html.components(separatedBy: "<img ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    func testTheFirstRowsLoadEagerlyTheFirstImageFirstAndTheRestLazily() throws {
        let images = try rendered(album(photos: 60, cards: 0))
        let eager = images.filter { $0.contains(#"loading="eager""#) }
        XCTAssertGreaterThanOrEqual(eager.count, 4, "a laptop's first rows")
        XCTAssertLessThan(eager.count, 30, "not the whole album")
        XCTAssertTrue(
            images.prefix(eager.count).allSatisfy { $0.contains(#"loading="eager""#) }, "eager ones come first")
        XCTAssertTrue(images.last!.contains(#"loading="lazy""#))
        let first = images.indices.filter { images[$0].contains(#"fetchpriority="high""#) }
        XCTAssertTrue((1...2).contains(first.count), "a phone's and a laptop's largest tile: \(first)")
        XCTAssertTrue(first.allSatisfy { images[$0].contains(#"loading="eager""#) })
    }

    func testThePanoramaOnTheFirstScreenIsFetchedFirstNotTheSmallFirstTile() throws {
        var page = album(photos: 40, cards: 0)
        page.photos[0].width = 1000  // a narrow portrait opens the album
        page.photos[0].height = 3000
        page.photos[3].width = 8000  // a panorama fills a row of its own a little lower
        page.photos[3].height = 2000
        let images = try rendered(page)
        XCTAssertTrue(images[3].contains(#"fetchpriority="high""#), images[3])
        XCTAssertFalse(images[0].contains("fetchpriority"), images[0])
    }

    func testAPageOpeningWithCardsLoadsTheFirstCardsFirst() throws {
        let images = try rendered(album(photos: 60, cards: 8))
        XCTAssertTrue(images[0].contains(#"loading="eager" fetchpriority="high""#), images[0])
        XCTAssertTrue(images[5].contains(#"loading="eager""#))
        XCTAssertTrue(images[6].contains(#"loading="lazy""#), "the seventh card waits")
        XCTAssertEqual(images.filter { $0.contains("fetchpriority") }.count, 1)
    }
}
