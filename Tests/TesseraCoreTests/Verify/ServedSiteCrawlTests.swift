import Synchronization
import XCTest

@testable import TesseraCore

/// A served site is crawled from its home page; the crawl must end whatever the server
/// answers. A server with a fallback or catch-all rule (an SPA host's, nginx's `try_files
/// $uri /index.html`) answers a missing album page with the home page, whose relative links
/// then lead one folder deeper each time: `tessera verify --url` crawled such a site for
/// ever, printing nothing.
final class ServedSiteCrawlTests: XCTestCase {
    /// A site over "HTTP", without a listing: `files` by path, and for any other path what
    /// `otherwise` gives (nil: a 404).
    /// It stops answering after `StandInServer.most` requests, so that a crawl without end
    /// fails the test instead of hanging it.
    final class StandInServer: PublishedSite {
        let files: [String: String]
        let otherwise: @Sendable (String) -> String?
        /// Paths whose download fails (the server closes the connection midway).
        let failing: Set<String>
        let requests = Atomic(0)
        static let most = 10_000
        let name: String
        var servedURL: String? { name }

        init(
            files: [String: String], failing: Set<String> = [], at name: String = "http://127.0.0.1:8000/",
            otherwise: @escaping @Sendable (String) -> String?
        ) {
            self.files = files
            self.failing = failing
            self.name = name
            self.otherwise = otherwise
        }

        func inventory() -> SiteInventory? { nil }
        func withContents<Result>(
            of path: PublishedPath, _ body: (UnsafeRawBufferPointer) -> Result
        ) -> SiteRead<
            Result
        > {
            guard requests.add(1, ordering: .relaxed).newValue <= Self.most else { return .failed("no more answers") }
            if failing.contains(path.description) { return .failed("transfer closed with 4799998 bytes remaining") }
            guard let text = files[path.description] ?? otherwise(path.description) else { return .missing }
            return .read(Array(text.utf8).withUnsafeBytes(body))
        }
    }

    static let home = """
        <html><body><a href="trip/index.html">Trip</a> <a href="gone/index.html">Gone</a>
        <img src="_media/a.jpg"></body></html>
        """
    static let files = [
        "index.html": home,
        "trip/index.html": #"<html><body><a href="../index.html">Home</a> <a href="photo.html">P</a></body></html>"#,
        "_media/a.jpg": String(decoding: SiteVerifierTests.jpeg, as: UTF8.self),
    ]

    func verify(_ server: StandInServer, mostFiles: Int? = nil) -> VerifyReport {
        var options = VerifyOptions(
            gzippedSize: { $0.count }, inflatePNGText: { bytes, limit in bytes.count <= limit ? Array(bytes) : nil })
        if let mostFiles { options.mostFiles = mostFiles }
        let report = SiteVerifier(site: server, options: options).verify()
        XCTAssertLessThan(server.requests.load(ordering: .relaxed), 1_000, "the crawl ended by itself")
        return report
    }

    /// Over HTTP the files are not known in advance: each wave of links adds to the known,
    /// and no report says more read than known, nor goes back.
    func testProgressOverHTTPGrowsWithTheLinksFound() {
        let reports = Mutex<[(read: Int, known: Int)]>([])
        var options = VerifyOptions(
            gzippedSize: { $0.count }, inflatePNGText: { bytes, limit in bytes.count <= limit ? Array(bytes) : nil })
        options.jobs = 1
        options.progress = { read, known in reports.withLock { $0.append((read, known)) } }
        let server = StandInServer(files: Self.files) { _ in nil }
        _ = SiteVerifier(site: server, options: options).verify()
        let told = reports.withLock { $0 }
        XCTAssertEqual(
            told.map(\.read), Array(2...server.requests.load(ordering: .relaxed)), "after the home page, one by one")
        XCTAssertTrue(told.allSatisfy { $0.read <= $0.known }, "\(told)")
        XCTAssertEqual(told.map(\.known), told.map(\.known).sorted(), "the known only grows")
        XCTAssertGreaterThan(Set(told.map(\.known)).count, 1, "links found in the pages add to it: \(told)")
        XCTAssertEqual(told.last?.read, told.last?.known, "every file known is read")
    }

