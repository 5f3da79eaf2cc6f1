import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// sigal's own sample gallery (`tests/sample` in sigal's repository, which its PyPI package
/// does not ship) rebuilt as an equivalent fixture: the same folders and file names, its
/// `sigal.conf.py` beside `pictures/`, its `Order:` values, `.nomedia` list and raw-HTML
/// credits, with drawn photos in place of its pictures. Built as a sigal user would build
/// it: no false warning, nothing lost, each removed piece of HTML named.
final class SigalSampleTests: XCTestCase {
    private var tmp: TemporaryFolder!

    private static let photos = [
        "accentué/11.jpg", "accentué/hélicoïde.jpg", "dir1/test1/11.jpg",
        "dir1/test1/flickr_jerquiaga_2394751088_cc-by-nc.jpg", "dir1/test2/21.jpg", "dir1/test2/22.jpg",
        "dir1/test2/CMB_Timeline300_no_WMAP.jpg", "dir1/test3/3.jpg", "dir2/Hubble Interacting Galaxy NGC 5257.jpg",
        "dir2/Hubble ultra deep field.jpg", "dir2/m57_the_ring_nebula-587px.jpg", "dir2/exo20101028-b-full.jpg",
        "iptcTest/1.jpg", "iptcTest/3.jpg", "nomedia/created/should_be_created.jpg",
        "nomedia/created/should_be_ignored3.jpg", "nomedia/created/ignored/should_be_ignored2.jpg",
        "nomedia/ignored/should_be_ignored_1.jpg", "nomedia/ignored/recursively_ignored/should_be_ignored.jpg",
    ]

