import Foundation
import TesseraLayout
import XCTest

@testable import TesseraCore

/// The site's configuration: its defaults, the values each key accepts, and the messages a
/// user reads when a configuration file is wrong.
final class SiteConfigurationTests: XCTestCase {
    private func read(_ json: String) throws(ConfigurationError) -> SiteConfiguration {
        try SiteConfiguration(json: Data(json.utf8), file: "tessera.json")
    }

    private func message(_ json: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try read(json)
            XCTFail("accepted \(json)", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    func testTheDefaultsAreTheEnginesAndAnEmptyFileKeepsThem() throws {
        let defaults = SiteConfiguration()
        XCTAssertEqual(defaults.version, 1)
        XCTAssertNil(defaults.title)
        XCTAssertNil(defaults.templates)
        XCTAssertEqual(LayoutOptions(defaults.layout), LayoutOptions())
        XCTAssertEqual(RenditionRequest(defaults.images), RenditionRequest(format: .jpeg, quality: 82, colour: .sRGB))
        XCTAssertEqual(AlbumOrder(defaults), AlbumOrder())
        XCTAssertEqual(defaults.images.formats, [.avif])
        XCTAssertEqual(
            RenditionLadder(defaults.images).targets.map(\.bound),
            [.longEdge(2048), .height(720), .height(360), .height(180)])
        XCTAssertEqual(defaults.images.maxMegapixels, 100)
        XCTAssertEqual(try read("{}"), defaults)
        XCTAssertEqual(try read(#"{"version": 1, "layout": {}, "images": {}}"#), defaults)
        XCTAssertNoThrow(try defaults.validate())
    }

    func testEverySettingIsReadFromItsSnakeCaseKeyAndReachesTheEngine() throws {
        let configuration = try read(
            """
            {"version": 1, "title": "Trips", "templates": "theme",
             "layout": {"row_height": 300, "gap": 4.5, "min_tile_width": 60, "breakpoints": [400, 800]},
             "images": {"thumbnail_height": 200, "display_size": 1600, "quality": 90, "max_megapixels": 50,
                        "formats": ["webp"], "webp_quality": 70, "avif_quality": null}}
            """)
        XCTAssertEqual(configuration.title, "Trips")
        XCTAssertEqual(configuration.templatesFolder(relativeTo: URL(fileURLWithPath: "/site"))?.path, "/site/theme")
        XCTAssertEqual(
            LayoutOptions(configuration.layout),
            LayoutOptions(targetRowHeight: 300, gap: 4.5, minTileWidth: 60, breakpoints: [400, 800]))
        var request = RenditionRequest(format: .jpeg, quality: 90, colour: .sRGB)
        request.webpQuality = 70
        request.ladder = RenditionLadder(displaySize: 1600, thumbnailHeight: 200)
        XCTAssertEqual(RenditionRequest(configuration.images), request)
        XCTAssertEqual(
            RenditionLadder(configuration.images).targets.map(\.bound),
            [.longEdge(1600), .height(400), .height(200), .height(100)])
        XCTAssertEqual(configuration.images.maxMegapixels, 50)
        XCTAssertEqual(configuration.images.formats, [.webp])
    }

    func testTheVideoKeysAreReadWithinTheirRangesAndMakeTheRendition() throws {
        XCTAssertEqual(
            VideoRendition(SiteConfiguration().videos), .web, "the defaults are the engine's: 1080 px, CRF 23")
        let configuration = try read(#"{"videos": {"longest_edge": 720, "crf": 28}}"#)
        let rendition = VideoRendition(configuration.videos)
        XCTAssertEqual([rendition.longestEdge, rendition.crf], [720, 28])
        XCTAssertEqual(rendition.preset, VideoRendition.web.preset, "what no key sets stays the engine's")
        XCTAssertEqual(try read(#"{"videos": {"longest_edge": 144, "crf": 1}}"#).videos.longestEdge, 144)
        XCTAssertEqual(try read(#"{"videos": {"longest_edge": 4096, "crf": 51}}"#).videos.crf, 51)
        let cases: [(String, String)] = [
            (
                #"{"videos": {"longest_edge": 143}}"#,
                "'videos.longest_edge' must be a whole number from 144 to 4096, not 143"
            ),
            (
                #"{"videos": {"longest_edge": 4097}}"#,
                "'videos.longest_edge' must be a whole number from 144 to 4096, not 4097"
            ),
            (#"{"videos": {"crf": 0}}"#, "'videos.crf' must be a whole number from 1 to 51, not 0"),
            (#"{"videos": {"crf": 52}}"#, "'videos.crf' must be a whole number from 1 to 51, not 52"),
            (#"{"videos": {"crf": 23.5}}"#, "'videos.crf' must be a whole number from 1 to 51, not 23.5"),
            (#"{"videos": {"crf": "high"}}"#, "'videos.crf' must be a whole number from 1 to 51, not 'high'"),
            (#"{"videos": {"quality": 23}}"#, "unknown key 'quality' in 'videos'; did you mean 'images.quality'?"),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(message(json), "tessera.json: " + expected, json)
        }
        var inCode = SiteConfiguration()
        inCode.videos.crf = 60
        XCTAssertThrowsError(try inCode.validate(file: "flags")) { error in
            XCTAssertEqual("\(error)", "flags: 'videos.crf' must be a whole number from 1 to 51, not 60")
        }
    }

    func testFormatsAreKeptBestFirstAndAnEmptyListMeansJPEGOnly() throws {
        XCTAssertEqual(try read(#"{"images": {"formats": ["webp", "avif", "webp"]}}"#).images.formats, [.avif, .webp])
        XCTAssertEqual(try read(#"{"images": {"formats": ["AVIF"]}}"#).images.formats, [.avif])
        let jpegOnly = try read(#"{"images": {"formats": []}}"#)
        XCTAssertEqual(jpegOnly.images.formats, [])
        let expected = "must be a list of 'avif' and 'webp' (the formats written beside JPEG), or [] for JPEG only"
        XCTAssertEqual(
            message(#"{"images": {"formats": ["avif", "jxl"]}}"#),
            "tessera.json: 'images.formats' \(expected), not ['avif', 'jxl']", "the list's items are shown")
        XCTAssertEqual(
            message(#"{"images": {"formats": "webp"}}"#), "tessera.json: 'images.formats' \(expected), not 'webp'")
        XCTAssertEqual(
            message(#"{"images": {"avif_quality": 0}}"#),
            "tessera.json: 'images.avif_quality' must be a whole number from 1 to 100, or null for matched to quality, not 0"
        )
    }

    func testEveryOutOfRangeValueIsRefusedNamingTheKeyAndWhatItAccepts() {
        let cases: [(String, String)] = [
            (#"{"layout": {"row_height": 39}}"#, "'layout.row_height' must be a number from 40 to 2000, not 39"),
            (#"{"layout": {"row_height": 2001}}"#, "'layout.row_height' must be a number from 40 to 2000, not 2001"),
            (#"{"layout": {"gap": -1}}"#, "'layout.gap' must be a number from 0 to 200, not -1"),
            (#"{"layout": {"gap": 201}}"#, "'layout.gap' must be a number from 0 to 200, not 201"),
            (
                #"{"layout": {"min_tile_width": 1000.5}}"#,
                "'layout.min_tile_width' must be a number from 0 to 1000, not 1000.5"
            ),
            (
                #"{"layout": {"breakpoints": [800, 400]}}"#,
                "'layout.breakpoints' must be a list of ascending widths from 100 to 20000, not [800, 400]"
            ),
            (
                #"{"layout": {"breakpoints": [99]}}"#,
                "'layout.breakpoints' must be a list of ascending widths from 100 to 20000, not [99]"
            ),
            (
                #"{"layout": {"breakpoints": []}}"#,
                "'layout.breakpoints' must be a list of ascending widths from 100 to 20000, not []"
            ),
            (
                #"{"images": {"thumbnail_height": 31}}"#,
                "'images.thumbnail_height' must be a whole number from 32 to 4096, not 31"
            ),
            (
                #"{"images": {"thumbnail_height": 4097}}"#,
                "'images.thumbnail_height' must be a whole number from 32 to 4096, not 4097"
            ),
            (
                #"{"images": {"display_size": 63}}"#,
                "'images.display_size' must be a whole number from 64 to 16384, not 63"
            ),
            (
                #"{"images": {"display_size": 16385}}"#,
                "'images.display_size' must be a whole number from 64 to 16384, not 16385"
            ),
            (#"{"images": {"quality": 0}}"#, "'images.quality' must be a whole number from 1 to 100, not 0"),
            (#"{"images": {"quality": 101}}"#, "'images.quality' must be a whole number from 1 to 100, not 101"),
            (
                #"{"images": {"max_megapixels": 0}}"#,
                "'images.max_megapixels' must be a whole number from 1 to 10000, not 0"
            ),
            (
                #"{"images": {"max_megapixels": 10001}}"#,
                "'images.max_megapixels' must be a whole number from 1 to 10000, not 10001"
            ),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(message(json), "tessera.json: " + expected, json)
        }
        // A password in `base_url` was published on every page and in the sitemap; a port
        // past 65535 (which browsers refuse) and `..` were published as written.
        for url in [
            "https://deploy:s3cret@staging.example.org/", "https://user@example.org/", "https://example.org:99999/",
            "https://example.org:0/", "https://example.org/a/../b/", "https://example.org/./b/",
            "https://example.org/a/%2e%2e/b/",
        ] {
            XCTAssertTrue(
                message(#"{"base_url": "\#(url)"}"#).contains("must be the site's folder as an absolute"), url)
        }
        for url in ["https://example.org:8443/photos/", "https://example.org/my photos/"] {
            XCTAssertEqual(try read(#"{"base_url": "\#(url)"}"#).baseURL, url)
        }
        // `verify --url` may sign in to a staging server: nothing publishes its address.
        let staging = "https://deploy:s3cret@staging.example.org/"
        XCTAssertEqual(ValueRule<String?>.siteURL(published: false).value(fromText: staging), .some(.some(staging)))
        // A host with accents was written percent-encoded in every link, an address no
        // browser opens: it is the host's ASCII (IDNA) form, as DNS names it.
        for url in [
            "https://bücher.example/fotos/", "https://b%C3%BCcher.example/fotos/", "https://bücher.example:8443/fotos/",
        ] {
            XCTAssertEqual(
                try read(#"{"base_url": "\#(url)"}"#).baseURL,
                url.contains("8443")
                    ? "https://xn--bcher-kva.example:8443/fotos/" : "https://xn--bcher-kva.example/fotos/")
        }
        XCTAssertEqual(
            ValueRule<String?>.siteURL(published: false).value(fromText: "http://anna@zürich.example/"),
            .some(.some("http://anna@xn--zrich-kva.example/")))
    }

    func testTheEdgesOfEveryRangeAreAccepted() throws {
        let low = try read(
            """
            {"layout": {"row_height": 40, "gap": 0, "min_tile_width": 0, "breakpoints": [100]},
             "images": {"thumbnail_height": 32, "display_size": 64, "quality": 1, "max_megapixels": 1}}
            """)
        XCTAssertEqual(low.layout.rowHeight, 40)
        XCTAssertEqual(low.images.quality, 1)
        let high = try read(
            """
            {"layout": {"row_height": 2000, "gap": 200, "min_tile_width": 1000, "breakpoints": [19999, 20000]},
             "images": {"thumbnail_height": 4096, "display_size": 16384, "quality": 100, "max_megapixels": 10000}}
            """)
        XCTAssertEqual(high.images.maxMegapixels, 10000)
        XCTAssertEqual(high.layout.breakpoints, [19999, 20000])
    }

    func testAWrongTypeSaysWhatWasFoundAndWhatIsAccepted() {
        XCTAssertEqual(
            message(#"{"images": {"quality": "high"}}"#),
            "tessera.json: 'images.quality' must be a whole number from 1 to 100, not 'high'")
        XCTAssertEqual(
            message(#"{"images": {"quality": 82.5}}"#),
            "tessera.json: 'images.quality' must be a whole number from 1 to 100, not 82.5")
        XCTAssertEqual(message(#"{"title": 3}"#), "tessera.json: 'title' must be text, not 3")
        XCTAssertEqual(message(#"{"layout": [1]}"#), "tessera.json: 'layout' must be a map of settings, not [1]")
        XCTAssertEqual(message("[]"), "tessera.json: 'the document' must be a map of settings, not []")
    }

    func testAnUnknownKeyIsNamedWithTheNearestRealOne() {
        XCTAssertEqual(
            message(#"{"layout": {"row_heigth": 200}}"#),
            "tessera.json: unknown key 'row_heigth' in 'layout'; did you mean 'row_height'?")
        XCTAssertEqual(message(#"{"titel": "x"}"#), "tessera.json: unknown key 'titel'; did you mean 'title'?")
        XCTAssertEqual(
            message(#"{"layout": {"quality": 90}}"#),
            "tessera.json: unknown key 'quality' in 'layout'; did you mean 'images.quality'?")
        XCTAssertEqual(
            message(#"{"row_height": 300}"#),
            "tessera.json: unknown key 'row_height'; did you mean 'layout.row_height'?")
        XCTAssertEqual(
            message(#"{"images": {"colour": "p3"}}"#),
            "tessera.json: unknown key 'colour' in 'images'; the keys there are thumbnail_height, display_size, quality, max_megapixels, formats, webp_quality, avif_quality"
        )
    }

    /// `title: ""` gave every page an empty `<title>` and "Trip · ": a blank text is no
    /// title, in the file and as a flag, and the folder's name stands.
    func testABlankTitleIsNoTitle() throws {
        XCTAssertNil(try read(#"{"title": "", "author": "  ", "description": ""}"#).title)
        XCTAssertNil(try read(#"{"author": "  "}"#).author)
        XCTAssertTrue(SiteConfiguration.title.rule.value(fromText: " ") == .some(nil))
        XCTAssertEqual(try read(#"{"title": " Trips "}"#).title, " Trips ")
    }

    func testTheLanguageIsATagThatReachesThePages() throws {
        XCTAssertEqual(SiteConfiguration().language, "en")
        XCTAssertEqual(try read(#"{"language": "pt-BR"}"#).language, "pt-BR")
        XCTAssertEqual(
            message(#"{"language": "en\" onload=\"x"}"#),
            #"tessera.json: 'language' must be a language tag such as 'en' or 'pt-BR', not 'en" onload="x'"#)
        XCTAssertEqual(
            message(#"{"language": ""}"#),
            "tessera.json: 'language' must be a language tag such as 'en' or 'pt-BR', not ''")
        // What validators refuse in `<html lang>` is refused here, not published.
        for tag in ["fr-", "fr--CA", "fr-CA-", "fr-toolongsubtag", "-fr", "f", "1a", "fr_FR"] {
            XCTAssertEqual(
                message(#"{"language": "\#(tag)"}"#),
                "tessera.json: 'language' must be a language tag such as 'en' or 'pt-BR', not '\(tag)'")
        }
        for tag in ["zh-Hans-CN", "es-419", "x-klingon", "PL", "he-IL", "sr-Latn-RS", "de-CH-1996"] {
            XCTAssertEqual(try read(#"{"language": "\#(tag)"}"#).language, tag)
        }
    }

    func testAVersionThisTesseraDoesNotReadIsRefusedWithWhatToDo() {
        XCTAssertEqual(
            message(#"{"version": 2}"#),
            "tessera.json: version 2 is not one this tessera reads (it reads version 1); write 'version: 1' or use a newer tessera"
        )
    }

    func testLinesFromTheDocumentReachTheMessage() {
        // What a YAML reader will hand over: keys with the lines they are on.
        let document = ConfigurationDocument(
            .map([
                .init(key: "title", value: .init(.text("Trips"), line: 1), line: 1),
                .init(
                    key: "layout",
                    value: .init(.map([.init(key: "gap", value: .init(.number(500), line: 3), line: 3)]), line: 2),
                    line: 2),
            ]), line: 1)
        XCTAssertThrowsError(try SiteConfiguration(document: document, file: "tessera.yaml")) { error in
            XCTAssertEqual("\(error)", "tessera.yaml:3: 'layout.gap' must be a number from 0 to 200, not 500")
        }
    }

    func testMalformedJSONNamesTheFile() {
        XCTAssertTrue(message("{").hasPrefix("tessera.json: not a configuration document: "), message("{"))
    }

    func testItRoundTripsThroughCodableWithSnakeCaseKeysAndDecodingChecksTheRules() throws {
        var configuration = SiteConfiguration(title: "Trips")
        configuration.layout.rowHeight = 320
        configuration.images.quality = 70
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(configuration), as: UTF8.self)
        XCTAssertTrue(json.contains(#""row_height":320"#), json)
        XCTAssertTrue(json.contains(#""max_megapixels":100"#), json)
        XCTAssertTrue(json.contains(#""version":1"#), json)
        XCTAssertEqual(try JSONDecoder().decode(SiteConfiguration.self, from: Data(json.utf8)), configuration)
        XCTAssertThrowsError(
            try JSONDecoder().decode(SiteConfiguration.self, from: Data(#"{"images": {"quality": 0}}"#.utf8)))
    }

    func testValidateCatchesAValueSetInCode() {
        var configuration = SiteConfiguration()
        configuration.images.quality = 500
        XCTAssertThrowsError(try configuration.validate(file: "flags")) { error in
            XCTAssertEqual("\(error)", "flags: 'images.quality' must be a whole number from 1 to 100, not 500")
        }
    }

    func testTheStoryKeysAreReadAndReachTheBuild() throws {
        let configuration = try read(
            """
            {"description": "Walks", "author": "Ana", "base_url": "https://example.org/", "sort": "date",
             "reverse": true, "album_sort": "date", "ignore": ["*.tmp", "drafts"], "hidden": "outtakes/*",
             "follow_links": true, "allow_html": true}
            """)
        XCTAssertEqual(configuration.description, "Walks")
        XCTAssertEqual(configuration.author, "Ana")
        XCTAssertEqual(configuration.baseURL, "https://example.org/")
        XCTAssertEqual(AlbumOrder(configuration), AlbumOrder(photos: .date, reversePhotos: true, albums: .date))
        XCTAssertEqual(configuration.ignore, ["*.tmp", "drafts"])
        XCTAssertEqual(configuration.hidden, ["outtakes/*"], "a single pattern is a list of one")
        XCTAssertTrue(configuration.followLinks && configuration.allowHTML)
        XCTAssertEqual(
            message(#"{"sort": "size"}"#), "tessera.json: 'sort' must be one of 'name', 'date', 'order', not 'size'")
        XCTAssertEqual(message(#"{"reverse": "yes"}"#), "tessera.json: 'reverse' must be true or false, not 'yes'")
        XCTAssertEqual(
            message(#"{"ignore": [1]}"#), "tessera.json: 'ignore' must be a list of file patterns, not [1]")
        XCTAssertEqual(
            message(#"{"alow_html": true}"#), "tessera.json: unknown key 'alow_html'; did you mean 'allow_html'?")
    }

    func testTheStarterFileListsEveryRowButTheBreakpointsOnceInTheTablesOrder() {
        // A commented key line: `# title: …` at the top level, `#   row_height: …` in a section.
        let keys = SiteConfiguration.starterYAML().split(separator: "\n").compactMap { line -> String? in
            guard let match = line.wholeMatch(of: /# (  )?([a-z_]+):.*/),
                !SiteConfiguration.sections.contains(String(match.output.2))
            else { return nil }
            return String(match.output.2)
        }
        XCTAssertEqual(keys, SiteConfiguration.settings.map(\.key).filter { $0 != "breakpoints" })
        XCTAssertEqual(
            SiteConfiguration.settings.compactMap(\.flagName).first, "title", "flags follow the table's order")
    }
}
