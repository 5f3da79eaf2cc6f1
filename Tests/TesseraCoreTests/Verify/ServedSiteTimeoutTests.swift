import Foundation
import XCTest

@testable import TesseraCore

/// `verify --url` reads every file of a served site whole, videos of gigabytes included,
/// over whatever link the site is on. A file that keeps coming, however slowly, is read to
/// its end; a server that stops sending is given up on after a short silence, naming the
/// file in words (URLSession's own are "NSURLErrorDomain error -1001").
final class ServedSiteTimeoutTests: XCTestCase {
    /// A server on a free loopback port that answers any path with `bytes` bytes sent in
    /// `chunks` pieces, `pause` seconds apart, after which (with `stall`) it stops sending
    /// and holds the connection open.
    func trickling<Result>(
        bytes: Int, chunks: Int, pause: Double, stall: Bool = false, _ body: (Int) throws -> Result
    ) throws -> Result {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw XCTSkip("python3 is not installed") }
        let script = """
            import http.server, socketserver, sys, time
            BYTES, CHUNKS, PAUSE, STALL = \(bytes), \(chunks), \(pause), \(stall ? "True" : "False")
            class Slow(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
                    self.send_response(200)
                    self.send_header("Content-Type", "application/octet-stream")
                    self.send_header("Content-Length", str(BYTES))
                    self.end_headers()
                    piece = BYTES // CHUNKS
                    for i in range(CHUNKS):
                        time.sleep(PAUSE)
                        size = piece if i < CHUNKS - 1 else BYTES - piece * (CHUNKS - 1)
                        if STALL and i == CHUNKS - 1:
                            time.sleep(60)
                        self.wfile.write(b"x" * size)
                        self.wfile.flush()
                def log_message(self, *args):
                    pass
            class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
                daemon_threads = True
            with Server(("127.0.0.1", 0), Slow) as server:
                print("port", server.server_address[1], flush=True)
                server.timeout = 90
                end = time.time() + 90
                while time.time() < end:
                    server.handle_request()
            """
        let server = Process()
        server.executableURL = URL(fileURLWithPath: python)
        server.arguments = ["-u", "-c", script]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        var printed = ""
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, server.isRunning {
            printed += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            if let range = printed.range(of: "port "),
                let port = Int(printed[range.upperBound...].prefix(while: \.isNumber))
            {
                return try body(port)
            }
        }
        throw XCTSkip("the test server printed no port: \(printed)")
    }

    func testAFileThatKeepsComingIsReadWholeHoweverLongItTakes() throws {
        let read = try trickling(bytes: 1_000_000, chunks: 12, pause: 0.5) { port in
            let site = ServedSite(url: "http://127.0.0.1:\(port)", timeout: 2)
            return site.withContents(of: PublishedPath("video.mp4")) { $0.count }
        }
        guard case .read(let count) = read else { return XCTFail("\(read)") }
        XCTAssertEqual(count, 1_000_000, "every byte, sent over 6 s (three times the limit) with no silence of 2 s")
    }

    func testAServerThatStopsSendingIsGivenUpOnNamingTheFile() throws {
        let read = try trickling(bytes: 1_000_000, chunks: 4, pause: 0.2, stall: true) { port in
            let site = ServedSite(url: "http://127.0.0.1:\(port)", timeout: 2)
            return site.withContents(of: PublishedPath("video.mp4")) { $0.count }
        }
        guard case .failed(let reason) = read else { return XCTFail("\(read)") }
        XCTAssertTrue(reason.contains("video.mp4"), reason)
        XCTAssertTrue(reason.contains("the server sent nothing for 2 s"), reason)
        XCTAssertTrue(reason.contains("timed out"), reason)
    }

    /// The home page's own address names the site's folder, as the folder's address does.
    func testTheHomePagesAddressNamesItsFolder() {
        XCTAssertEqual(ServedSite(url: "https://example.org/g/index.html").url, "https://example.org/g/")
        XCTAssertEqual(ServedSite(url: "https://example.org/g").url, "https://example.org/g/")
        XCTAssertEqual(ServedSite(url: "https://example.org").url, "https://example.org/")
        XCTAssertEqual(ServedSite(url: "http://site.html").url, "http://site.html/", "a host, not a page")
    }
}
