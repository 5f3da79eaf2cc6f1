import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import XCTest

/// `tessera serve` as a user runs it: the real binary, a real socket on 127.0.0.1, a
/// photo added while it runs, and Ctrl-C.
final class ServeCommandTests: XCTestCase {
    func testServeBuildsServesRebuildsOnAChangeAndStopsCleanlyOnCtrlC() throws {
        let tmp = try TemporaryFolder()
        XCTAssertEqual(try Tessera.run(["sample", "photos"], in: tmp.url).status, 0)
        let process = Process()
        process.executableURL = try Tessera.binary()
        process.arguments = ["serve", "photos", "-o", "site", "--port", "0"]
        process.currentDirectoryURL = tmp.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The URL line, read as it arrives (bounded: the first build takes about a second).
        var printed = ""
        let deadline = Date(timeIntervalSinceNow: 60)
        while !printed.contains("(Ctrl-C to stop)"), Date() < deadline, process.isRunning {
            printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        }
        let url = try XCTUnwrap(
            printed.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") }.map { String($0.dropLast()) },
            printed)
        let home = try fetch(url + "/index.html")
        XCTAssertEqual(home.status, 200)
        XCTAssertTrue(home.body.contains("Made with Tessera"))
        XCTAssertTrue(home.body.contains("/__tessera/events"), "the live-reload script is added to served pages")
        XCTAssertFalse(
            try String(contentsOf: tmp.url.appendingPathComponent("site/index.html"), encoding: .utf8)
                .contains("/__tessera/events"), "but never written into the site")
        XCTAssertEqual(try fetch(url + "/.tessera-manifest.json").status, 404, "the manifest is not served")

        try FileManager.default.copyItem(
            at: tmp.url.appendingPathComponent("photos/Market.jpg"),
            to: tmp.url.appendingPathComponent("photos/Market again.jpg"))
        var added = 0
        let rebuilt = Date(timeIntervalSinceNow: 30)
        while added != 200, Date() < rebuilt {
            Thread.sleep(forTimeInterval: 0.2)
            added = try fetch(url + "/market-again.html").status
        }
        XCTAssertEqual(added, 200, "the new photo's page appears after the rebuild")

        kill(process.processIdentifier, SIGINT)
        let stopped = Date(timeIntervalSinceNow: 20)
        while process.isRunning, Date() < stopped { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertFalse(process.isRunning, "Ctrl-C stops the server")
        XCTAssertEqual(process.terminationStatus, 0)
        let leftovers = FileManager.default.subpaths(atPath: tmp.url.appendingPathComponent("site").path)!
            .filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    /// A GET with a time limit.
    private func fetch(_ url: String) throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: url)!)
        request.timeoutInterval = 10
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String) = (0, "")
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self))
            done.signal()
        }.resume()
        _ = done.wait(timeout: .now() + 15)
        return result
    }
}
