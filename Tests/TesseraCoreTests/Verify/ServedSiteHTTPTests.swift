import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// `verify --url` reads a site over real HTTP (URLSession, a Python server on loopback): a
/// file that keeps coming, however slowly, is read to its end (videos of gigabytes over a
/// home connection); a server that stops sending is given up on after a short silence,
/// naming the file in words (URLSession's own are "NSURLErrorDomain error -1001");
/// redirects land where their `Location` says.
final class ServedSiteHTTPTests: XCTestCase {
    /// `body`'s result while a server on a free loopback port answers every `GET` with
    /// `handler`, the Python body of `do_GET(self)` (indented by 8 spaces).
    func serving<Result>(_ handler: String, _ body: (Int) throws -> Result) throws -> Result {
        guard
            let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw XCTSkip("python3 is not installed") }
        let script = """
            import http.server, socketserver, time
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_GET(self):
            \(handler)
                def log_message(self, *args):
                    pass
            class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
                daemon_threads = True
            with Server(("127.0.0.1", 0), Handler) as server:
                print("port", server.server_address[1], flush=True)
                end = time.time() + 90
                server.timeout = 1
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
        return try body(try ServedFolder.port(printedBy: output, marker: "port ", process: server))
    }

    /// A handler sending `bytes` bytes in `chunks` pieces, `pause` seconds apart; with
    /// `stall`, it holds the connection open in silence before the last piece.
    func trickle(bytes: Int, chunks: Int, pause: Double, stall: Bool = false) -> String {
        """
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                self.send_header("Content-Length", "\(bytes)")
                self.end_headers()
                piece = \(bytes) // \(chunks)
                for i in range(\(chunks)):
                    time.sleep(\(pause))
                    if \(stall ? "True" : "False") and i == \(chunks) - 1:
                        time.sleep(60)
                    size = piece if i < \(chunks) - 1 else \(bytes) - piece * (\(chunks) - 1)
                    self.wfile.write(b"x" * size)
                    self.wfile.flush()
        """
    }

    func testAFileThatKeepsComingIsReadWholeHoweverLongItTakes() throws {
        let read = try serving(trickle(bytes: 1_000_000, chunks: 12, pause: 0.5)) { port in
            ServedSite(url: "http://127.0.0.1:\(port)", timeout: 2).withContents(of: PublishedPath("video.mp4")) {
                $0.count
            }
        }
        guard case .read(let count) = read else { return XCTFail("\(read)") }
        XCTAssertEqual(count, 1_000_000, "every byte, sent over 6 s (three times the limit) with no silence of 2 s")
    }

    func testAServerThatStopsSendingIsGivenUpOnNamingTheFile() throws {
        let read = try serving(trickle(bytes: 1_000_000, chunks: 4, pause: 0.2, stall: true)) { port in
            ServedSite(url: "http://127.0.0.1:\(port)", timeout: 2).withContents(of: PublishedPath("video.mp4")) {
                $0.count
            }
        }
        guard case .failed(let reason) = read else { return XCTFail("\(read)") }
        XCTAssertTrue(reason.contains("video.mp4"), reason)
        XCTAssertTrue(reason.contains("the server sent nothing for 2 s"), reason)
        XCTAssertTrue(reason.contains("timed out"), reason)
    }

    /// A file cut off midway (the server closed the connection) fails naming why and leaves
    /// nothing in the temporary folder: URLSession's download tasks kept all they had
    /// received there, for good (a video cut off halfway: hundreds of megabytes).
    func testADownloadCutOffLeavesNothingInTheTemporaryFolder() throws {
        let temporary = try TemporaryFolder()
        let previous = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", temporary.url.path, 1)
        defer { if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") } }
        let handler = """
                    self.send_response(200)
                    self.send_header("Content-Type", "video/mp4")
                    self.send_header("Content-Length", "5000000")
                    self.end_headers()
                    self.wfile.write(b"x" * 200000)
                    self.wfile.flush()
            """
        let read = try serving(handler) { port in
            ServedSite(url: "http://127.0.0.1:\(port)/").withContents(of: PublishedPath("video.mp4")) { $0.count }
        }
        guard case .failed(let reason) = read else { return XCTFail("\(read)") }
        XCTAssertTrue(reason.contains("remaining"), reason)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary.url.path), [])
    }

    /// A host that serves `album/index.html` as `album/` (Cloudflare Pages) redirects to it
    /// with a relative `Location`; URLSession on Linux dropped its trailing slash, so every
    /// album page ended in "too many HTTP redirects" and a broken link.
    func testARedirectToAFolderKeepsItsTrailingSlash() throws {
        let handler = """
                    if self.path in ("/album/index.html", "/album"):
                        self.send_response(308)
                        self.send_header("Location", "/album/")
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                    elif self.path == "/album/":
                        body = b"<!doctype html><title>Album</title>"
                        self.send_response(200)
                        self.send_header("Content-Type", "text/html")
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                    else:
                        self.send_error(404)
            """
        let read = try serving(handler) { port in
            ServedSite(url: "http://127.0.0.1:\(port)/").withContents(of: PublishedPath("album/index.html")) {
                String(decoding: $0, as: UTF8.self)
            }
        }
        guard case .read(let page) = read else { return XCTFail("\(read)") }
        XCTAssertEqual(page, "<!doctype html><title>Album</title>")
    }

    /// The home page's own address names the site's folder, as the folder's address does.
    func testTheHomePagesAddressNamesItsFolder() {
        XCTAssertEqual(ServedSite(url: "https://example.org/g/index.html").url, "https://example.org/g/")
        XCTAssertEqual(ServedSite(url: "https://example.org/g").url, "https://example.org/g/")
        XCTAssertEqual(ServedSite(url: "https://example.org").url, "https://example.org/")
        XCTAssertEqual(ServedSite(url: "http://site.html").url, "http://site.html/", "a host, not a page")
        XCTAssertEqual(
            ServedSite(url: "http://127.0.0.1:8000/my gallery/été").url,
            "http://127.0.0.1:8000/my%20gallery/%C3%A9t%C3%A9/",
            "encoded as the paths added to it are")
        XCTAssertEqual(
            ServedSite(url: "http://127.0.0.1:8000/my%20gallery/").address(of: PublishedPath("été/index.html"))?
                .absoluteString,
            "http://127.0.0.1:8000/my%20gallery/%C3%A9t%C3%A9/index.html")
    }
}