    /// A URL with no site at it (a typo, a deploy that published nothing) answers 404 for
    /// the home page: that is a problem, where it passed as "0 pages, no problems".
    func testAURLWithoutAHomePageFails() {
        let report = verify(StandInServer(files: [:]) { _ in nil })
        XCTAssertEqual(
            report.problems.map { "\($0.position): \($0.message)" },
            [
                "index.html: the server has no home page at http://127.0.0.1:8000/ (HTTP 404); is the URL the site's own folder?"
            ])
    }

    /// A hidden photo's page no link reaches, but its image is named after it: over HTTP
    /// as in a folder, a listed page showing that image shows the hidden photo (it passed,
    /// the page never read). A listed photo's page is not read twice.
    func testAHiddenPhotosImageOnAListedPageIsALeakOverHTTP() {
        let hidden =
            #"<html><head><meta name="robots" content="noindex"></head><body><img src="_media/p3.jpg"></body></html>"#
        let files = Self.files.merging([
            "trip/index.html":
                #"<html><body><a href="../index.html">Home</a> <a href="photo.html">P</a> <img src="_media/p3.jpg"></body></html>"#,
            "trip/photo.html": #"<html><body><img src="_media/photo.jpg"></body></html>"#,
            "trip/p3.html": hidden,
            "trip/_media/p3.jpg": String(decoding: SiteVerifierTests.jpeg, as: UTF8.self),
            "trip/_media/photo.jpg": String(decoding: SiteVerifierTests.jpeg, as: UTF8.self),
        ]) { $1 }
        let report = verify(StandInServer(files: files) { _ in nil })
        XCTAssertEqual(
            report.problems.filter { $0.group == .hidden }.map { "\($0.position): \($0.message)" },
            [
                "trip/index.html:1: shows 'trip/_media/p3.jpg', a file of the hidden photo 'trip/p3.html' (it says noindex)"
            ])
    }

    /// A site built for `…/photos/` and uploaded to `…/gallery/` of the same server passed:
    /// its canonical links resolved in the copy crawled, yet each leads where the server
    /// has no site. On another server (a staging copy, a bucket behind the site's domain)
    /// the address is the publisher's to say (`--base-url`).
    func testASiteServedAtAnotherFolderThanItsPagesNameFails() {
        func home(_ canonical: String) -> [String: String] {
            Self.files.merging([
                "index.html": #"<html><head><link rel="canonical" href="\#(canonical)"></head><body>"#
                    + #"<a href="trip/index.html">Trip</a></body></html>"#
            ]) { $1 }
        }
        let moved = verify(
            StandInServer(files: home("http://example.org/photos/"), at: "http://EXAMPLE.org:80/gallery/") { _ in nil })
        XCTAssertEqual(
            moved.problems.filter { $0.message.contains("served at") }.map(\.file), ["index.html"],
            "\(moved.problems.map(\.message))")
        XCTAssertTrue(
            moved.problems.contains { $0.message.contains("build it with base_url: http://EXAMPLE.org:80/gallery/") })
        for (canonical, served) in [
            ("https://example.org/photos/", "http://127.0.0.1:8000/"),
            ("http://example.org/photos/", "http://example.org/photos/"),
            ("https://example.org/photos/", "https://bucket.s3.example.com/photos/"),
        ] {
            let report = verify(StandInServer(files: home(canonical), at: served) { _ in nil })
            XCTAssertFalse(report.problems.contains { $0.message.contains("served at") }, "\(canonical) at \(served)")
        }
    }

    /// A file the server cut off is one problem, what reading it said: not also a link to
    /// "no file" that the server has.
    func testAFileThatCannotBeReadIsOneProblemNotABrokenLinkToo() {
        let report = verify(StandInServer(files: Self.files, failing: ["_media/a.jpg"]) { _ in nil })
        XCTAssertEqual(
            report.problems.filter { $0.file == "_media/a.jpg" || $0.group == .links }.map {
                "\($0.position): \($0.message)"
            },
            [
                "index.html:1: href 'gone/index.html': no file 'gone/index.html' in the site",
                "trip/index.html:1: href 'photo.html': no file 'trip/photo.html' in the site",
                "_media/a.jpg: cannot be read: transfer closed with 4799998 bytes remaining",
            ])
    }

