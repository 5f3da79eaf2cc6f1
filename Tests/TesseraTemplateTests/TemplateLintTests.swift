import XCTest

@testable import TesseraTemplate

final class TemplateLintTests: XCTestCase {
    private struct Image: Encodable {
        var src = "a.jpg"
        var width = 320
    }

    private struct Photo: Encodable {
        var title: String? = "Summit"
        var caption: String? = "At dawn"
        var image = Image()
    }

    private struct AlbumPage: Encodable {
        var title = "Alps"
        var cover: Image? = Image()
        var photos = [Photo()]
        var tags = ["snow"]
        var isIndex = false
    }

    private func warnings(_ sources: [String: String], _ name: String = "album") throws -> [String] {
        let library = try TemplateLibrary(sources: sources)
        return library.lint(name, against: try TemplateSchema(example: AlbumPage()), subject: "the album page")
            .map(\.description)
    }

    func testACleanTemplateHasNoWarnings() throws {
        let source = """
            <h1>{{title}}</h1>{{#cover}}<img src="{{src}}">{{/cover}}{{cover.width}}
            {{#photos}}{{title}} {{caption}} {{image.src}} {{#image}}{{width}}{{/image}}{{/photos}}
            {{^photos}}none{{/photos}}{{#tags}}{{.}}{{/tags}}{{#isIndex}}{{title}}{{/isIndex}}
            """
        XCTAssertEqual(try warnings(["album": source]), [])
    }

    func testAMisspelledVariableIsAWarningWithTheNearestName() throws {
        XCTAssertEqual(
            try warnings(["album": "<h1>\n  {{titel}}</h1>"]),
            ["album:2:3: warning: 'titel' is not provided by the album page; did you mean 'title'?"])
    }

    func testANameNothingResemblesGetsNoSuggestion() throws {
        XCTAssertEqual(
            try warnings(["album": "{{{exposureTime}}}"]),
            ["album:1:1: warning: 'exposureTime' is not provided by the album page"])
    }

    func testInsideASectionBothTheItemAndTheEnclosingPageAreInScope() throws {
        // `tags` belongs to the page, `caption` to the photo: both resolve inside {{#photos}};
        // `captoin` resolves in neither, and the suggestion comes from any open scope.
        XCTAssertEqual(
            try warnings(["album": "{{#photos}}{{tags}}{{caption}}{{captoin}}{{/photos}}{{caption}}"]),
            [
                "album:1:31: warning: 'captoin' is not provided by the album page; did you mean 'caption'?",
                "album:1:53: warning: 'caption' is not provided by the album page",
            ])
    }

    func testDottedNamesAreCheckedPartByPart() throws {
        XCTAssertEqual(
            try warnings([
                "album": "{{cover.scr}} {{cover.src}} {{title.text}} {{covr.src}} {{#photos}}{{image.with}}{{/photos}}"
            ]),
            [
                "album:1:1: warning: 'cover.scr' is not provided by the album page; did you mean 'cover.src'?",
                "album:1:29: warning: 'title.text' is not provided by the album page; 'title' has no fields",
                "album:1:44: warning: 'covr.src' is not provided by the album page; did you mean 'cover.src'?",
                "album:1:68: warning: 'image.with' is not provided by the album page; did you mean 'image.width'?",
            ])
    }

    func testSectionsAndInvertedSectionsNamesAreChecked() throws {
        XCTAssertEqual(
            try warnings(["album": "{{#photo}}{{src}}{{/photo}}\n{{^photoes}}none{{/photoes}}"]),
            [
                "album:1:1: warning: 'photo' is not provided by the album page; did you mean 'photos'?",
                // Inside an unknown section the page is still in scope, so only `src` is reported.
                "album:1:11: warning: 'src' is not provided by the album page",
                "album:2:1: warning: 'photoes' is not provided by the album page; did you mean 'photos'?",
            ])
    }

    func testAnInvertedSectionOpensNoScope() throws {
        XCTAssertEqual(
            try warnings(["album": "{{^cover}}{{src}}{{/cover}}"]),
            ["album:1:11: warning: 'src' is not provided by the album page"])
    }

    func testPartialsAreCheckedWithTheScopesWhereTheyAreIncluded() throws {
        let sources = [
            "album": "{{#photos}}\n  {{> tile}}\n{{/photos}}\n{{> tile}}",
            "tile": "<img src=\"{{image.src}}\" alt=\"{{title}}\">",
        ]
        // Inside {{#photos}} the tile has a photo; at the top level `image` is missing.
        XCTAssertEqual(
            try warnings(sources),
            ["tile:1:11: warning: 'image.src' is not provided by the album page"])
    }

    func testAMissingPartialNamesTheNearestTemplate() throws {
        XCTAssertEqual(
            try warnings(["album": "x\n{{> footr}}{{> sidebar}}", "footer": "", "head": ""]),
            [
                "album:2:1: warning: partial 'footr' names no template; did you mean 'footer'?",
                "album:2:12: warning: partial 'sidebar' names no template; the library has: album, footer, head",
            ])
    }

    func testRecursivePartialsEndAndReportEachMistakeOnce() throws {
        struct Folder: Encodable {
            var name = "a"
            var children: [Folder] = []
        }
        struct Tree: Encodable { var root = Folder(children: [Folder()]) }
        let library = try TemplateLibrary(sources: [
            "tree": "{{#root}}{{> node}}{{/root}}",
            "node": "<li>{{name}}{{nmae}}<ul>{{#children}}{{> node}}{{/children}}</ul></li>",
        ])
        XCTAssertEqual(
            library.lint("tree", against: try TemplateSchema(example: Tree()), subject: "the tree").map(\.description),
            ["node:1:13: warning: 'nmae' is not provided by the tree; did you mean 'name'?"])
    }

    func testListItemsAreDescribedByTheUnionOfTheirNames() throws {
        let schema = TemplateSchema(describing: ["items": [["a": 1], ["b": "x"], [:]], "empty": []])
        XCTAssertEqual(schema, .object(["items": .list(.object(["a": .leaf, "b": .leaf])), "empty": .list(.unknown)]))
        let library = try TemplateLibrary(sources: [
            "t": "{{#items}}{{a}}{{b}}{{c}}{{/items}}{{#empty}}{{anything}}{{/empty}}"
        ])
        XCTAssertEqual(
            library.lint("t", against: schema, subject: "the test").map(\.description),
            ["t:1:21: warning: 'c' is not provided by the test"])
    }

    func testAbsentOptionalsInTheExampleAreMissingFromTheSchemaUntilMerged() throws {
        let bare = try TemplateSchema(example: Photo(title: nil, caption: nil))
        XCTAssertEqual(bare.names.keys.sorted(), ["image"])
        XCTAssertEqual(
            bare.merged(with: try TemplateSchema(example: Photo())).names.keys.sorted(), ["caption", "image", "title"])
    }

    func testLintingAnUnknownTemplateSuggestsTheNearest() throws {
        XCTAssertEqual(
            try warnings(["album": "", "photo": ""], "albums"),
            ["albums:1:1: warning: no template named 'albums'; did you mean 'album'?"])
    }

    func testNearMissCountsASwapAsOneEdit() {
        XCTAssertEqual(NearMiss.editDistance(Array("titel"), Array("title")), 1)
        XCTAssertEqual(NearMiss.editDistance(Array("kitten"), Array("sitting")), 3)
        XCTAssertEqual(NearMiss.nearest(to: "widht", among: ["height", "width"]), "width")
        XCTAssertNil(NearMiss.nearest(to: "x", among: ["width"]))
    }
}
