import Foundation
import XCTest

@testable import TesseraTemplate

final class TemplateContextEncoderTests: XCTestCase {
    private enum Orientation: String, Encodable { case landscape, portrait }
    private enum Stars: Int, Encodable {
        case one = 1
        case five = 5
    }

    private struct Image: Encodable {
        var src: String
        var width: Int
        var ratio: Double
    }

    private struct Photo: Encodable {
        var title: String
        var caption: String?
        var orientation: Orientation
        var stars: Stars
        var image: Image
    }

    private struct Page: Encodable {
        var title: String
        var photoCount: Int
        var isIndex: Bool
        var cover: Image?
        var photos: [Photo]
        var tags: [String]
    }

    private let page = Page(
        title: "Alps & Co", photoCount: 2, isIndex: false, cover: nil,
        photos: [
            Photo(
                title: "Summit", caption: "At <dawn>", orientation: .landscape, stars: .five,
                image: Image(src: "summit.jpg", width: 320, ratio: 1.5)),
            Photo(
                title: "Hut", caption: nil, orientation: .portrait, stars: .one,
                image: Image(src: "hut.jpg", width: 240, ratio: 0.75)),
        ],
        tags: ["snow", "rock"])

    func testNestedStructsBecomeObjectsAndListsWithPlainValues() throws {
        let value = try TemplateContextEncoder().encode(page)
        XCTAssertEqual(
            value,
            [
                "title": "Alps & Co", "photoCount": 2, "isIndex": false, "tags": ["snow", "rock"],
                "photos": [
                    [
                        "title": "Summit", "caption": "At <dawn>", "orientation": "landscape", "stars": 5,
                        "image": ["src": "summit.jpg", "width": 320, "ratio": 1.5],
                    ],
                    [
                        "title": "Hut", "orientation": "portrait", "stars": 1,
                        "image": ["src": "hut.jpg", "width": 240, "ratio": 0.75],
                    ],
                ],
            ])
    }

    func testAnEncodedPageRendersLikeAHandWrittenOne() throws {
        let template = try Template(
            "<h1>{{title}}</h1>{{^cover}}(no cover){{/cover}} {{photoCount}} photos\n"
                + "{{#photos}}<img src=\"{{image.src}}\" width=\"{{image.width}}\" class=\"{{orientation}}\">"
                + "{{#caption}}<p>{{caption}}</p>{{/caption}}{{stars}}★\n{{/photos}}"
                + "{{#tags}}#{{.}} {{/tags}}",
            name: "album")
        XCTAssertEqual(
            try template.render(TemplateContextEncoder().encode(page)),
            "<h1>Alps &amp; Co</h1>(no cover) 2 photos\n"
                + "<img src=\"summit.jpg\" width=\"320\" class=\"landscape\"><p>At &lt;dawn&gt;</p>5★\n"
                + "<img src=\"hut.jpg\" width=\"240\" class=\"portrait\">1★\n"
                + "#snow #rock ")
    }

    func testAPresentOptionalShowsItsSection() throws {
        var withCover = page
        withCover.cover = Image(src: "cover.jpg", width: 640, ratio: 1)
        let template = try Template("{{#cover}}<img src=\"{{src}}\" width=\"{{width}}\">{{/cover}}", name: "album")
        XCTAssertEqual(
            try template.render(TemplateContextEncoder().encode(withCover)), "<img src=\"cover.jpg\" width=\"640\">")
        XCTAssertEqual(try template.render(TemplateContextEncoder().encode(page)), "")
    }

    func testExplicitNilIsAbsentButKeepsItsPlaceInAList() throws {
        struct Explicit: Encodable {
            var items: [Int?] = [1, nil, 3]
            func encode(to encoder: any Encoder) throws {
                enum Key: CodingKey { case missing, items }
                var container = encoder.container(keyedBy: Key.self)
                try container.encodeNil(forKey: .missing)
                try container.encode(items, forKey: .items)
            }
        }
        XCTAssertEqual(try TemplateContextEncoder().encode(Explicit()), ["items": [1, .null, 3]])
    }

    func testNumbersRenderAsWritten() throws {
        struct Numbers: Encodable {
            var count: Int = 12
            var big: UInt64 = 4_000_000_000
            var negative: Int8 = -3
            var aperture: Float = 1.4
            var exposure: Double = 0.004
        }
        let rendered = try Template("{{count}} {{big}} {{negative}} {{aperture}} {{exposure}}", name: "n")
            .render(TemplateContextEncoder().encode(Numbers()))
        XCTAssertEqual(rendered, "12 4000000000 -3 1.4 0.004")
    }

    func testDictionariesURLsDatesAndDecimalsBecomeTemplateFriendlyValues() throws {
        struct Links: Encodable {
            var labels: [String: String] = ["next": "Next", "previous": "Previous"]
            var home = URL(string: "https://example.org/photos/")!
            var built = Date(timeIntervalSince1970: 0)
            var price = Decimal(string: "12.50")!
        }
        XCTAssertEqual(
            try TemplateContextEncoder().encode(Links()),
            [
                "labels": ["next": "Next", "previous": "Previous"], "home": "https://example.org/photos/",
                "built": "1970-01-01T00:00:00Z", "price": 12.5,
            ])
    }

    func testATopLevelScalarOrListEncodesAsItself() throws {
        XCTAssertEqual(try TemplateContextEncoder().encode("plain"), "plain")
        XCTAssertEqual(try TemplateContextEncoder().encode([Stars.one, .five]), [1, 5])
    }
}