    /// dir2/index.md as sigal's sample writes it: Markdown credits, two of them raw links
    /// that run over lines (lines 17 and 22).
    private static let dir2Index = """
        Title: Another example gallery
        Thumbnail: m57_the_ring_nebula-587px.jpg


        This is an [example link](http://example.com/ "With a Title").


        1. A list item.
        2. Another item in the list.

        ### Image sources

        - *Hubble Interacting Galaxy NGC 5257* By NASA, ESA [Public domain], via
          Wikimedia Commons

        - *Hubble ultra deep field.jpg* By NASA and the European Space Agency. [Public
          domain], <a
          href="https://commons.wikimedia.org/wiki/File%3AHubble_ultra_deep_field.jpg">via
          Wikimedia Commons</a>

        - *m57_the_ring_nebula-587px.jpg* By The Hubble Heritage Team
          (AURA/STScI/NASA) [Public domain], <a
          href="https://commons.wikimedia.org/wiki/File%3AM57_The_Ring_Nebula.JPG">via
          Wikimedia Commons</a>

        - *exo20101028-b-full.jpg*

        """

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        let painter = LibGDSamplePainter()
        for (index, path) in Self.photos.enumerated() {
            let bytes = try painter.paintSample(
                uprightSize: PixelSize(width: 120, height: 80), label: "\(index)",
                hue: Double(index) / Double(Self.photos.count), orientation: .up)
            try write("pictures/" + path, Data(bytes))
        }
        let notes = [
            "index.md": "Title: Sigal test gallery\n\n## This is a testing gallery for sigal.\n\nWith *markdown*.\n",
            "dir1/test1/index.md":
                "Title: An example sub-category\nThumbnail: 11.jpg\nOrder: 03\nPartialOrder: 00\nPartialOrderB: test4\n",
            "dir1/test2/index.md": "Order: -10\nPartialOrder: 01\n",
            "dir1/test3/index.md": "Title: 01 First title alphabetically\n",
            "dir1/test1/11.md": "Title: Foo Bar\nLocation: Bavaria\n\nThis is a funny description of this image\n",
            "dir1/test1/flickr_jerquiaga_2394751088_cc-by-nc.md":
                "Title: WÎth spécial chÆracters\n\nThis is a funny description of this image\n\n",
            "dir1/test2/21.md": "Title: in\"title\"\nOrder: -10\n\nin\"description\n",
            "dir1/test2/22.md": "Order: 02\n",
            "dir1/test2/CMB_Timeline300_no_WMAP.md": "Order: 03\n\n",
            "dir2/index.md": Self.dir2Index,
            "iptcTest/index.md": "Title: iptc test gallery\n\n## Used to validate iptc handling\n",
            "nomedia/created/.nomedia": "should_be_ignored3.jpg\nignored",
            "nomedia/ignored/.nomedia": "",
        ]
        for (path, text) in notes { try write("pictures/" + path, text) }
        try write(
            "sigal.conf.py",
            """
            author = "John Doe"
            title = "Sigal test gallery ☺"
            source = "pictures"
            thumb_suffix = ".tn"
            keep_orig = True
            links = [
                ("Example link", "http://example.org"),
                ("Another link", "http://example.org"),
            ]
            plugins = [
                "sigal.plugins.feeds",
                "sigal.plugins.nomedia",
            ]
            theme = "colorbox"
            thumb_size = (200, 150)
            rss_feed = {"feed_url": "http://127.0.0.1:8000/feed.rss", "nb_items": 10}

            """)
    }

    override func tearDown() {
        tmp = nil
    }

    private func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    private func write(_ path: String, _ data: Data) throws {
        let url = tmp.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func page(_ path: String, in site: String = "site") throws -> String {
        try String(contentsOf: tmp.url.appendingPathComponent(site + "/" + path), encoding: .utf8)
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent(path).path)
    }

    func testSigalsSampleBuildsWithNoFalseWarningNothingLostAndEachRemovalNamed() throws {
        let result = try InProcessCLI.run(["build", "pictures", "-o", "site", "--verbose"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("15 photos in 10 albums, 3 left out"), result.stdout)
        let warnings = result.stderr.components(separatedBy: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(
            warnings,
            [
                "dir2/index.md:17: warning: raw HTML '<a href=\"https://commons.wikimedia.org/wiki/File%3AHubble_u…' "
                    + "is left out of the page; set 'allow_html: true' in tessera.yaml to keep it",
                "dir2/index.md:22: warning: raw HTML '<a href=\"https://commons.wikimedia.org/wiki/File%3AM57_The_…' "
                    + "is left out of the page; set 'allow_html: true' in tessera.yaml to keep it",
            ], "no 'order names' warning for sigal's Order: values: \(result.stderr)")

        // .nomedia: the names it lists, and the folder of an empty one; nothing else.
        XCTAssertTrue(exists("site/nomedia/created/should-be-created.html"), "lost: should_be_created.jpg")
        XCTAssertFalse(exists("site/nomedia/created/should-be-ignored3.html"))
        XCTAssertFalse(exists("site/nomedia/created/ignored"))
        XCTAssertFalse(exists("site/nomedia/ignored"))
        for reason in [
            "note: nomedia/created/ignored: listed in nomedia/created/.nomedia; left out",
            "note: nomedia/created/should_be_ignored3.jpg: listed in nomedia/created/.nomedia; left out",
            "note: nomedia/ignored: the folder holds a .nomedia file; left out",
        ] {
            XCTAssertTrue(result.stderr.contains(reason), "\(reason) in \(result.stderr)")
        }

        // sigal.conf.py: what maps is read, and the note says what to write in tessera.yaml.
        let conf = tmp.url.appendingPathComponent("sigal.conf.py").path
        let yaml = tmp.url.appendingPathComponent("pictures/tessera.yaml").path
        XCTAssertTrue(
            result.stderr.contains(
                "note: \(conf): read for author, title, keep_orig, thumb_size (never run); to make them Tessera's, "
                    + "write these lines into \(yaml): author: \"John Doe\"; title: \"Sigal test gallery ☺\"; "
                    + "originals: stripped; layout: {row_height: 150}"
            ), result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "note: \(conf):14: sigal's 'theme' is not read: choose a built-in look with 'theme:'"),
            result.stderr)
        XCTAssertFalse(exists("pictures/tessera.yaml"), "the input folder is never written")
        let home = try page("index.html")
        XCTAssertTrue(home.contains("<title>Sigal test gallery ☺</title>"), home)
        XCTAssertTrue(home.contains(#"<meta name="author" content="John Doe">"#), home)

        // Titles and captions as sigal shows them.
        let test2 = try page("dir1/test2/21.html")
        XCTAssertTrue(test2.contains(#"<h1 class="title" dir="auto">in&quot;title&quot;</h1>"#), test2)
        let dir2 = try page("dir2/index.html")
        XCTAssertTrue(dir2.contains("<h1 dir=\"auto\">Another example gallery</h1>"), dir2)
        XCTAssertTrue(dir2.contains("via\nWikimedia Commons"), "the credit's words stay: \(dir2)")
    }

    func testAllowHTMLKeepsTheCreditLinksAndOrderSortsAsSigalsMetaOrder() throws {
        try write("pictures/tessera.yaml", "allow_html: true\nsort: order\nalbum_sort: order\n")
        let result = try InProcessCLI.run(["build", "pictures", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning:"), result.stderr)
        // tessera.yaml is the site's file: the sigal.conf.py beside it is not read, and one note says so.
        let conf = tmp.url.appendingPathComponent("sigal.conf.py").path
        let yaml = tmp.url.appendingPathComponent("pictures/tessera.yaml").path
        XCTAssertEqual(
            result.stderr.components(separatedBy: "\n").filter { $0.contains("sigal.conf.py") },
            [
                "note: \(conf): not read, because \(yaml) is there (once a tessera.yaml exists, it alone is read); "
                    + "to carry its author, title, keep_orig, thumb_size, write these lines into \(yaml): "
                    + "author: \"John Doe\"; title: \"Sigal test gallery ☺\"; originals: stripped; layout: {row_height: 150}"
            ], result.stderr)
        XCTAssertFalse(result.stderr.contains("sigal's 'theme' is not read"), "one note, not one per setting")
        let home = try page("index.html")
        XCTAssertFalse(home.contains("John Doe"), "nothing of sigal.conf.py is read: \(home)")
        let dir2 = try page("dir2/index.html")
        XCTAssertTrue(
            dir2.contains(#"href="https://commons.wikimedia.org/wiki/File%3AM57_The_Ring_Nebula.JPG">via"#), dir2)

        let dir1 = try page("dir1/index.html")
        let albums = dir1.components(separatedBy: #"<span class="album-name" dir="auto">"#).dropFirst()
            .map { String($0.prefix { $0 != "<" }) }
        XCTAssertEqual(
            albums, ["01 First title alphabetically", "test2", "An example sub-category"],
            "test3 has no Order (first, as in sigal), test2 -10, test1 03")
        let test2 = try page("dir1/test2/index.html")
        let tiles = test2.components(separatedBy: #"<a class="tile" href=""#).dropFirst()
            .map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(tiles, ["21.html", "22.html", "cmb-timeline300-no-wmap.html"])
    }

    func testAConfigFileGivenLeavesTheSigalFileUnreadAndSaysSo() throws {
        try write("site.yaml", "title: Mine\n")
        try write("sigal.conf.py", "theme = 'colorbox'\nsource = 'pictures'\n")
        let result = try InProcessCLI.run(["build", "pictures", "-o", "site", "--config", "site.yaml"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let conf = tmp.url.appendingPathComponent("sigal.conf.py").path
        let yaml = tmp.url.appendingPathComponent("site.yaml").path
        XCTAssertTrue(
            result.stderr.contains(
                "note: \(conf): not read, because \(yaml) is there (once a tessera.yaml exists, it alone is read); "
                    + "nothing in it maps to a tessera.yaml setting\n"), result.stderr)
        XCTAssertTrue(try page("index.html").contains("<title>Mine</title>"))
    }

    func testASigalFileForAnotherSourceIsNoConcernOfThisSite() throws {
        try write("pictures/tessera.yaml", "title: Mine\n")
        try write("sigal.conf.py", "title = 'Theirs'\nsource = 'elsewhere'\n")
        let result = try InProcessCLI.run(["build", "pictures", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("sigal.conf.py"), result.stderr)
    }
}
