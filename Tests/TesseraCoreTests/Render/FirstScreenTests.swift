import XCTest

@testable import TesseraCore

/// The images a visitor sees without scrolling load first; the rest wait until scrolled to.
final class FirstScreenTests: XCTestCase {
    private func album(photos: Int, cards: Int) -> AlbumPage {
        var page = AlbumPage.example
        page.photos = (0..<photos).map { index in
            Tile(
                href: "\(index).html", src: "\(index).jpg", srcset: "", width: index % 3 == 0 ? 2000 : 3000,
                height: 2000, alt: "Photo \(index)")
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
        XCTAssertEqual(images.filter { $0.contains(#"fetchpriority="high""#) }.count, 1)
        XCTAssertTrue(images[0].contains(#"fetchpriority="high""#))
    }

    func testAPageOpeningWithCardsLoadsTheFirstCardsFirst() throws {
        let images = try rendered(album(photos: 60, cards: 8))
        XCTAssertTrue(images[0].contains(#"loading="eager" fetchpriority="high""#), images[0])
        XCTAssertTrue(images[5].contains(#"loading="eager""#))
        XCTAssertTrue(images[6].contains(#"loading="lazy""#), "the seventh card waits")
        XCTAssertEqual(images.filter { $0.contains("fetchpriority") }.count, 1)
    }
}
