import Dispatch
import Foundation
import Synchronization
import TesseraTestSupport
import XCTest

/// `tessera serve` as a user runs it: the real binary, real sockets on 127.0.0.1, an open
/// page listening for reloads, a photo added, a template edited, broken and mended, a
/// `tessera.yaml` and an `index.md` saved, the photos folder deleted and put back, and
/// Ctrl-C; a `sigal.conf.py`'s note printed once, and again only when a `tessera.yaml` changes it. One server for the whole session: the server's request rules are
/// `TesseraServeTests`' (`SiteResponderTests`, socket-free) and many clients at once
/// `ConcurrentClientTests`'; here they are checked once through the binary. Every wait is
/// bounded.
final class ServeCommandTests: XCTestCase {
    private var workspace: SampleWorkspace!
    private var tmp: TemporaryFolder { workspace.folder }
    private var process: Process!
    private var port: UInt16 = 0
    private var site: URL { tmp.url.appendingPathComponent("site") }
    private var standardError: Printed!

    override func setUpWithError() throws {
        workspace = try SampleWorkspace()
        try tmp.write("templates/footer.mustache", Array("<footer class=\"page-footer\">First footer</footer>\n".utf8))
        // Beside the photos, as sigal keeps it: nothing in it maps, so the site is the same.
        try tmp.write("sigal.conf.py", Array("theme = \"colorbox\"\n".utf8))
        process = Process()
        process.executableURL = try Tessera.binary()
        // JPEG only: what is served and reloaded is the point, not the AVIF encoder.
        process.arguments = [
            "serve", "photos", "-o", "site", "--port", "0", "--templates", "templates", "--formats", "none",
        ]
        process.currentDirectoryURL = tmp.url
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        standardError = Printed(errors)
        var printed = ""
        let deadline = Date(timeIntervalSinceNow: 60)
        while !printed.contains("(Ctrl-C to stop)"), Date() < deadline, process.isRunning {
            printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        let address = try XCTUnwrap(printed.range(of: "http://127.0.0.1:"), printed)
        port = try XCTUnwrap(UInt16(printed[address.upperBound...].prefix { $0.isNumber }), printed)
    }

    override func tearDown() {
        if process?.isRunning == true { process.terminate() }
        workspace = nil
    }

    private func get(_ path: String) throws -> RawResponse {
        try RawConnection.request(port: port, path: path)
    }

    /// What the server prints on a pipe, read to its end on its own thread.
    private final class Printed: Sendable {
        private let received = Mutex((text: "", closed: false))

        init(_ pipe: Pipe) {
            Thread.detachNewThread { [self] in
                while case let chunk = pipe.fileHandleForReading.availableData, !chunk.isEmpty {
                    received.withLock { $0.text += String(decoding: chunk, as: UTF8.self) }
                }
                received.withLock { $0.closed = true }
            }
        }

        /// Everything, once the server closed the pipe (waiting at most `seconds`).
        func all(seconds: Double = 10) -> String {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !received.withLock({ $0.closed }), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            return received.withLock { $0.text }
        }
    }

    /// An open page's event stream, read on its own thread.
    private final class EventStream: Sendable {
        private let received = Mutex("")
        private let connection: RawConnection

        init(port: UInt16) throws {
            connection = try RawConnection(port: port, timeout: 30)
            try connection.send(
                "GET /__tessera/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
            Thread.detachNewThread { [self] in
                while let chunk = try? connection.receive(), !chunk.isEmpty {
                    received.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
                }
            }
        }

        /// Waits (at most `seconds`) until the stream holds `count` occurrences of `marker`.
        func wait(for marker: String, count: Int = 1, seconds: Double = 30) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while Date() < deadline {
                if received.withLock({ $0.components(separatedBy: marker).count - 1 }) >= count { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }

        var text: String { received.withLock { $0 } }
    }

    func testAServeSessionReloadsTheOpenPageShowsErrorsKeepsTheLastGoodSiteAndStopsOnCtrlC() throws {
        try checkPagesAreServedWithTheReloadScriptButTheSiteAndManifestStayPrivate()
        try checkAPageElsewhereCannotReadThePreviewThroughARebindingName()
        try checkEveryFileIsServedByteForByte()
        try checkAddingAPhotoEditingAndBreakingATemplateReachTheOpenPage()
        try checkEditingTesseraYAMLAndAnIndexReachTheOpenPage()
        try checkThePhotosFolderDeletedAndPutBackIsWatchedAgainAndTheBannerGoes()
        try checkCtrlCStopsCleanlyAndLeavesNoTemporaryFiles()
    }

    private func checkPagesAreServedWithTheReloadScriptButTheSiteAndManifestStayPrivate() throws {
        let home = try get("/index.html")
        XCTAssertEqual(home.status, 200)
        XCTAssertTrue(home.text.contains("First footer"))
        XCTAssertTrue(home.text.contains("/__tessera/events"), "the live-reload script is added to served pages")
        let onDisk = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertFalse(onDisk.contains("/__tessera/events"), "but never written into the site")
        XCTAssertTrue(
            home.text.hasPrefix(String(onDisk.prefix { $0 != "\u{0}" }).components(separatedBy: "</body>")[0]))
        XCTAssertEqual(try get("/.tessera-manifest.json").status, 404, "the manifest is not served")
        XCTAssertEqual(try get("/travels/").status, 200, "a folder serves its index.html")
    }

    private func checkEveryFileIsServedByteForByte() throws {
        let files = FileManager.default.subpaths(atPath: site.path)!.filter {
            !$0.split(separator: "/").contains { $0.hasPrefix(".") } && !$0.hasSuffix(".html")
                && FileManager.default.fileExists(atPath: site.appendingPathComponent($0).path) && $0.contains(".")
        }
        XCTAssertGreaterThan(files.count, 80)
        var mismatches: [String] = []
        for file in files {
            let path =
                "/"
                + file.split(separator: "/").map {
                    $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
                }.joined(separator: "/")
            let served = try? get(path)
            let expected = try? Data(contentsOf: site.appendingPathComponent(file))
            if served?.status != 200 || served.map({ Data($0.body) }) != expected {
                mismatches.append("\(file): \(served?.status ?? 0)")
            }
        }
        XCTAssertEqual(mismatches, [])
    }

    private func checkAddingAPhotoEditingAndBreakingATemplateReachTheOpenPage() throws {
        let page = try EventStream(port: port)
        XCTAssertTrue(page.wait(for: "retry:"), "the page is connected")

        let saved = Date()
        // One byte more than Market.jpg after its end: a byte-identical copy would be folded
        // into it as a duplicate and get no page.
        var again = try Data(contentsOf: tmp.url.appendingPathComponent("photos/Market.jpg"))
        again.append(0)
        try again.write(to: tmp.url.appendingPathComponent("photos/Market again.jpg"))
        XCTAssertTrue(page.wait(for: "event: reload"), "a new photo reloads the open page: \(page.text)")
        print(
            "serve: a saved photo reached the open page's reload event in \(String(format: "%.2f", Date().timeIntervalSince(saved))) s"
        )
        XCTAssertEqual(try get("/market-again.html").status, 200)

        try tmp.write("templates/footer.mustache", Array("<footer class=\"page-footer\">Second footer</footer>\n".utf8))
        XCTAssertTrue(page.wait(for: "event: reload", count: 2), "an edited template reloads the page")
        XCTAssertTrue(try get("/index.html").text.contains("Second footer"))

        try tmp.write("templates/footer.mustache", Array("<footer>{{#broken}}</footer>\n".utf8))
        XCTAssertTrue(page.wait(for: "event: build-error"), "a broken template shows its error on the open page")
        XCTAssertTrue(page.text.contains("footer.mustache:1:"), page.text)
        let stillServed = try get("/index.html")
        XCTAssertEqual(stillServed.status, 200)
        XCTAssertTrue(stillServed.text.contains("Second footer"), "the last good site is still served")

        try tmp.write("templates/footer.mustache", Array("<footer class=\"page-footer\">Mended</footer>\n".utf8))
        XCTAssertTrue(page.wait(for: "event: reload", count: 3), "mending it reloads the page")
        XCTAssertTrue(try get("/index.html").text.contains("Mended"))
    }

    private func checkEditingTesseraYAMLAndAnIndexReachTheOpenPage() throws {
        let page = try EventStream(port: port)
        XCTAssertTrue(page.wait(for: "retry:"), "the page is connected")

        try tmp.write("photos/tessera.yaml", Array("title: Served Title\n".utf8))
        XCTAssertTrue(page.wait(for: "event: reload"), "a new tessera.yaml rebuilds the site: \(page.text)")
        XCTAssertTrue(try get("/index.html").text.contains("<title>Served Title</title>"))

        try tmp.write("photos/tessera.yaml", Array("title: Served Title\nsrot: date\n".utf8))
        XCTAssertTrue(page.wait(for: "event: build-error"), "a broken tessera.yaml shows its error on the open page")
        XCTAssertTrue(page.text.contains("tessera.yaml:2: unknown key 'srot'; did you mean 'sort'?"), page.text)
        XCTAssertTrue(try get("/index.html").text.contains("Served Title"), "the last good site is still served")

        try tmp.write("photos/Travels/index.md", Array("Title: On the Road\n\nA week by *train*.\n".utf8))
        try tmp.write("photos/tessera.yaml", Array("title: Served Title\nsort: date\n".utf8))
        XCTAssertTrue(page.wait(for: "event: reload", count: 2), "mending it and an index.md reload the page")
        let travels = try get("/travels/index.html").text
        XCTAssertTrue(travels.contains("<h1 dir=\"auto\">On the Road</h1>"), travels)
        XCTAssertTrue(travels.contains("<p>A week by <em>train</em>.</p>"), travels)
    }

    private func checkAPageElsewhereCannotReadThePreviewThroughARebindingName() throws {
        for path in ["/index.html", "/travels/", "/__tessera/events"] {
            let response = try RawConnection.request(
                port: port, path: path, headers: ["Host": "attacker.example:\(port)"])
            XCTAssertEqual(response.status, 421, path)
            XCTAssertFalse(response.text.contains("<html"), path)
        }
        let home = try RawConnection.request(port: port, path: "/", headers: ["Host": "localhost:\(port)"])
        XCTAssertEqual(home.status, 200)
        // The page is previewed under its own policy, which allows the reload script.
        XCTAssertTrue(home.text.contains("<meta http-equiv=\"Content-Security-Policy\""))
        XCTAssertEqual(home.header("Content-Security-Policy"), "frame-ancestors 'none'")
        XCTAssertEqual(home.header("Referrer-Policy"), "no-referrer")
        let stylesheet = try get("/tessera.css")
        XCTAssertTrue(stylesheet.header("Content-Security-Policy")?.contains("script-src 'self'") == true)
        XCTAssertEqual(stylesheet.header("X-Content-Type-Options"), "nosniff")
    }

    private func checkThePhotosFolderDeletedAndPutBackIsWatchedAgainAndTheBannerGoes() throws {
        let photos = tmp.url.appendingPathComponent("photos")
        let backup = tmp.url.appendingPathComponent("photos-backup")
        try FileManager.default.copyItem(at: photos, to: backup)
        let page = try EventStream(port: port)
        XCTAssertTrue(page.wait(for: "retry:"), "the page is connected")

        try FileManager.default.removeItem(at: photos)
        XCTAssertTrue(page.wait(for: "does not exist or is not a folder"), "the failed rebuild reaches the page")
        XCTAssertEqual(try get("/index.html").status, 200, "the last good site is still served")

        try FileManager.default.copyItem(at: backup, to: photos)
        XCTAssertTrue(page.wait(for: "event: reload"), "putting the folder back rebuilds: \(page.text)")
        let later = try EventStream(port: port)
        XCTAssertTrue(later.wait(for: "retry:"))
        XCTAssertFalse(
            later.wait(for: "does not exist or is not a folder", seconds: 1), "no banner for pages opened now")

        // Not a byte-identical copy (that would be folded into Market.jpg): a byte after its end.
        let market = try Data(contentsOf: photos.appendingPathComponent("Market.jpg")) + Data([0x0A])
        try market.write(to: photos.appendingPathComponent("Market once more.jpg"))
        XCTAssertTrue(page.wait(for: "event: reload", count: 2), "and it is still watched: \(page.text)")
        XCTAssertEqual(try get("/market-once-more.html").status, 200)
    }

    private func checkCtrlCStopsCleanlyAndLeavesNoTemporaryFiles() throws {
        kill(process.processIdentifier, SIGINT)
        let stopped = Date(timeIntervalSinceNow: 20)
        while process.isRunning, Date() < stopped { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(process.isRunning, "Ctrl-C stops the server")
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(FileManager.default.subpaths(atPath: site.path)!.filter { $0.hasSuffix(".tmp") }, [])
        try checkTheSigalNotesWerePrintedOnceEachTheyChanged()
    }

    /// Over the whole session, a dozen rebuilds: the note on the `sigal.conf.py` once after
    /// the first build, and the one saying it is not read once when a `tessera.yaml` came.
    private func checkTheSigalNotesWerePrintedOnceEachTheyChanged() throws {
        let printed = standardError.all()
        let conf = tmp.url.appendingPathComponent("sigal.conf.py").path
        let yaml = tmp.url.appendingPathComponent("photos/tessera.yaml").path
        XCTAssertEqual(
            printed.components(separatedBy: "\n").filter { $0.contains("sigal.conf.py") },
            [
                "note: \(conf):1: sigal's 'theme' is not read: choose a built-in look with 'theme:' "
                    + "(tessera themes lists them)",
                "note: \(conf): not read, because \(yaml) is there (once a tessera.yaml exists, it alone is read); "
                    + "nothing in it maps to a tessera.yaml setting",
            ], printed)
    }
}
