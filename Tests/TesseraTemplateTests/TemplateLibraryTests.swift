import XCTest

@testable import TesseraTemplate

final class TemplateLibraryTests: XCTestCase {
    func testPartialsComeFromTheLibraryAndKeepIndentation() throws {
        let library = try TemplateLibrary(sources: [
            "album": "<h1>{{title}}</h1>\n<ul>\n{{#photos}}\n  {{> photo}}\n{{/photos}}\n</ul>\n",
            "photo": "<li>\n  <img src=\"{{src}}\" alt=\"{{alt}}\">\n</li>\n",
        ])
        let context: TemplateValue = [
            "title": "Alps", "photos": [["src": "a.jpg", "alt": "Peak \"A\""], ["src": "b.jpg", "alt": ""]],
        ]
        XCTAssertEqual(
            try library.render("album", context),
            """
            <h1>Alps</h1>
            <ul>
              <li>
                <img src="a.jpg" alt="Peak &quot;A&quot;">
              </li>
              <li>
                <img src="b.jpg" alt="">
              </li>
            </ul>

            """)
    }

    func testRenderingAnUnknownTemplateIsAnError() throws {
        let library = try TemplateLibrary(sources: ["album": "x", "photo": "y"])
        XCTAssertThrowsError(try library.render("index", [:])) { error in
            XCTAssertEqual(
                "\(error)", "index:1:1: error: no template named 'index'; the library has: album, photo")
        }
    }

    func testMissingPartialRendersAsNothing() throws {
        let library = try TemplateLibrary(sources: ["album": "[{{> footer}}]"])
        XCTAssertEqual(try library.render("album", [:]), "[]")
    }

    func testParseErrorsNameTheTemplate() throws {
        XCTAssertThrowsError(try TemplateLibrary(sources: ["album": "ok", "photo": "\n{{#exif}}"])) { error in
            XCTAssertEqual(
                "\(error)", "photo:2:1: error: section 'exif' opened here is never closed; add {{/exif}}")
        }
    }

    /// Partials that each include the next many times multiply, as a YAML alias bomb does:
    /// a theme of 32 KB made pages of a gigabyte and ended the build out of memory. A page
    /// stops at 128 MiB, with an error at the tag that would add more; one under it renders.
    func testPartialsIncludedManyTimesOverStopAtTheLimit() throws {
        let many = { (name: String, times: Int) in String(repeating: "{{> \(name)}}", count: times) }
        let bomb = try TemplateLibrary(sources: [
            "album": "<p>" + many("rows", 400), "rows": many("row", 400), "row": String(repeating: "x", count: 1000),
        ])
        XCTAssertThrowsError(try bomb.render("album", [:])) { error in
            XCTAssertTrue(
                "\(error)".contains(": error: the page has grown past 128 MiB at partial '"), "\(error)")
        }
        let big = try TemplateLibrary(sources: [
            "album": many("rows", 100), "rows": many("row", 100), "row": String(repeating: "x", count: 1000),
        ])
        XCTAssertEqual(try big.render("album", [:]).utf8.count, 10_000_000)
    }

    func testEndlessPartialRecursionIsAnErrorNotACrash() throws {
        let library = try TemplateLibrary(sources: ["album": "{{> album}}"])
        XCTAssertThrowsError(try library.render("album", [:])) { error in
            XCTAssertTrue("\(error)".hasPrefix("album:1:1: error: partial 'album' is nested more than 100 deep"))
        }
    }

    func testRendersATypedPageModel() throws {
        struct Tile: Encodable { var src: String }
        struct AlbumPage: Encodable {
            var title: String
            var tiles: [Tile]
        }
        let library = try TemplateLibrary(sources: [
            "album": "<h1>{{title}}</h1>{{#tiles}}{{> tile}}{{/tiles}}", "tile": "<img src=\"{{src}}\">",
        ])
        XCTAssertEqual(
            try library.render(
                "album", page: AlbumPage(title: "Alps", tiles: [Tile(src: "a.jpg"), Tile(src: "b.jpg")])),
            "<h1>Alps</h1><img src=\"a.jpg\"><img src=\"b.jpg\">")
    }

    func testAPageModelThatCannotEncodeIsATemplateErrorNamingTheTemplate() throws {
        struct Broken: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no value"))
            }
        }
        let library = try TemplateLibrary(sources: ["album": "x"])
        XCTAssertThrowsError(try library.render("album", page: Broken())) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix("album:1:1: error: cannot turn the Broken into a template context"), "\(error)")
        }
    }
}
