import Foundation
import TesseraTestSupport
import XCTest

/// The binary people run (under `make test`, the release build) on a site that is set up the
/// way README tells users to: a `tessera.yaml` of many keys, `index.md` and sidecars with
/// `---` front matter of many keys. The release binary once read these through a dead
/// address (libyaml's parser moved with its Swift value): a crash, or settings silently
/// ignored, while every test of the debug build passed.
final class ConfiguredSiteTests: XCTestCase {
    private var tmp: SampleWorkspace!

    override func setUpWithError() throws {
        tmp = try SampleWorkspace()
    }

    override func tearDown() {
        tmp = nil
    }

    func testTheFileTesseraInitWritesFilledInAsAUserWouldBuildsTheSiteItDescribes() throws {
        let written = try Tessera.run(["init", "photos", "--templates"], in: tmp.url)
        XCTAssertEqual(written.status, 0, written.stderr)
        let yaml = tmp.photos.appendingPathComponent("tessera.yaml")

        let asWritten = try build()
        XCTAssertEqual(asWritten.status, 0, asWritten.stderr)

        // Uncomment every setting, as a user filling in the starter does, and change a few.
        let starter = try String(contentsOf: yaml, encoding: .utf8)
        var lines: [String] = []
        for line in starter.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.range(of: #"^# [a-z_]+:"#, options: .regularExpression) != nil {
                lines.append(String(line.dropFirst(2)))
            } else if line.range(of: #"^#   ([a-z_]+:|- )"#, options: .regularExpression) != nil {
                lines.append(String(line.dropFirst(1)))
            } else {
                lines.append(String(line))
            }
        }
        var filled = lines.joined(separator: "\n")
        for (from, to) in [
            ("title: My Photographs", "title: Walks With Ana"), ("language: en", "language: pt-BR"),
            ("formats: [avif]", "formats: [webp]"),
        ] {
            XCTAssertTrue(filled.contains(from), "the starter has '\(from)': \(starter)")
            filled = filled.replacingOccurrences(of: from, with: to)
        }
        try Data(filled.utf8).write(to: yaml)
        XCTAssertGreaterThan(
            filled.split(separator: "\n").filter { $0.range(of: #"^ *[a-z_]+:"#, options: .regularExpression) != nil }
                .count, 20, "the filled-in file sets every key: \(filled)")

        let result = try build()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(warnings(result), [], result.stderr)
        let home = try page("index.html")
        XCTAssertTrue(home.contains("<title>Walks With Ana</title>"), home)
        XCTAssertTrue(home.contains(#"<html lang="pt-BR">"#), home)
        XCTAssertTrue(home.contains(#"<meta name="author" content="Ana Lima">"#), home)
        XCTAssertTrue(home.contains(#"<link rel="canonical" href="https://example.org/photos/">"#), home)
        XCTAssertTrue(home.contains(#"<source type="image/webp""#), "images.formats reaches the pages: \(home)")
        XCTAssertFalse(home.contains("image/avif"), home)
    }

    func testREADMEsConfigurationAlbumFrontMatterAndSidecarsAllReachThePages() throws {
        // README's tessera.yaml, its theme folder made by `tessera init --templates`.
        let theme = try Tessera.run(["init", "scratch", "--templates"], in: tmp.url)
        XCTAssertEqual(theme.status, 0, theme.stderr)
        try FileManager.default.moveItem(
            at: tmp.url.appendingPathComponent("scratch/templates"), to: tmp.photos.appendingPathComponent("my-theme"))
        // Longer than libyaml's 16 KiB read buffer: a parser reading through a stale
        // address cut such values short.
        let long = String(repeating: "Streets and rivers, ", count: 1_000).trimmingCharacters(in: .whitespaces)
        try write(
            "tessera.yaml",
            """
            version: 1
            title: My Photographs
            description: "\(long)"
            author: Ana Lima
            language: pt-BR            # <html lang>
            base_url: https://example.org/photos/   # canonical links, previews, sitemap and feed
            templates: my-theme        # relative to this file
            sort: date                 # name | date
            reverse: false
            album_sort: name
            ignore: ["*.tmp", drafts/]  # a trailing /: folders only
            ignore_files: ["*backup*"] # files only
            hidden: ["outtakes/*"]
            follow_links: false
            allow_html: false
            layout:
              row_height: 240
              gap: 6
            images:
              quality: 82
              formats: [avif]          # beside JPEG: avif, webp; [] for JPEG only
              webp_quality: null       # null: the one as good as JPEG at quality
              avif_quality: null

            """)
        try write(
            "Travels/index.md",
            """
            ---
            title: Trips by Train
            cover: Coast 2024/Pier.jpg
            sort: name
            reverse: true
            order: [Stairs.jpg, Café.jpg]
            hidden: false
            mood: "windy, mostly"
            ---
            A week by the **river**, mostly on foot.

            """)
        try write(
            "Travels/Tower.md",
            """
            ---
            title: The Clock Tower
            hidden: false
            photographer: Ana
            ---
            Seen from the *square* at noon.

            """)
        try write("Travels/Canal.md", "Title: Green Water\nPlace: Porto\n\nThe canal at dusk.\n")

        let result = try build()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(warnings(result), [], result.stderr)

        let home = try page("index.html")
        XCTAssertTrue(home.contains("<title>My Photographs</title>"), home)
        XCTAssertTrue(home.contains(#"<html lang="pt-BR">"#), home)
        XCTAssertTrue(home.contains(#"<meta name="description" content="\#(long)">"#), "the whole description")
        XCTAssertTrue(home.contains(#"<meta name="author" content="Ana Lima">"#), home)
        XCTAssertTrue(home.contains("Trips by Train"), "the album's card has its index.md title: \(home)")

        let travels = try page("travels/index.html")
        XCTAssertTrue(travels.contains("<title>Trips by Train"), travels)
        XCTAssertTrue(travels.contains("<p>A week by the <strong>river</strong>, mostly on foot.</p>"), travels)
        XCTAssertTrue(
            travels.contains(#"<meta name="description" content="A week by the river, mostly on foot.">"#), travels)
        // order: first, then the rest by name, reversed.
        let tiles = SitePages.tiles(in: travels).map {
            String(($0.src.removingPercentEncoding! as NSString).lastPathComponent.split(separator: ".")[0])
        }
        XCTAssertEqual(
            tiles, ["stairs", "café", "train-window", "tower", "square", "canal", "bridge"],
            "order: first, then the rest by name, reversed")

        let tower = try page("travels/tower.html")
        XCTAssertTrue(tower.contains("<title>The Clock Tower"), tower)
        XCTAssertTrue(tower.contains("Seen from the <em>square</em> at noon."), tower)
        let canal = try page("travels/canal.html")
        XCTAssertTrue(canal.contains("<title>Green Water"), canal)
        XCTAssertTrue(canal.contains("The canal at dusk."), canal)
    }

    func testServeRebuildsWhenAFrontMatterIndexIsSavedAndKeepsServing() throws {
        // One key, so that serve starts even where a file of two crashed it: the save is the test.
        try write("tessera.yaml", "title: Served\n")
        let serve = Process()
        serve.executableURL = try Tessera.binary()
        serve.arguments = ["serve", "photos", "-o", "site", "--port", "0"]
        serve.currentDirectoryURL = tmp.url
        let output = Pipe()
        serve.standardOutput = output
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        defer { if serve.isRunning { serve.terminate() } }
        var printed = ""
        let started = Date(timeIntervalSinceNow: 120)
        while !printed.contains("(Ctrl-C to stop)"), Date() < started, serve.isRunning {
            printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        let address = try XCTUnwrap(printed.range(of: "http://127.0.0.1:"), "serve started: \(printed)")
        let port = try XCTUnwrap(UInt16(printed[address.upperBound...].prefix { $0.isNumber }), printed)
        XCTAssertTrue(try RawConnection.request(port: port, path: "/").text.contains("<title>Served</title>"))

        try write("Travels/index.md", "---\ntitle: Saved While Serving\nsort: name\nreverse: true\n---\nNew text.\n")
        var travels = ""
        let deadline = Date(timeIntervalSinceNow: 120)
        while !travels.contains("Saved While Serving"), Date() < deadline, serve.isRunning {
            Thread.sleep(forTimeInterval: 0.2)
            travels = (try? RawConnection.request(port: port, path: "/travels/").text) ?? ""
        }
        XCTAssertTrue(serve.isRunning, "tessera serve is still running after the save")
        XCTAssertTrue(travels.contains("<title>Saved While Serving"), "the rebuilt page is served: \(travels)")
    }

    // MARK: Helpers

    private func build() throws -> Tessera.Result {
        let result = try Tessera.run(["build", "photos", "-o", "site"], in: tmp.url, timeout: 600)
        XCTAssertFalse(result.timedOut, "the build did not finish")
        XCTAssertEqual(result.reason, .exit, "tessera crashed (signal \(result.status)): \(result.stderr)")
        return result
    }

    private func warnings(_ result: Tessera.Result) -> [Substring] {
        result.messages.split(separator: "\n").filter { $0.contains("warning:") || $0.contains("error:") }
    }

    private func write(_ path: String, _ text: String) throws {
        let url = tmp.photos.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: tmp.site.appendingPathComponent(path), encoding: .utf8)
    }
}
