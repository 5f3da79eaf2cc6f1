import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// The server's rules for a request, decided without a socket: who is answered, with
/// which headers, and what the reserved paths hold.
final class SiteResponderTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var hub: ReloadHub!
    private var responder: SiteResponder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("site/index.html", Array("<html><body>hidden album</body></html>".utf8))
        try folder.write("site/style.css", Array("body{}".utf8))
        try folder.write("site/p.jpg", [0xFF, 0xD8, 0xFF])
        let root = try XCTUnwrap(realpath(folder.url.appendingPathComponent("site").path, nil))
        defer { free(root) }
        hub = ReloadHub(heartbeat: .seconds(60), maximumStreams: 2)
        responder = SiteResponder(
            folder: ServedFolder(root: String(cString: root), refusesName: { $0.hasPrefix(".") }), hub: hub,
            hostPolicy: HostPolicy(listeningOn: "127.0.0.1"))
    }

    override func tearDown() {
        hub.close()
        folder = nil
    }

    private func reply(
        _ path: String, method: String = "GET", host: String? = "127.0.0.1:8000", headers: [String: String] = [:]
    ) -> Reply {
        responder.reply(method: method, escapedPath: path, port: 8000) { name in
            name.lowercased() == "host" ? host : headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    private func text(_ reply: Reply) -> String {
        if case .bytes(let bytes) = reply.body { return String(decoding: bytes, as: UTF8.self) }
        return ""
    }

    private func header(_ reply: Reply, _ name: String) -> String? {
        reply.headers.last { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// `If-Modified-Since` is the client's text: a date whose year no calendar has (one of
    /// -2147483648 overflowed `year - 1900` and stopped the server for every client after)
    /// is ignored as any malformed date is, and the file is sent whole.
    func testAnImpossibleIfModifiedSinceIsIgnoredNotAFault() throws {
        let modified = try XCTUnwrap(header(reply("/style.css"), "Last-Modified"))
        XCTAssertEqual(reply("/style.css", headers: ["If-Modified-Since": modified]).status, 304)
        for hostile in [
            "Mon, 01 Jan -2147483648 00:00:00 GMT", "Mon, 01 Jan 2147483647 00:00:00 GMT",
            "Mon, -2147483648 Jan 2026 00:00:00 GMT", "Mon, 01 Jan 2026 99999999999:00:00 GMT",
            "Mon, 01 Jan 2026 -1:-1:-1 GMT", "Mon, 01 Jan 9223372036854775807 00:00:00 GMT",
        ] {
            XCTAssertNil(HTTPDate.parse(hostile), hostile)
            XCTAssertEqual(reply("/style.css", headers: ["If-Modified-Since": hostile]).status, 200, hostile)
        }
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), 784_111_777)
        XCTAssertEqual(HTTPDate.format(secondsSince1970: 784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPDate.format(secondsSince1970: Int.max), "Fri, 31 Dec 9999 23:59:59 GMT")
        XCTAssertEqual(HTTPDate.format(secondsSince1970: Int.min), "Mon, 01 Jan 0001 00:00:00 GMT")
    }

    func testARebindingPageIsRefusedForPagesFilesAndTheReloadStream() {
        for path in ["/", "/index.html", "/p.jpg", PreviewServer.Configuration.eventsPath, "/missing"] {
            let refused = reply(path, host: "evil.example:8000")
            XCTAssertEqual(refused.status, 421, path)
            XCTAssertFalse(text(refused).contains("hidden album"), path)
            XCTAssertEqual(header(refused, "Connection"), "close", "\(path): the stranger's connection is not kept")
        }
        XCTAssertEqual(hub.subscriberCount, 0, "no stream was opened for the stranger")
        XCTAssertTrue(text(reply("/", host: "evil.example:8000")).contains("'evil.example:8000'"))
        XCTAssertEqual(reply("/", host: "localhost:8000").status, 200)
    }

    func testTheRefusalNamesTheAddressesToUse() {
        let message = text(reply("/", host: "photos.lan:8000"))
        XCTAssertTrue(message.contains("http://127.0.0.1:8000/"), message)
        XCTAssertTrue(message.contains("http://localhost:8000/"), message)
    }

    func testEveryReplyCarriesThePolicyNosniffAndNoReferrer() throws {
        let tag = try XCTUnwrap(header(reply("/style.css"), "ETag"))
        let replies = [
            reply("/"), reply("/style.css"), reply("/p.jpg"), reply("/missing"), reply("/", method: "POST"),
            reply("/", host: "evil.example:8000"), reply("/%00"), reply("/style.css", headers: ["If-None-Match": tag]),
            reply(PreviewServer.Configuration.reloadScriptPath),
            reply(PreviewServer.Configuration.eventsPath, method: "HEAD"),
        ]
        XCTAssertEqual(replies.map(\.status), [200, 200, 200, 404, 405, 421, 400, 304, 200, 200])
        for reply in replies {
            let policy = try XCTUnwrap(header(reply, "Content-Security-Policy"), "\(reply.status)")
            let directives = policy.components(separatedBy: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertTrue(directives.contains("script-src 'self'"), policy)
            XCTAssertTrue(directives.contains("frame-ancestors 'none'"), policy)
            XCTAssertEqual(header(reply, "X-Content-Type-Options"), "nosniff")
            XCTAssertEqual(header(reply, "Referrer-Policy"), "no-referrer")
        }
    }

    func testAPageWithItsOwnPolicyIsPreviewedUnderItAndOthersUnderTesserasPolicy() throws {
        try folder.write(
            "site/own.html",
            Array(
                """
                <html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self' https://fonts.example">
                </head><body>own</body></html>
                """.utf8))
        let own = reply("/own.html")
        XCTAssertEqual(header(own, "Content-Security-Policy"), "frame-ancestors 'none'", "the page's meta rules")
        XCTAssertEqual(header(own, "X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(header(reply("/"), "Content-Security-Policy"), SiteResponder.contentSecurityPolicy)
    }

    func testTheReloadScriptIsAFileAndOtherReservedPathsAreNotTheSites() throws {
        try folder.write("site/__tessera/other.html", Array("site's own".utf8))
        let script = reply(PreviewServer.Configuration.reloadScriptPath)
        XCTAssertEqual(header(script, "Content-Type"), "text/javascript; charset=utf-8")
        XCTAssertTrue(text(script).contains("addEventListener(\"pagehide\", disconnect)"))
        XCTAssertEqual(reply("/__tessera/other.html").status, 404)
    }

    func testPagesAreStreamedWithTheTagAndTheirTagNamesTheGeneration() throws {
        let first = reply("/")
        guard case .page(let page) = first.body else { return XCTFail("the page is streamed: \(first.body)") }
        XCTAssertEqual(page.insertionPoint, UInt64("<html><body>hidden album".utf8.count))
        let tag = try XCTUnwrap(header(first, "ETag"))
        XCTAssertNil(header(first, "Last-Modified"), "the same file is another page after a rebuild")
        XCTAssertEqual(reply("/", headers: ["If-None-Match": tag]).status, 304)
        hub.reload()
        XCTAssertEqual(reply("/", headers: ["If-None-Match": tag]).status, 200, "a rebuild makes every page new")
    }

    func testStreamsBeyondTheCapAreRefusedWithAReason() {
        let streams = (0..<2).map { _ in reply(PreviewServer.Configuration.eventsPath) }
        XCTAssertEqual(streams.map(\.status), [200, 200])
        let third = reply(PreviewServer.Configuration.eventsPath)
        XCTAssertEqual(third.status, 503)
        XCTAssertTrue(text(third).contains("2 pages are already open for live reload"), text(third))
        XCTAssertEqual(reply("/").status, 200, "pages are not capped with streams")
        for case .events(let stream) in streams.map(\.body) { stream.close() }
        XCTAssertEqual(reply(PreviewServer.Configuration.eventsPath).status, 200, "a closed stream frees its place")
    }

    /// A site whose base URL is `https://example.org/photos/` has a 404 page linking
    /// `/photos/tessera.css` and `/photos/`, as its host will serve them; the preview serves
    /// the site at `/` and answers below `/photos/` too, so that page shows styled and its
    /// home link leads to the preview's home. A path that names a file as it is (an album
    /// called `photos`) is that file.
    func testThePublishedFolderIsAnsweredTooSoTheNotFoundPagesLinksWork() throws {
        try folder.write("site/404.html", Array("<html><body>not here</body></html>".utf8))
        try folder.write("site/photos/a.html", Array("<html><body>the album called photos</body></html>".utf8))
        let published = SiteResponder(
            folder: responder.folder, hub: hub, hostPolicy: responder.hostPolicy, sitePrefix: ["photos"])
        func answer(_ path: String) -> Reply {
            published.reply(method: "GET", escapedPath: path, port: 8000) {
                $0.lowercased() == "host" ? "127.0.0.1:8000" : nil
            }
        }
        guard case .file = answer("/photos/style.css").body else {
            return XCTFail("the stylesheet below the published folder: \(answer("/photos/style.css"))")
        }
        XCTAssertEqual(answer("/photos/style.css").status, 200)
        XCTAssertEqual(answer("/style.css").status, 200, "the site is still served at the root")
        let home = answer("/photos/")
        XCTAssertEqual(home.status, 200)
        guard case .page(let homePage) = home.body else { return XCTFail("the home page: \(home.body)") }
        XCTAssertEqual(homePage.insertionPoint, UInt64("<html><body>hidden album".utf8.count))
        XCTAssertEqual(answer("/photos").status, 301)
        XCTAssertEqual(header(answer("/photos"), "Location"), "/photos/")
        guard case .page(let album) = answer("/photos/a.html").body else { return XCTFail("the album's page") }
        XCTAssertEqual(
            album.insertionPoint, UInt64("<html><body>the album called photos".utf8.count), "a real folder wins")
        XCTAssertEqual(answer("/photos/missing.html").status, 404)
        XCTAssertEqual(answer("/other/style.css").status, 404, "only the published folder")
        XCTAssertEqual(reply("/photos/style.css").status, 404, "a site published at the root has no such path")
    }
}
