import TesseraLayout
import TesseraYAML
import XCTest

@testable import TesseraCore

/// In an album of thousands, a photo's place is written as the album's count is, the
/// language's way: "Photo 1,234 of 3,000" in English, "1 234 sur 3 000" in French; in
/// Polish, whose numbers of four digits are not grouped, "1234 z 3000" but "12 345".
final class BigAlbumNumbersTests: XCTestCase {
    private func album(of count: Int) -> PlannedAlbum {
        let photo = PlannedPhoto(
            source: PhotoFile(relativePath: "Trip/IMG.jpg", format: .jpeg, byteCount: 1, modified: 0),
            info: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3, height: 2)), page: "trip/img.html",
            renditions: [
                Rendition(
                    role: .display, path: "trip/_media/img.jpg", size: PixelSize(width: 3, height: 2), format: .jpeg)
            ], text: PhotoText(sidecar: nil, metadata: PhotoMetadata()))
        return PlannedAlbum(
            title: "Trip", folder: "trip", ancestors: [], photos: Array(repeating: photo, count: count), albums: [],
            cover: nil)
    }

    private func site(_ language: String) throws -> SiteContext {
        let theme = try Theme.defaults(documents: YAMLDocumentParser(), language: language)
        return SiteContext(title: "Home", language: language, metrics: theme.metrics, words: theme.words)
    }

    func testAPhotosPlaceInABigAlbumIsGroupedAsTheLanguageGroupsNumbers() throws {
        let trip = album(of: 3000)
        let english = try site("en")
        XCTAssertEqual(english.words.placement(of: 1233, in: trip, kind: .photo), "Photo 1,234 of 3,000 in Trip")
        let page = PhotoPage(trip, index: 1233, site: english)
        XCTAssertEqual([page.position, page.count], ["1,234", "3,000"], "the link back to the album shows them")
        XCTAssertEqual(page.upLabel, "1,234 / 3,000: back to Trip")
        XCTAssertEqual(english.words.placement(of: 8, in: album(of: 12), kind: .video), "Video 9 of 12 in Trip")

        let french = try site("fr")
        XCTAssertEqual(
            french.words.placement(of: 1233, in: trip, kind: .photo), "Photo 1\u{202F}234 sur 3\u{202F}000 dans Trip")

        let polish = try site("pl")
        XCTAssertEqual(polish.words.placement(of: 1233, in: trip, kind: .photo), "Zdjęcie 1234 z 3000 w albumie Trip")
        XCTAssertEqual(
            polish.words.placement(of: 12_344, in: album(of: 12_500), kind: .photo),
            "Zdjęcie 12\u{00A0}345 z 12\u{00A0}500 w albumie Trip")
    }

    func testThePageOfAnAlbumCutIntoThousandsOfPagesIsGroupedToo() throws {
        let english = try site("en")
        let navigation = PageNavigation(
            page: 1233, of: 3000, folder: "trip", words: english.words, photos: 0..<1, photoCount: 3000)
        XCTAssertEqual(navigation.position, "Page 1,234 of 3,000")
    }

    /// The viewer writes its count with the same separator the pages use, which each page
    /// hands it with its other words.
    func testThePagesHandTheViewerTheLanguagesDigitGrouping() throws {
        let theme = try Theme.defaults(documents: YAMLDocumentParser(), language: "fr")
        let french = try site("fr")
        XCTAssertEqual(PageWords(french.words).minimumGroupingDigits, "1")
        let html = try PageRenderer(theme: theme, layout: LayoutOptions())
            .render(PhotoPage(album(of: 3000), index: 1233, site: french))
        XCTAssertTrue(html.contains("data-group=\"\u{202F}\" data-group-minimum=\"1\""), html)
        XCTAssertTrue(html.contains(">1\u{202F}234&nbsp;/&nbsp;3\u{202F}000</a>"), html)
    }
}
