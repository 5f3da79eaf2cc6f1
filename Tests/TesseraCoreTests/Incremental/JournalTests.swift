import Foundation
import XCTest

@testable import TesseraCore

/// The journal's format: whole lines after a header naming the manifest they extend.
final class JournalTests: XCTestCase {
    private let a = Journal.Entry(path: "_media/a.jpg", fingerprint: "00ff", byteCount: 12)
    private let b = Journal.Entry(path: "travels/été.html", fingerprint: "1234", byteCount: 0)

    private func bytes(_ parts: [[UInt8]]) -> Data { Data(parts.joined()) }

    func testWholeLinesAreReadBack() {
        let journal = bytes([Journal.header(extending: "d1"), Journal.line(a), Journal.line(b)])
        XCTAssertEqual(Journal.entries(in: journal, extending: "d1"), [a, b])
    }

    func testAJournalOfAnotherManifestIsNotRead() {
        let journal = bytes([Journal.header(extending: "d1"), Journal.line(a)])
        XCTAssertEqual(Journal.entries(in: journal, extending: "d2"), [])
        XCTAssertEqual(Journal.entries(in: Data(), extending: "d1"), [])
    }

    func testATornLastLineIsDropped() {
        let torn = Journal.line(b).dropLast(3)
        let journal = bytes([Journal.header(extending: "d1"), Journal.line(a), Array(torn)])
        XCTAssertEqual(Journal.entries(in: journal, extending: "d1"), [a])
    }

    func testNothingAfterADamagedLineIsTrusted() {
        for damage in ["zz\t1\ta.html\n", "00\t-1\ta.html\n", "00\t1\t../victim.txt\n", "\n", "00 1 a.html\n"] {
            let journal = bytes([Journal.header(extending: "d1"), Journal.line(a), Array(damage.utf8), Journal.line(b)])
            XCTAssertEqual(Journal.entries(in: journal, extending: "d1"), [a], damage.debugDescription)
        }
    }
}
