import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// A page sent with the reload tag, read the way libmicrohttpd reads it: in pieces.
final class InjectedPageTests: XCTestCase {
    private let tag = "<script src=\"/__tessera/reload.js\"></script>\n"

    /// Everything the page sends, read `piece` bytes at a time.
    private func sent(_ html: [UInt8], piece: Int = 4096) throws -> [UInt8] {
        let folder = try TemporaryFolder()
        let file = try folder.write("page.html", html)
        let descriptor = open(file.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let page = InjectedPage(descriptor: descriptor, fileSize: UInt64(html.count), tag: tag)
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: piece)
        while UInt64(all.count) < page.size {
            let count = try XCTUnwrap(buffer.withUnsafeMutableBytes { page.read(at: UInt64(all.count), into: $0) })
            XCTAssertGreaterThan(count, 0)
            all += buffer[..<count]
        }
        return all
    }

    private func expected(_ html: [UInt8], at position: Int) -> [UInt8] {
        Array(html[..<position]) + Array(tag.utf8) + Array(html[position...])
    }

    func testTheTagGoesBeforeTheLastBodyEndWhereverTheBlocksFall() throws {
        let end = Array("</body></html>\n".utf8)
        // The last `</body` straddling the boundary of the last block, and placed just
        // inside and just outside it.
        for trailing in [InjectedPage.blockSize - 3, InjectedPage.blockSize, InjectedPage.blockSize + 2, 0, 100] {
            let html =
                Array("<html><body><p>x</p></BODY>".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 70_000)
                + end + [UInt8](repeating: UInt8(ascii: " "), count: trailing)
            let position = html.count - trailing - end.count
            XCTAssertEqual(try sent(html, piece: 1000), expected(html, at: position), "\(trailing) bytes after")
        }
    }

    func testAPageWithoutABodyEndGetsTheTagAtTheEnd() throws {
        let html = Array("<p>no body tag".utf8) + [UInt8](repeating: UInt8(ascii: "b"), count: 200_000)
        XCTAssertEqual(try sent(html, piece: 7), html + Array(tag.utf8))
    }

    func testAnEmptyPageIsJustTheTag() throws {
        XCTAssertEqual(try sent([]), Array(tag.utf8))
    }
}
