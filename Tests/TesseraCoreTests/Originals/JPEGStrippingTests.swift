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

    private func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data
    }

    private func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The shape of FuzzStrip's `open-app15-survives-stripping`: a scan with no data, a
    /// block the stripping removes, then `FF 00`, which no decoder takes for a marker. Read
    /// as a segment, it hid an APP15 block; with the block before it gone, the verifier read
    /// it as compressed data and found the APP15 block inside.
    func testAStuffedZeroBetweenSegmentsIsNoSegmentThatCouldHideABlock() {
        let hidden = segment(0xEF, ascii("maker"))
        let file: [UInt8] =
            [0xFF, 0xD8] + segment(0xDA, [1, 1, 0, 0, 0x3F, 0]) + segment(0xEE, ascii("notAdobe"))
            + [0xFF, 0x00, 0x00, UInt8(hidden.count + 2)] + hidden + [0xFF, 0xD9]
        XCTAssertEqual(findings(file), ["APP14 segment 'notAdobe'", "APP15 segment 'maker'"])
        XCTAssertNil(
            JPEGStripping.strip(file, orientation: 1),
            "bytes between segments that are no marker are read differently by different readers: not published")
    }

    /// The shape of FuzzStrip's `seed-late-jfif-not-idempotent`, the bytes no marker between a
    /// scan and a late JFIF: stripping the stripped file again cut fill bytes the first pass
    /// had copied as compressed data.
    func testStrippingAStrippedFileGivesTheSameBytes() throws {
        let scan = segment(0xDA, [1, 1, 0, 0, 0x3F, 0])
        let file: [UInt8] =
            [0xFF, 0xD8] + scan + [0x12] + segment(0xFE, ascii("note")) + [0xFF, 0x00, 0x05, 0xFF, 0x01]
            + [0xFF, 0xFF, 0xFF] + segment(0xE0, ascii("JFIF\0")) + [0xFF, 0xD9]
        XCTAssertEqual(findings(file), ["comment segment (COM)"])
        XCTAssertNil(JPEGStripping.strip(file, orientation: 7), "`FF 00 05` between segments is no marker")
        // The same file without the stray bytes strips, and its stripped form is a fixed point.
        let readable =
            [0xFF, 0xD8] + scan + [0x12] + segment(0xFE, ascii("note")) + [0xFF, 0x01] + [0xFF, 0xFF, 0xFF]
            + segment(0xE0, ascii("JFIF\0")) + [0xFF, 0xD9]
        let stripped = try XCTUnwrap(JPEGStripping.strip(readable, orientation: 7))
        XCTAssertEqual(
            stripped,
            [0xFF, 0xD8] + JPEGStripping.orientationSegment(7) + scan + [0x12, 0xFF, 0x01]
                + segment(0xE0, ascii("JFIF\0")) + [0xFF, 0xD9])
        XCTAssertEqual(JPEGStripping.strip(stripped, orientation: 7), stripped)
        XCTAssertEqual(findings(stripped), [])
    }

    /// What the verifier names is what the stripping removes, and nothing else.
    func testTheVerifierNamesExactlyTheSegmentsTheStrippingRemoves() throws {
        let kept: [[UInt8]] = [
            segment(0xE0, ascii("JFIF\0") + [1, 2, 0, 0, 1, 0, 1, 0, 0]),
            segment(0xE2, ascii("ICC_PROFILE\0") + [1, 1]),
            segment(0xEE, ascii("Adobe") + [0, 100]), segment(0xDB, [0] + Array(repeating: 1, count: 64)),
            segment(0xC0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), segment(0xC4, [0] + Array(repeating: 0, count: 16)),
        ]
        let removed: [[UInt8]] = [
            segment(0xE0, ascii("JFXX\0") + [0x10]), segment(0xE1, ascii("http://ns.adobe.com/xap/1.0/\0<x/>")),
            segment(0xE2, ascii("MPF\0")), segment(0xE3, ascii("Maker\0")), segment(0xED, ascii("Photoshop 3.0\0")),
            segment(0xEE, ascii("Other")), segment(0xEF, ascii("Ducky")), segment(0xFE, ascii("hello")),
            segment(0x02, ascii("reserved")),
        ]
        var file: [UInt8] = [0xFF, 0xD8]
        for (index, block) in kept.enumerated() { file += block + removed[index] }
        file += removed[kept.count...].joined()
        file += scanAndEnd + ascii("appended")
        XCTAssertEqual(
            findings(file),
            [
                "APP0 segment 'JFXX'", "APP1 XMP segment",
                "APP2 multi-picture segment (MPF: more images inside the file)",
                "APP3 segment 'Maker'", "APP13 segment (IPTC, Photoshop resources)", "APP14 segment 'Other'",
                "APP15 segment 'Ducky'", "comment segment (COM)",
                "segment with the reserved marker FF 2 (no decoder reads it)",
                "8 bytes after the end of the image (another file appended to it)",
            ])
        let stripped = try XCTUnwrap(JPEGStripping.strip(file, orientation: 1))
        XCTAssertEqual(stripped, [0xFF, 0xD8] + kept.joined() + scanAndEnd)
        XCTAssertEqual(findings(stripped), [])
    }

    /// A progressive file's scans, each with stuffed zeros, restarts and fill bytes before the
    /// next marker, all come through; the fill bytes, which no decoder needs, do not.
    func testEveryScanOfAProgressiveFileIsCopiedAsItIs() throws {
        let tables = segment(0xC2, [8, 0, 1, 0, 1, 1, 1, 0x11, 0])
        let first = segment(0xDA, [1, 1, 0, 0, 0, 0]) + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD3, 0x56, 0xFF, 0xFF, 0x00]
        let second = segment(0xDA, [1, 1, 0, 1, 0x3F, 0]) + [0x78, 0xFF, 0xFF, 0xD0, 0x9A]
        let file: [UInt8] =
            [0xFF, 0xD8] + tables + first + [0xFF, 0xFF] + segment(0xE1, ascii("Exif\0\0MM")) + [0xFF, 0xFF]
            + segment(0xC4, [0x10]) + second + [0xFF, 0xFF, 0xD9]
        let stripped = try XCTUnwrap(JPEGStripping.strip(file, orientation: 3))
        XCTAssertEqual(
            stripped,
            [0xFF, 0xD8] + JPEGStripping.orientationSegment(3) + tables + first + segment(0xC4, [0x10]) + second
                + [0xFF, 0xD9])
        XCTAssertEqual(JPEGStripping.strip(stripped, orientation: 3), stripped)
        XCTAssertEqual(findings(stripped), [])
    }

    /// A file cut off anywhere is not published stripped, and the verifier still names an
    /// EXIF block whose length runs past the end.
    func testACutOffFileIsNotStripped() {
        let exif = segment(0xE1, ascii("Exif\0\0") + [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x0F])
        let file: [UInt8] = [0xFF, 0xD8] + segment(0xDB, [0, 1]) + exif + scanAndEnd
        for end in 3..<(file.count - 1) {
            XCTAssertNil(JPEGStripping.strip(Array(file[..<end]), orientation: 1), "cut at \(end) bytes")
        }
        let cutInExif = Array(file[..<(9 + 10)])
        XCTAssertEqual(findings(cutInExif).count, 1, "the EXIF block that runs past the end is still named")
        XCTAssertNil(JPEGStripping.strip([0xFF, 0xD8] + [0xFF, 0xDB, 0x00, 0x01] + scanAndEnd, orientation: 1))
    }
}