    func testPathsAnsweredWithTheHomePageAreMissingAndNotFollowed() {
        let report = verify(StandInServer(files: Self.files) { _ in Self.home })
        XCTAssertEqual(
            report.problems.filter { $0.group == .links }.map { "\($0.position): \($0.message)" },
            [
                "index.html:1: href 'gone/index.html': no file 'gone/index.html' in the site",
                "trip/index.html:1: href 'photo.html': no file 'trip/photo.html' in the site",
            ])
        XCTAssertEqual(report.pages, 2, "the home page and the trip's")
        XCTAssertTrue(
            report.notes.contains {
                $0.hasPrefix(
                    "the server answered 4 paths with the home page (feed.xml, gone/index.html, sitemap.xml, and 1 more), "
                )
            }, "the paths are named: \(report.notes)")

        let plain = verify(StandInServer(files: Self.files) { _ in nil })
        XCTAssertEqual(plain.problems.filter { $0.group == .links }, report.problems.filter { $0.group == .links })
        XCTAssertFalse(plain.notes.contains { $0.contains("home page") }, "a server that says 404 is not named")
    }

    /// A catch-all server that stamps each answer (a time, a nonce, a request id) sends
    /// the home page in other bytes every time: known by its links, it is taken as missing
    /// as the same bytes are. Only the bytes were compared, and the crawl went on to tens of
    /// thousands of files.
    func testTheHomePageSentStampedForOtherPathsIsKnownByItsLinks() {
        let stamp = Atomic(0)
        let report = verify(
            StandInServer(files: Self.files) { _ in
                Self.home + "<!-- request \(stamp.add(1, ordering: .relaxed).newValue) -->"
            })
        XCTAssertEqual(
            report.problems.filter { $0.group == .links }.map { "\($0.position): \($0.message)" },
            [
                "index.html:1: href 'gone/index.html': no file 'gone/index.html' in the site",
                "trip/index.html:1: href 'photo.html': no file 'trip/photo.html' in the site",
            ])
        XCTAssertEqual(report.pages, 2, "the home page and the trip's")
    }

    /// A server whose every answer differs (it names the path) and links one folder further.
    func testACrawlThatWouldGoDeeperForEverStopsAtItsDepth() {
        let report = verify(
            StandInServer(files: Self.files) { path in
                path.hasSuffix(".html")
                    ? #"<html><body>\#(path) <a href="more/index.html">More</a></body></html>"# : nil
            })
        XCTAssertEqual(
            report.pages, 2 + 2 * SiteVerifier.deepestFolder, "home, trip, and the chains of gone/ and trip/photo.html")
        XCTAssertEqual(report.problems.filter { $0.group == .links }, [], "a link too deep to follow is not broken")
        XCTAssertTrue(
            report.notes.contains {
                $0.hasPrefix(
                    "links more than 64 folders deep were not followed (2, such as 'gone/more/more/…/more/index.html')")
            }, "\(report.notes)")
    }

    /// A server that makes up a new page for every path, each linking two more, would be
    /// crawled for ever below the depth bound too (2^64 pages): the crawl reads at most
    /// `mostFiles` files and says it stopped.
    func testACrawlOfMadeUpPagesStopsAfterItsMostFiles() {
        let report = verify(
            StandInServer(files: Self.files) { path in
                path.hasSuffix(".html")
                    ? #"<html><body>\#(path) <a href="a/index.html">A</a> <a href="b/index.html">B</a></body></html>"#
                    : nil
            }, mostFiles: 300)
        XCTAssertEqual(report.pages, 300 - 3, "every file read but the image, the sitemap and the feed (404s)")
        XCTAssertEqual(report.problems, [], "a link to a file not read is not taken as broken")
        XCTAssertTrue(
            report.notes.contains { $0.hasPrefix("the crawl stopped after 300 files, with ") }, "\(report.notes)")
    }
}
