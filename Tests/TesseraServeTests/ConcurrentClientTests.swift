import Foundation
import Synchronization
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// Many clients at once, and a slow one, each get their bytes without waiting on others.
final class ConcurrentClientTests: XCTestCase {
    func testFiftyClientsAndASlowOneAllGetWholeFiles() throws {
        var files: [String: [UInt8]] = [:]
        for index in 0..<10 {
            files["album/photo-\(index).jpg"] = (0..<(50_000 + index * 1000)).map {
                UInt8(truncatingIfNeeded: $0 &+ index)
            }
        }
        files["album/index.html"] = Array("<html><body>album</body></html>".utf8)
        let site = try ServedSite(files: files) { $0.liveReload = true }
        let port = site.port
        let expectedFiles = files

        // A slow client sends half a request line and then waits, holding its connection.
        let slow = try RawConnection(port: site.port)
        for byte in "GET /album/photo-1.jpg HT".utf8 { try slow.send([byte]) }
        let pages = try (0..<3).map { _ in try RawConnection(port: site.port) }
        for page in pages {
            try page.send(
                "GET \(PreviewServer.Configuration.eventsPath) HTTP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\n\r\n")
            _ = try page.receive(until: "retry: 1000")
        }

        let mismatches = Mutex<[String]>([])
        let group = DispatchGroup()
        let paths = files.keys.sorted()
        for client in 0..<50 {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let path = paths[client % paths.count]
                do {
                    let response = try RawConnection.request(port: port, path: "/" + path)
                    let expected = path.hasSuffix(".html") ? nil : expectedFiles[path]
                    if response.status != 200 || (expected != nil && response.body != expected) {
                        mismatches.withLock { $0.append("\(path): \(response.status)") }
                    }
                } catch {
                    mismatches.withLock { $0.append("\(path): \(error)") }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 60), .success, "all fifty clients finished")
        XCTAssertEqual(mismatches.withLock { $0 }, [])

        for byte in "TP/1.1\r\nHost: 127.0.0.1:\(site.port)\r\nConnection: close\r\n\r\n".utf8 { try slow.send([byte]) }
        XCTAssertEqual(try RawConnection.parse(slow.receiveAll()).body, files["album/photo-1.jpg"])
        site.server.reload()
        for page in pages { XCTAssertTrue(try page.receive(until: "event: reload").contains("reload")) }
    }
}
