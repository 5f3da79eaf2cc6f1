import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// The HTTP rules for files: types, index pages, methods, ranges, validators, answered by
/// the responder without a socket; over a real connection, what libmicrohttpd adds (HEAD,
/// the query string, a range and a large file sent from disk) and the server's life.
final class StaticFileTests: XCTestCase {
    private static let files: [String: [UInt8]] = [
        "index.html": Array("<html><body>home</body></html>".utf8),
        "album/index.html": Array("<html><body>album</body></html>".utf8),
        "style.css": Array("body{}".utf8),
        "app.js": Array("let a=1".utf8),
        "p.jpg": [0xFF, 0xD8, 0xFF, 0xE0] + Array(0..<200).map { UInt8($0) },
        "p.png": [0x89, 0x50],
        "p.webp": [1], "p.avif": [2], "i.svg": Array("<svg/>".utf8), "sitemap.xml": Array("<x/>".utf8),
        "data.json": Array("{}".utf8), "notes.unknownext": [3], "clip.mp4": [4], "album.zip": [5],
        "assets/captions.vtt": Array("WEBVTT".utf8), "assets/song.mp3": [6], "assets/face.ttf": [7],
        "assets/guide.pdf": Array("%PDF".utf8),
    ]

    private func makeSite() throws -> RespondedSite {
        try RespondedSite(files: Self.files) { $0.liveReload = false }
    }

    private func makeServedSite() throws -> ServedSite {
        try ServedSite(files: Self.files) { $0.liveReload = false }
    }

    func testContentTypesFollowTheExtension() throws {
        let site = try makeSite()
        let expected = [
            "/index.html": "text/html; charset=utf-8", "/style.css": "text/css; charset=utf-8",
            "/app.js": "text/javascript; charset=utf-8", "/p.jpg": "image/jpeg", "/p.png": "image/png",
            "/p.webp": "image/webp", "/p.avif": "image/avif", "/i.svg": "image/svg+xml",
            "/sitemap.xml": "application/xml", "/data.json": "application/json",
            "/notes.unknownext": "application/octet-stream", "/clip.mp4": "video/mp4", "/album.zip": "application/zip",
            // A theme's assets: Firefox refuses a <track> that is not text/vtt.
            "/assets/captions.vtt": "text/vtt; charset=utf-8", "/assets/song.mp3": "audio/mpeg",
            "/assets/face.ttf": "font/ttf", "/assets/guide.pdf": "application/pdf",
        ]
        for (path, type) in expected {
            let response = try site.get(path)
            XCTAssertEqual(response.status, 200, path)
            XCTAssertEqual(response.header("Content-Type"), type, path)
            XCTAssertEqual(response.header("Cache-Control"), "no-cache", path)
        }
    }

    func testEveryResponseCarriesAPolicyNosniffAndNoReferrer() throws {
        let site = try makeSite()
        for (path, method) in [("/", "GET"), ("/p.jpg", "GET"), ("/nothing", "GET"), ("/", "POST"), ("/%00", "GET")] {
            let response = try site.get(path, method: method)
            let policy = response.header("Content-Security-Policy") ?? ""
            XCTAssertTrue(policy.contains("script-src 'self'"), "\(method) \(path): \(policy)")
            XCTAssertTrue(policy.contains("frame-ancestors 'none'"), "\(method) \(path): \(policy)")
            XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff", "\(method) \(path)")
            XCTAssertEqual(response.header("Referrer-Policy"), "no-referrer", "\(method) \(path)")
        }
    }

    func testFoldersServeTheirIndexAndRedirectWithoutSlash() throws {
        let site = try makeSite()
        XCTAssertEqual(try site.get("/").text, "<html><body>home</body></html>")
        XCTAssertEqual(try site.get("/album/").text, "<html><body>album</body></html>")
        let redirect = try site.get("/album")
        XCTAssertEqual(redirect.status, 301)
        XCTAssertEqual(redirect.header("Location"), "/album/")
    }

    func testAQueryStringDoesNotChangeTheFile() throws {
        let site = try makeServedSite()
        XCTAssertEqual(try site.get("/style.css?v=2").text, "body{}")
        XCTAssertEqual(try site.get("/album/?page=1").text, "<html><body>album</body></html>")
    }

