import XCTest

@testable import TesseraCore

/// Text files read alike whatever saved them: byte-order marks, three kinds of line end,
/// bytes that are not text and control characters.
final class TextFileTests: XCTestCase {
    private func read(_ bytes: [UInt8]) -> TextFile { TextFile(bytes: bytes) }

    func testAByteOrderMarkIsNotText() {
        XCTAssertEqual(read([0xEF, 0xBB, 0xBF] + Array("Title: X\n".utf8)).text, "Title: X\n")
        XCTAssertEqual(read([0xEF, 0xBB, 0xBF]).text, "")
        XCTAssertEqual(
            TextFile(text: "\u{FEFF}a\u{FEFF}b").text, "a\u{FEFF}b", "only the mark at the start is dropped")
    }

    func testUTF16WithAByteOrderMarkIsDecoded() {
        let text = "Title: Été\n\nLe pont 🌉.\n"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [littleEndian, bigEndian] {
            XCTAssertEqual(read(bytes).text, text)
            XCTAssertEqual(read(bytes).repairs, [])
        }
        XCTAssertEqual(read(littleEndian + [0x41]).repairs, [.invalidEncoding(line: 4)], "an odd byte at the end")
        XCTAssertEqual(
            read([0xFF, 0xFE, 0x00, 0xD8, 0x41, 0x00]).repairs, [.invalidEncoding(line: 1)], "a lone surrogate")
    }

    func testEveryLineEndIsALineFeed() {
        XCTAssertEqual(read(Array("a\r\nb\rc\nd\r\r\ne".utf8)).text, "a\nb\nc\nd\n\ne")
        XCTAssertEqual(read(Array("\r".utf8)).text, "\n")
    }

    func testBytesThatAreNotUTF8AreReplacedAndTheirLineKept() {
        let file = read(Array("one\r\ntwo\n".utf8) + [0xC3, 0x28] + Array(" three\n".utf8))
        XCTAssertEqual(file.text, "one\ntwo\n\u{FFFD}( three\n")
        XCTAssertEqual(file.repairs, [.invalidEncoding(line: 3)])
        XCTAssertEqual(file.repairs[0].message, "is not valid UTF-8 text; save it as UTF-8")
    }

    func testControlCharactersAndNoncharactersAreDroppedAndTheFirstNamed() {
        let noncharacters = String(
            String.UnicodeScalarView([0xFFFE, 0xFFFF, 0xFDD0, 0x10FFFF].map { Unicode.Scalar($0)! }))
        let hostile = "ok\tline\nBell\u{7}Album \u{0}nul \u{1B}[2J \u{7F}\u{85}\u{9B} \(noncharacters) é\n"
        let file = read(Array(hostile.utf8))
        XCTAssertEqual(file.text, "ok\tline\nBellAlbum nul [2J   é\n", "tab and line end are text")
        XCTAssertEqual(file.repairs, [.controlCharacter(line: 2, scalar: "\u{7}")])
        XCTAssertEqual(
            file.repairs[0].message, "holds a control character (U+0007), which no page can show; it is left out")
        XCTAssertEqual(TextFile(bytes: Array(hostile.utf8), keepsControls: true).text, hostile)
    }
}
