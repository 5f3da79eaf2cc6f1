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

    private func subscribe(_ site: ServedSite, until marker: String = "\n\n") throws -> RawConnection {
        try subscribeReading(site, until: marker).connection
    }

    private func subscribeReading(
        _ site: ServedSite, until marker: String
    ) throws -> (connection: RawConnection, text: String) {
        let connection = try RawConnection(port: site.port)
        try connection.send(
            "GET \(PreviewServer.Configuration.eventsPath) HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\n\r\n")
        let text = try connection.receive(until: marker)
        XCTAssertTrue(text.contains("text/event-stream"))
        return (connection, text)
    }

    func testHTMLGetsTheScriptButTheFileOnDiskDoesNot() throws {
        let site = try makeSite()
        let served = try site.get("/").text
        let tag = try XCTUnwrap(served.firstMatch(of: /<script src="\/__tessera\/reload.js"[^>]*><\/script>\n/))
        XCTAssertTrue(tag.output.contains("data-events=\"/__tessera/events\""), String(tag.output))
        let bodyEnd = try XCTUnwrap(served.range(of: "</BODY>"))
        XCTAssertLessThan(tag.range.lowerBound, bodyEnd.lowerBound, "the script goes before </body>")
        XCTAssertEqual(served.replacingOccurrences(of: tag.output, with: ""), String(decoding: page, as: UTF8.self))
        XCTAssertEqual(try [UInt8](Data(contentsOf: site.site.appendingPathComponent("index.html"))), page)
        XCTAssertTrue(try site.get("/bare.html").text.hasSuffix("</script>\n"), "appended when there is no </body>")
        let script = try site.get(PreviewServer.Configuration.reloadScriptPath)
        XCTAssertEqual(script.status, 200)
        XCTAssertEqual(script.header("Content-Type"), "text/javascript; charset=utf-8")
        XCTAssertTrue(script.text.contains("new EventSource(events)"))
    }

    func testAPageLargerThanTwoMebibytesGetsTheScriptToo() throws {
        // 3 MiB of text, with a `</body>` inside a paragraph early on and the real one at the end.
        let paragraph = Array(
            "<p>a paragraph of a long page, mentioning &lt;/body&gt; and </body> in passing</p>\n".utf8)
        var large = Array("<!doctype html><html><body>\n".utf8)
        while large.count < 3 << 20 { large += paragraph }
        large += Array("</body></html>\n".utf8)
        let small = Array("<html><body></body></html>".utf8)
        let site = try ServedSite(files: ["large.html": large, "small.html": small])
        // What the server adds to a small page, it adds to the large one, at the same place.
        let smallServed = try site.get("/small.html").text
        let tag = String(smallServed.dropFirst("<html><body>".count).dropLast("</body></html>".count))
        XCTAssertTrue(tag.contains("<script"), smallServed)
        let served = try site.get("/large.html")
        XCTAssertEqual(served.status, 200)
        XCTAssertEqual(served.body, Array(large.dropLast(15)) + Array(tag.utf8) + Array("</body></html>\n".utf8))
        XCTAssertEqual(served.header("Content-Length"), String(large.count + tag.utf8.count))
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
            XCTAssertTrue(
                text.contains("event: build-error\ndata: template album.html:3:7: unknown tag\ndata: fix it\n\n"))
        }
        site.server.reload()
        for connection in [first, second] {
            XCTAssertTrue(try connection.receive(until: "event: reload\n").contains("event: reload"))
        }
    }

    func testAPageOpenedAfterAFailedBuildSeesTheErrorUntilTheNextReload() throws {
        let site = try makeSite()
        site.server.showError("broken")
        XCTAssertTrue(try subscribeReading(site, until: "data: broken\n\n").text.contains("event: build-error"))
        site.server.reload()
        let later = try subscribe(site)
        site.server.reload()
        XCTAssertFalse(try later.receive(until: "event: reload\n").contains("broken"))
    }

    func testAPageThatClosesItsStreamLeavesAtOnceNotAtTheNextHeartbeat() throws {
        // A heartbeat far beyond the wait below: only noticing the closed socket frees the slot.
        let site = try makeSite(heartbeat: .seconds(120))
        var leaving: RawConnection? = try subscribe(site)
        let staying = try subscribe(site)
        XCTAssertEqual(site.server.liveReloadClientCount, 2)
        XCTAssertNotNil(leaving)
        leaving = nil
        XCTAssertTrue(waitUntil { site.server.liveReloadClientCount == 1 }, "the closed page left")
        site.server.reload()
        XCTAssertTrue(try staying.receive(until: "event: reload\n").contains("reload"), "the other page stays")
    }

    func testEveryStreamStartsWithTheGenerationAndAReloadMovesIt() throws {
        let site = try makeSite()
        let before = try subscribeReading(site, until: "\n\n").text
        let generation = try XCTUnwrap(before.firstMatch(of: /event: hello\ndata: (\S+)\n/)?.output.1)
        XCTAssertTrue(try site.get("/").text.contains("data-generation=\"\(generation)\""), "pages name it")
        site.server.reload()
        let after = try subscribeReading(site, until: "\n\n").text
        let next = try XCTUnwrap(after.firstMatch(of: /event: hello\ndata: (\S+)\n/)?.output.1)
        XCTAssertNotEqual(next, generation, "a page served before the rebuild learns it is stale")
        XCTAssertTrue(try site.get("/").text.contains("data-generation=\"\(next)\""))
    }

    func testStreamsAreCappedApartFromPageLoads() throws {
        let site = try ServedSite(files: ["index.html": page]) { $0.maximumLiveReloadStreams = 3 }
        let open = try (0..<3).map { _ in try subscribe(site) }
        let refused = try site.get(PreviewServer.Configuration.eventsPath)
        XCTAssertEqual(refused.status, 503)
        XCTAssertTrue(refused.text.contains("3 pages are already open for live reload"), refused.text)
        XCTAssertEqual(try site.get("/").status, 200, "pages still load")
        XCTAssertEqual(site.server.liveReloadClientCount, open.count)
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
    func testAPageThatReadsNothingIsDroppedInsteadOfGrowingWithoutBound() throws {
        let stream = try XCTUnwrap(EventStream(heartbeat: .seconds(60)) { _ in })
        for _ in 0...(EventStream.pendingLimit / 10) { stream.send(.buildError("0123456789")) }
        var buffer = [UInt8](repeating: 0, count: 16)
        XCTAssertEqual(buffer.withUnsafeMutableBytes { stream.read(into: $0, peer: -1) }, .ended, "the stream ended")
    }

    func testMultiLineMessagesBecomeDataLines() {
        XCTAssertEqual(
            String(decoding: ServerSentEvent.buildError("a\r\nb\nc").bytes, as: UTF8.self),
            "event: build-error\ndata: a\ndata: b\ndata: c\n\n")
    }

    func testLoopbackHostsAreRecognised() {
        var configuration = PreviewServer.Configuration(root: URL(fileURLWithPath: "/"))
        XCTAssertTrue(configuration.listensOnLoopbackOnly)
        configuration.host = "0.0.0.0"
        XCTAssertFalse(configuration.listensOnLoopbackOnly)
    }
}
