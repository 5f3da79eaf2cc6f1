import Foundation
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A 3,000-photo album, built in process with fake photos: cut into pages that each stay
/// within the 64 KB gzipped budget at the default settings, every photo reachable by plain
/// links, each page's grid the whole album's.
final class PaginationTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }

    /// Sizes of every common shape, a panorama and a tall strip among them.
    private static let shapes = [
        (3000, 2000), (2000, 3000), (4000, 3000), (3000, 3000), (4000, 2250), (3000, 4000), (5000, 4000),
        (6000, 1500), (1200, 4000),
    ]

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try photos(3000)
        try folder.write("photos/Small/One.jpg", FakeImaging.photo(width: 3000, height: 2000))
    }

    /// `count` photos in `Big`, of shapes picked by a fixed pseudo-random sequence.
    private func photos(_ count: Int) throws {
        var state: UInt64 = 12_345
        for index in 1...count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let shape = Self.shapes[Int(state >> 33) % Self.shapes.count]
            try folder.write(
                "photos/Big/IMG_\(String(format: "%04d", index)).jpg",
                FakeImaging.photo(width: shape.0, height: shape.1, note: "\(index)"))  // not copies
        }
    }

    @discardableResult
    private func build(into site: String, pageSize: Int? = nil) throws -> URL {
        var configuration = SiteConfiguration()
        if let pageSize { configuration.layout.pageSize = pageSize }
        let output = folder.url.appendingPathComponent(site)
        _ = try SiteBuilder(
            input: input, output: output, configuration: configuration,
            run: RunOptions(jobs: 2, generator: "test"), theme: try Theme.defaults(), imaging: FakeImaging(),
            video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
        return output
    }

    private func text(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    /// The album's pages in the site, in their order: `index.html`, `page-2.html` …
    private func albumPages(_ site: URL) -> [String] {
        var pages = ["big/index.html"]
        while FileManager.default.fileExists(
            atPath: site.appendingPathComponent("big/page-\(pages.count + 1).html").path)
        {
            pages.append("big/page-\(pages.count + 1).html")
        }
        return pages
    }

    /// What gzip at its default level sends for `text`.
    private func gzipped(_ text: String) throws -> Int {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-6", "-n", "-c"]
        let stdin = Pipe()
        let stdout = Pipe()
        gzip.standardInput = stdin
        gzip.standardOutput = stdout
        try gzip.run()
        let data = Data(text.utf8)
        let writer = Thread {
            stdin.fileHandleForWriting.write(data)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        gzip.waitUntilExit()
        return out.count
    }

    /// The whole album's grid, as the layout stage computes it for 3,000 photos.
    private func wholeGrid() throws -> [String] {
        var state: UInt64 = 12_345
        let ratios = (1...3000).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let shape = Self.shapes[Int(state >> 33) % Self.shapes.count]
            return Double(shape.0) / Double(shape.1)
        }
        let grid = ResponsiveGrid(ratios: ratios, options: LayoutOptions(), pageSize: AlbumPagination.defaultPageSize)
        return ratios.indices.map(grid.tileStyle)
    }

    /// 500 photos (the default `page_size`) each with a four-word title and a sentence of
    /// caption made one page of 70 KiB gzipped, which the build wrote without a word and
    /// `verify` failed: a page holds fewer tiles where their words would take it over the
    /// budget, and each page stays within it, in English and in Japanese.
    func testPagesOfCaptionedPhotosStayWithinTheBudget() throws {
        let english = "the old harbour at dawn with boats coming back from a long night out at sea while gulls call"
            .split(separator: " ")
        let japanese = Array("東京の夜景と桜の花が美しい春の日に撮影した写真です海辺の街並みと古い港")
        var state: UInt64 = 99
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for (album, words) in [("English", english.map(String.init)), ("Japanese", japanese.map(String.init))] {
            let separator = album == "English" ? " " : ""
            for index in 1...520 {
                let name = "photos/\(album)/IMG_\(String(format: "%04d", index))"
                try folder.write(name + ".jpg", FakeImaging.photo(width: 3000, height: 2000, note: "\(album)\(index)"))
                let title = (0..<(album == "English" ? 4 : 8)).map { _ in words[next(words.count)] }
                let caption = (0..<(album == "English" ? 16 : 30)).map { _ in words[next(words.count)] }
                try folder.write(
                    name + ".md",
                    Array(
                        "---\ntitle: \(title.joined(separator: separator))\n---\n\(caption.joined(separator: separator)).\n"
                            .utf8))
            }
        }
        let site = try build(into: "site")
        for album in ["english", "japanese"] {
            var pages = ["\(album)/index.html"]
            while FileManager.default.fileExists(
                atPath: site.appendingPathComponent("\(album)/page-\(pages.count + 1).html").path)
            {
                pages.append("\(album)/page-\(pages.count + 1).html")
            }
            XCTAssertGreaterThan(pages.count, 1, "\(album): 520 captioned photos do not fit one page")
            var tiles = 0
            for path in pages {
                let html = try text(site, path)
                XCTAssertLessThanOrEqual(try gzipped(html), 64 * 1024, path)
                tiles += html.matches(of: #/<a class="tile" /#).count
            }
            XCTAssertEqual(tiles, 520, "\(album): every photo on one of its pages")
        }
    }

    func testABigAlbumIsCutIntoPagesWithinTheBudgetEachTheWholeAlbumsSlice() throws {
        let site = try build(into: "site")
        let pages = albumPages(site)
        XCTAssertGreaterThanOrEqual(pages.count, 6, "3,000 photos at most 500 a page")

        var holders: [String: [String]] = [:]
        var styles: [String] = []
        for (number, path) in pages.enumerated() {
            let html = try text(site, path)
            let size = try gzipped(html)
            XCTAssertLessThanOrEqual(size, 64 * 1024, "\(path) is \(size) bytes gzipped")
            for tile in html.matches(of: #/<a class="tile" href="([^"]*)" style="([^"]*)"/#) {
                holders[String(tile.1), default: []].append(String(path.dropFirst("big/".count)))
                styles.append(String(tile.2))
            }
            // Links to the page before and after, in the head and in sight, and to every page.
            let name = { (page: Int) in String(pages[page].dropFirst("big/".count)) }
            let previous = number == 0 ? [] : [name(number - 1)]
            let next = number + 1 == pages.count ? [] : [name(number + 1)]
            XCTAssertEqual(html.matches(of: #/<link rel="prev" href="([^"]*)">/#).map { String($0.1) }, previous, path)
            XCTAssertEqual(html.matches(of: #/<link rel="next" href="([^"]*)">/#).map { String($0.1) }, next, path)
            XCTAssertEqual(
                html.matches(of: #/<a class="previous" rel="prev" href="([^"]*)">/#).map { String($0.1) }, previous,
                path)
            XCTAssertEqual(
                html.matches(of: #/<a class="next" rel="next" href="([^"]*)">/#).map { String($0.1) }, next, path)
            XCTAssertTrue(html.contains(#"<span aria-current="page">\#(number + 1)</span>"#), path)
            for other in pages.indices where other != number {
                XCTAssertTrue(html.contains(#"<a href="\#(name(other))">\#(other + 1)</a>"#), path)
            }
        }
        // Every photo on exactly one page, and the pages together the whole album's grid:
        // the same tiles in the same order, each with its places at every breakpoint.
        XCTAssertEqual(holders.count, 3000)
        XCTAssertEqual(holders.filter { $0.value.count != 1 }.map(\.key), [])
        XCTAssertEqual(styles, try wholeGrid())
        // A photo page's way up leads to the page that holds the photo.
        for (photo, pages) in holders {
            let up = try text(site, "big/" + photo).firstMatch(of: #/<a class="up" href="([^"]*)"/#)
            XCTAssertEqual(up.map { String($0.1) }, pages.first, photo)
        }

        // Shrunk to 300 photos, the album is one page again and its other pages are gone.
        let big = input.appendingPathComponent("Big")
        for name in try FileManager.default.contentsOfDirectory(atPath: big.path) where name > "IMG_0300.jpg" {
            try FileManager.default.removeItem(at: big.appendingPathComponent(name))
        }
        try build(into: "site")
        XCTAssertEqual(albumPages(site), ["big/index.html"])
        for path in pages.dropFirst() {
            XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), path)
        }
        let html = try text(site, "big/index.html")
        XCTAssertEqual(html.matches(of: #/<a class="tile" href/#).count, 300)
        XCTAssertFalse(html.contains(#"rel="next""#))
        XCTAssertFalse(html.contains(#"class="pager""#))
    }
}
