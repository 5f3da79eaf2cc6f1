import XCTest

@testable import TesseraCore

/// A `stripped` original must carry nothing `tessera verify` (and exiftool) would read out of
/// it, however its segments are laid out. Found by FuzzStrip: a standalone marker (TEM,
/// `FF 01`) read as a segment with a length let a comment through unread.
final class JPEGStrippingTests: XCTestCase {
    /// A scan (one component, no tables: the stripping does not decode) and the end of image.
    private let scanAndEnd: [UInt8] = [
        0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x12, 0x34, 0xFF, 0xD9,
    ]
    private let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x08] + Array("hidden".utf8)

    private func findings(_ bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBytes { MediaMetadata.findings(in: $0) }.map(\.detail)
    }

    func testACommentAfterAStandaloneMarkerIsLeftOut() throws {
        let file: [UInt8] = [0xFF, 0xD8, 0xFF, 0x01] + comment + scanAndEnd
        XCTAssertFalse(findings(file).isEmpty, "the fixture carries a comment a reader finds")
        let stripped = try XCTUnwrap(JPEGStripping.strip(file, orientation: 1), "a JPEG with a TEM marker is stripped")
        XCTAssertEqual(findings(stripped), [])
        XCTAssertEqual(stripped, [0xFF, 0xD8, 0xFF, 0x01] + scanAndEnd)
    }

    func testBytesAStandaloneMarkerWouldHideAreNeverCopiedUnread() {
        // Read as a segment, `FF 01 00 0D` would cover the comment that follows it.
        let hidden: [UInt8] = [0xFF, 0x01, 0x00, 0x0D, 0x00] + comment
        let file: [UInt8] = [0xFF, 0xD8] + hidden + scanAndEnd
        XCTAssertFalse(findings(file).isEmpty, "the fixture carries a comment a reader finds")
        if let stripped = JPEGStripping.strip(file, orientation: 6) {
            XCTAssertEqual(findings(stripped), [], "a stripped original carries nothing a reader finds")
        }
    }
}
