import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// The reload script in served HTML, and the event stream open pages listen on.
final class LiveReloadTests: XCTestCase {
    private let page = Array("<!doctype html><html><body><p>photo</p></BODY></html>\n".utf8)
    private let stylesheet = Array("body { margin: 0 }\n".utf8)

    private func makeSite(heartbeat: Duration = .seconds(15)) throws -> ServedSite {
        try ServedSite(files: ["index.html": page, "style.css": stylesheet, "bare.html": Array("<p>no body tag".utf8)])
        {
            $0.heartbeatInterval = heartbeat
        }
    }

    private func subscribe(_ site: ServedSite, until marker: String = "retry: 1000\n\n") throws -> RawConnection {
        try subscribeReading(site, until: marker).connection
    }

    private func subscribeReading(
        _ site: ServedSite, until marker: String
    ) throws -> (connection: RawConnection, text: String) {
        let connection = try RawConnection(port: site.port)
        try connection.send("GET \(PreviewServer.Configuration.eventsPath) HTTP/1.1\r\nHost: x\r\n\r\n")
        let text = try connection.receive(until: marker)
        XCTAssertTrue(text.contains("text/event-stream"))
        return (connection, text)
    }

    func testHTMLGetsTheScriptButTheFileOnDiskDoesNot() throws {
        let site = try makeSite()
        let served = try site.get("/").text
        XCTAssertTrue(served.contains("new EventSource(\"/__tessera/events\")"))
        let scriptStart = try XCTUnwrap(served.range(of: "<script>"))
        let bodyEnd = try XCTUnwrap(served.range(of: "</BODY>"))
        XCTAssertLessThan(scriptStart.lowerBound, bodyEnd.lowerBound, "the script goes before </body>")
        XCTAssertEqual(
            served.replacingOccurrences(of: ReloadScript.tag(eventsPath: "/__tessera/events"), with: ""),
            String(decoding: page, as: UTF8.self))
        XCTAssertEqual(try [UInt8](Data(contentsOf: site.site.appendingPathComponent("index.html"))), page)
        XCTAssertTrue(try site.get("/bare.html").text.hasSuffix("</script>\n"), "appended when there is no </body>")
    }

    func testOtherFilesAreByteIdentical() throws {
        let site = try makeSite()
        XCTAssertEqual(try site.get("/style.css").body, stylesheet)
    }

    func testWithoutLiveReloadPagesAreTheFile() throws {
        let site = try ServedSite(files: ["index.html": page]) { $0.liveReload = false }
        XCTAssertEqual(try site.get("/").body, page)
        XCTAssertEqual(try site.get(PreviewServer.Configuration.eventsPath).status, 404)
    }

    func testOpenPagesReceiveReloadAndErrorEvents() throws {
        let site = try makeSite()
        let first = try subscribe(site)
        let second = try subscribe(site)
        site.server.showError("template album.html:3:7: unknown tag\nfix it")
        for connection in [first, second] {
            let text = try connection.receive(until: "data: fix it\n\n")
            XCTAssertTrue(text.contains("event: error\ndata: template album.html:3:7: unknown tag\ndata: fix it\n\n"))
        }
        site.server.reload()
        for connection in [first, second] {
            XCTAssertTrue(try connection.receive(until: "event: reload\n").contains("event: reload"))
        }
    }

    func testAPageOpenedAfterAFailedBuildSeesTheErrorUntilTheNextReload() throws {
        let site = try makeSite()
        site.server.showError("broken")
        XCTAssertTrue(try subscribeReading(site, until: "data: broken\n\n").text.contains("event: error"))
        site.server.reload()
        let later = try subscribe(site)
        site.server.reload()
        XCTAssertFalse(try later.receive(until: "event: reload\n").contains("broken"))
    }

    func testClosedPagesLeaveAndHeartbeatsKeepOthersAlive() throws {
        let site = try makeSite(heartbeat: .milliseconds(100))
        var leaving: RawConnection? = try subscribe(site)
        let staying = try subscribe(site)
        XCTAssertEqual(site.server.liveReloadClientCount, 2)
        XCTAssertNotNil(leaving)
        leaving = nil
        XCTAssertTrue(try staying.receive(until: ": heartbeat\n\n").contains("heartbeat"))
        XCTAssertTrue(waitUntil { site.server.liveReloadClientCount == 1 }, "the closed page is dropped at a heartbeat")
    }

    func testStopEndsOpenEventStreams() throws {
        let site = try makeSite()
        let connection = try subscribe(site)
        let stopped = expectation(description: "stop returns")
        let server = site.server
        DispatchQueue.global().async {
            server.stop()
            stopped.fulfill()
        }
        wait(for: [stopped], timeout: 20)
        XCTAssertNoThrow(try connection.receiveAll(), "the server closed the stream")
        XCTAssertEqual(site.server.liveReloadClientCount, 0)
    }
}

/// Polls `condition` for at most `seconds`; a bound on waiting, not a timing assertion.
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
}

/// The stream's own rules, without a socket.
final class EventStreamTests: XCTestCase {
    func testAPageThatReadsNothingIsDroppedInsteadOfGrowingWithoutBound() {
        let stream = EventStream(heartbeat: .seconds(60)) { _ in }
        for _ in 0...(EventStream.pendingLimit / 10) { stream.send(.error("0123456789")) }
        var buffer = [UInt8](repeating: 0, count: 16)
        XCTAssertNil(buffer.withUnsafeMutableBytes { stream.read(into: $0) }, "the stream ended")
    }

    func testMultiLineMessagesBecomeDataLines() {
        XCTAssertEqual(
            String(decoding: ServerSentEvent.error("a\r\nb\nc").bytes, as: UTF8.self),
            "event: error\ndata: a\ndata: b\ndata: c\n\n")
    }

    func testLoopbackHostsAreRecognised() {
        var configuration = PreviewServer.Configuration(root: URL(fileURLWithPath: "/"))
        XCTAssertTrue(configuration.listensOnLoopbackOnly)
        configuration.host = "0.0.0.0"
        XCTAssertFalse(configuration.listensOnLoopbackOnly)
    }
}
