import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// Connections on real loopback sockets: idle and slow clients do not lock others out,
/// page loads reuse their connection, pipelined requests are answered in order. Every
/// wait is bounded by the connections' receive timeout.
final class ConnectionTests: XCTestCase {
    private let files: [String: [UInt8]] = [
        "index.html": Array("<html><body>home</body></html>".utf8),
        "style.css": Array("body { margin: 0 }".utf8),
        "a.txt": Array("first".utf8), "b.txt": Array("second".utf8), "c.txt": Array("third".utf8),
    ]

    func testTwoHundredIdleConnectionsDoNotLockOutAPageLoad() throws {
        let site = try ServedSite(files: files)
        // Connected and silent, like a stalled client or a stranger's page holding sockets.
        let idle = try (0..<200).map { _ in try RawConnection(port: site.port) }
        let response = try site.get("/style.css")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.text, "body { margin: 0 }")
        XCTAssertEqual(idle.count, 200)
    }

    func testTwoHundredHalfSentRequestsDoNotLockOutAPageLoad() throws {
        let site = try ServedSite(files: files)
        let slow = try (0..<200).map { _ in try RawConnection(port: site.port) }
        for connection in slow { try connection.send("GET /index.html HT") }
        XCTAssertEqual(try site.get("/a.txt").text, "first")
    }

    func testTwoHundredOpenReloadStreamsDoNotLockOutAPageLoad() throws {
        let site = try ServedSite(files: files)
        let streams = try (0..<200).map { _ in try RawConnection(port: site.port) }
        for stream in streams {
            try stream.send(
                "GET \(PreviewServer.Configuration.eventsPath) HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\n\r\n")
        }
        XCTAssertEqual(try site.get("/b.txt").text, "second")
        XCTAssertEqual(try site.get("/").status, 200)
    }

    func testAStrangersHostIsRefusedForPagesAndTheReloadStream() throws {
        let site = try ServedSite(files: files)
        for path in ["/", "/a.txt", PreviewServer.Configuration.eventsPath] {
            let response = try site.get(path, headers: ["Host": "rebinding.example:\(site.port)"])
            XCTAssertEqual(response.status, 421, path)
            XCTAssertFalse(response.text.contains("home") || response.text.contains("first"), path)
        }
        XCTAssertEqual(site.server.liveReloadClientCount, 0)
        XCTAssertEqual(try site.get("/", headers: ["Host": "localhost:\(site.port)"]).status, 200)
    }

    func testPageLoadsKeepTheirConnection() throws {
        let site = try ServedSite(files: files)
        let connection = try RawConnection(port: site.port)
        for (path, text) in [("/a.txt", "first"), ("/", "home"), ("/b.txt", "second")] {
            try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\n\r\n")
            let response = try connection.receiveResponse()
            XCTAssertEqual(response.status, 200, path)
            XCTAssertTrue(response.text.contains(text), path)
            XCTAssertNotEqual(response.header("Connection")?.lowercased(), "close", path)
        }
    }

    func testPipelinedRequestsAreAnsweredInOrder() throws {
        let site = try ServedSite(files: files)
        let connection = try RawConnection(port: site.port)
        let host = "Host: 127.0.0.1:\(site.port)\r\n"
        // Sent at once, as a pipelining client does.
        try connection.send(
            "GET /c.txt HTTP/1.1\r\n\(host)\r\nGET /a.txt HTTP/1.1\r\n\(host)\r\n"
                + "GET /missing HTTP/1.1\r\n\(host)\r\nGET /b.txt HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        XCTAssertEqual(try connection.receiveResponse().text, "third")
        XCTAssertEqual(try connection.receiveResponse().text, "first")
        XCTAssertEqual(try connection.receiveResponse().status, 404)
        let last = try connection.receiveResponse()
        XCTAssertEqual(last.text, "second")
        XCTAssertEqual(last.header("Connection"), "close")
        XCTAssertEqual(try connection.receiveAll(), [], "and then the connection closes, as asked")
    }

    func testASilentConnectionIsClosedAfterTheIdleTimeout() throws {
        let site = try ServedSite(files: files) { $0.idleTimeoutSeconds = 1 }
        let silent = try RawConnection(port: site.port, timeout: 30)
        try silent.send("GET /a.txt HT")
        XCTAssertEqual(try silent.receiveAll(), [], "closed by the server, without an answer")
    }

    func testAMethodWithABodyIsRefusedAndItsConnectionClosed() throws {
        let site = try ServedSite(files: files)
        let connection = try RawConnection(port: site.port)
        try connection.send(
            "POST /a.txt HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nContent-Length: 5\r\n\r\nhello")
        let response = try RawConnection.parse(connection.receiveAll())
        XCTAssertEqual(response.status, 405)
    }

    /// A GET with a body (curl's `-X GET --data`) was closed with no answer at all ("Empty
    /// reply from server"): a 400 now, whether the body has a length or is chunked,
    /// and the next request on the connection is answered.
    func testAGetOrHeadWithABodyIsAnsweredWithBadRequest() throws {
        let site = try ServedSite(files: files)
        let host = "Host: 127.0.0.1:\(site.port)\r\n"
        for (request, what) in [
            ("GET /a.txt HTTP/1.1\r\n\(host)Content-Length: 5\r\n\r\nhello", "GET with a length"),
            ("GET /a.txt HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", "chunked"),
        ] {
            let connection = try RawConnection(port: site.port)
            try connection.send(request)
            XCTAssertEqual(try connection.receiveResponse().status, 400, what)
            try connection.send("GET /a.txt HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
            let next = try RawConnection.parse(connection.receiveAll())
            XCTAssertEqual(next.status, 200, "\(what): the next request")
            XCTAssertEqual(next.text, "first", what)
        }
    }

    func testStopReturnsWithKeptAliveAndStreamingConnectionsOpen() throws {
        let site = try ServedSite(files: files)
        let kept = try RawConnection(port: site.port)
        try kept.send("GET /a.txt HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\n\r\n")
        XCTAssertEqual(try kept.receiveResponse().text, "first")
        let stream = try RawConnection(port: site.port)
        try stream.send(
            "GET \(PreviewServer.Configuration.eventsPath) HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\n\r\n")
        _ = try stream.receive(until: "event: hello")
        let stopped = expectation(description: "stop returns")
        let server = site.server
        DispatchQueue.global().async {
            server.stop()
            stopped.fulfill()
        }
        wait(for: [stopped], timeout: 20)
        XCTAssertEqual(try kept.receiveAll(), [], "the kept connection was closed")
    }
}