    func testMissingFilesGetAPlain404() throws {
        let site = try makeSite()
        let response = try site.get("/nothing-here.html")
        XCTAssertEqual(response.status, 404)
        XCTAssertTrue(response.text.contains("Not found"))
        XCTAssertEqual(try site.get("/style.css/").status, 404)
    }

    func testASiteWithA404PageGetsItForEveryMissingAddress() throws {
        let notFound = Array("<!doctype html><html><body><p>Rien ici</p></body></html>".utf8)
        for liveReload in [false, true] {
            let site = try RespondedSite(files: Self.files.merging(["404.html": notFound]) { $1 }) {
                $0.liveReload = liveReload
            }
            for path in ["/nothing-here.html", "/album/deeper/missing/", "/style.css/"] {
                let response = try site.get(path)
                XCTAssertEqual(response.status, 404, path)
                XCTAssertTrue(response.text.contains("Rien ici"), "\(path): the site's own page, as hosts serve it")
                XCTAssertNil(response.headers["etag"], "\(path): a missing address is never answered 304")
                XCTAssertEqual(response.text.contains("__tessera"), liveReload, "\(path): reloads while editing")
            }
            XCTAssertEqual(try site.get("/404.html").status, 200, "the page itself is a page")
        }
    }

    func testOnlyGetAndHeadAreAnswered() throws {
        let site = try makeSite()
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            let response = try site.get("/index.html", method: method)
            XCTAssertEqual(response.status, 405, method)
            XCTAssertEqual(response.header("Allow"), "GET, HEAD", method)
        }
    }

    func testHeadSendsHeadersWithoutBody() throws {
        let site = try makeServedSite()
        let response = try site.get("/p.jpg", method: "HEAD")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Length"), "204")
        XCTAssertEqual(response.body, [])
    }

    func testARangeSendsExactlyThoseBytes() throws {
        let site = try makeServedSite()
        let file = try [UInt8](Data(contentsOf: site.site.appendingPathComponent("p.jpg")))
        let middle = try site.get("/p.jpg", headers: ["Range": "bytes=10-19"])
        XCTAssertEqual(middle.status, 206)
        XCTAssertEqual(middle.body, Array(file[10...19]))
        XCTAssertEqual(middle.header("Content-Range"), "bytes 10-19/204")
        XCTAssertEqual(try site.get("/p.jpg", headers: ["Range": "bytes=200-"]).body, Array(file[200...]))
        XCTAssertEqual(try site.get("/p.jpg", headers: ["Range": "bytes=-3"]).body, Array(file[201...]))
        XCTAssertEqual(try site.get("/p.jpg", headers: ["Range": "bytes=100-9999"]).body, Array(file[100...]))
    }

    func testARangeBeyondTheEndIs416() throws {
        let site = try makeSite()
        let response = try site.get("/p.jpg", headers: ["Range": "bytes=204-300"])
        XCTAssertEqual(response.status, 416)
        XCTAssertEqual(response.header("Content-Range"), "bytes */204")
    }

    func testValidatorsAnswer304() throws {
        let site = try makeSite()
        let first = try site.get("/style.css")
        let tag = try XCTUnwrap(first.header("ETag"))
        let modified = try XCTUnwrap(first.header("Last-Modified"))
        let byTag = try site.get("/style.css", headers: ["If-None-Match": tag])
        XCTAssertEqual(byTag.status, 304)
        XCTAssertEqual(byTag.body, [])
        XCTAssertEqual(byTag.header("ETag"), tag)
        XCTAssertEqual(try site.get("/style.css", headers: ["If-Modified-Since": modified]).status, 304)
        XCTAssertEqual(try site.get("/style.css", headers: ["If-None-Match": "\"other\""]).status, 200)
    }

    func testAChangedFileGetsANewTag() throws {
        let site = try makeSite()
        let before = try XCTUnwrap(try site.get("/style.css").header("ETag"))
        try Data("body{color:red}".utf8).write(to: site.site.appendingPathComponent("style.css"))
        let after = try site.get("/style.css", headers: ["If-None-Match": before])
        XCTAssertEqual(after.status, 200)
        XCTAssertEqual(after.text, "body{color:red}")
    }

    func testLargeFilesArriveWhole() throws {
        let big = (0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let site = try ServedSite(files: ["big.bin": big])
        XCTAssertEqual(try site.get("/big.bin").body, big)
    }

    func testPortZeroReportsTheRealPortAndStopFreesIt() throws {
        let site = try makeServedSite()
        XCTAssertNotEqual(site.port, 0)
        XCTAssertEqual(site.server.url.absoluteString, "http://127.0.0.1:\(site.port)/")
        site.server.stop()
        site.server.stop()
        XCTAssertThrowsError(try RawConnection(port: site.port))
    }

    func testIPv6LoopbackWorksWhereTheMachineHasIt() throws {
        let folder = try ServedSite(files: ["a.txt": Array("six".utf8)]) { $0.liveReload = false }
        var configuration = PreviewServer.Configuration(root: folder.site)
        configuration.host = "::1"
        guard let server = try? PreviewServer(configuration) else { throw XCTSkip("no IPv6 loopback here") }
        defer { server.stop() }
        XCTAssertEqual(server.url.absoluteString, "http://[::1]:\(server.port)/")
        XCTAssertTrue(configuration.listensOnLoopbackOnly)
    }

    func testStopLeavesNoDescriptorsOrThreadsBehind() throws {
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }
        func threads() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count }
        _ = try makeServedSite()  // first use starts whatever the runtime keeps for itself
        let descriptorsBefore = try openDescriptors()
        let threadsBefore = try threads()
        do {
            let site = try makeServedSite()
            let events = try RawConnection(port: site.port)
            try events.send("GET /__tessera/events HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\n\r\n")
            for path in ["/", "/p.jpg", "/style.css", "/nothing"] { _ = try site.get(path) }
            site.server.stop()
        }
        XCTAssertEqual(try openDescriptors(), descriptorsBefore)
        XCTAssertTrue(waitUntil { (try? threads()) ?? 0 <= threadsBefore }, "connection threads ended")
    }

    func testStartingWithoutAFolderSaysWhatToDo() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        XCTAssertThrowsError(try PreviewServer(.init(root: missing))) { error in
            XCTAssertTrue("\(error)".contains("not a folder"), "\(error)")
        }
        var configuration = PreviewServer.Configuration(root: URL(fileURLWithPath: "/tmp"))
        configuration.host = "not-an-address"
        XCTAssertThrowsError(try PreviewServer(configuration))
        XCTAssertThrowsError(try PreviewServer.checkCanListen(configuration)) { error in
            XCTAssertEqual(error as? PreviewServerError, PreviewServerError(reason: .invalidHost("not-an-address")))
        }
    }

    /// What `tessera serve` checks before its first build: a port a server holds is
    /// refused, saying why; any free one (0) and a free port pass.
    func testAPortInUseIsFoundBeforeServing() throws {
        let site = try TemporaryFolder()
        let holder = try PreviewServer(.init(root: site.url))
        defer { holder.stop() }
        var configuration = PreviewServer.Configuration(root: site.url)
        configuration.port = holder.port
        XCTAssertThrowsError(try PreviewServer.checkCanListen(configuration)) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot listen on 127.0.0.1 port \(holder.port): another program is using that port (perhaps another "
                    + "tessera serve); pass --port with another port, or --port 0 for any free one")
        }
        configuration.port = 0
        XCTAssertNoThrow(try PreviewServer.checkCanListen(configuration))
        holder.stop()
        // An address this machine does not have (TEST-NET-1): said before a build, as the
        // address's fault, with any port; `--port 0` built the whole site first, then blamed
        // the port.
        for port: UInt16 in [0, 8000] {
            configuration.host = "192.0.2.1"
            configuration.port = port
            XCTAssertThrowsError(try PreviewServer.checkCanListen(configuration)) { error in
                XCTAssertEqual(
                    error as? PreviewServerError, PreviewServerError(reason: .addressUnavailable("192.0.2.1")))
                XCTAssertTrue("\(error)".contains("this machine has no such address; pass --host"), "\(error)")
            }
        }
        configuration.host = "127.0.0.1"
        configuration.port = holder.port
        XCTAssertNoThrow(try PreviewServer.checkCanListen(configuration), "free again once the holder stops")
    }
}
