import XCTest

@testable import TesseraCore

/// The one box walk (`ISOBox`) and the one TIFF directory reader (`TIFFDirectory`) that the
/// Live Photo readers and the verifier share: every size form a file may use, both byte
/// orders, and bytes cut anywhere read nothing outside themselves.
final class ByteStructureTests: XCTestCase {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }
    private func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) } }
    private func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
    private func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }

    func testTheWalkFollowsShortLongAndToTheEndSizes() {
        let long = [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0, 0, 0, 0, 20] + [1, 2, 3, 4]
        let toTheEnd = [0, 0, 0, 0] + Array("free".utf8) + [9, 9]
        let bytes = box("ftyp", Array("qt  ".utf8)) + long + toTheEnd
        let children = bytes.withByteView { view in
            ISOBox.children(of: view, base: 100).map {
                ($0.type, Array($0.content.bytes), $0.offset, $0.box.headerSize)
            }
        }
        XCTAssertEqual(children.map(\.0), ["ftyp", "mdat", "free"])
        XCTAssertEqual(children.map(\.1), [Array("qt  ".utf8), [1, 2, 3, 4], [9, 9]])
        XCTAssertEqual(children.map(\.2), [108, 112 + 16, 132 + 8])
        XCTAssertEqual(children.map(\.3), [8, 16, 8])
    }

    func testABoxClaimingMoreThanItsParentEndsTheWalk() {
        let bytes = box("moov", [1]) + be32(64) + Array("trak".utf8) + [0, 0]
        XCTAssertEqual(bytes.withByteView { ISOBox.children(of: $0).map(\.type) }, ["moov"])
        // A numbered item (`ilst`'s, type 0x00000001) keeps its number; its text shows `?`.
        let item = be32(9) + [0, 0, 0, 1] + [7]
        let found = item.withByteView { ISOBox.children(of: $0).first?.box }
        XCTAssertEqual(found?.code, 1)
        XCTAssertEqual(found?.type, "????")
        // Cut anywhere, the walk stays inside the bytes and finds only whole boxes.
        for length in 0..<bytes.count {
            let cut = Array(bytes.prefix(length))
            XCTAssertEqual(cut.withByteView { ISOBox.children(of: $0).count }, length >= 9 ? 1 : 0, "\(length)")
        }
    }

    func testAFileWalkRefusesTypesThatAreNoText() {
        let bytes = be32(9) + [0, 0, 0, 1] + [7]
        let read: (Int, Int) -> [UInt8] = { offset, count in Array(bytes.dropFirst(offset).prefix(count)) }
        XCTAssertNil(ISOBox.header(at: 0, read), "no box stream")
        let movie = box("moov", [])
        XCTAssertEqual(ISOBox.header(at: 0) { Array(movie.dropFirst($0).prefix($1)) }?.type, "moov")
    }

    func testADirectoryIsReadInEitherByteOrderAndNoFurtherThanItsBytes() throws {
        // Little-endian: IFD0 at 8 with two entries (Make, an offset; Orientation, inline).
        let little =
            Array("II".utf8) + le16(42) + le32(8) + le16(2)
            + le16(0x010F) + le16(2) + le32(6) + le32(38)
            + le16(0x0112) + le16(3) + le32(1) + le32(6)
            + le32(0)
        let header = try XCTUnwrap(little.withByteView(TIFFDirectory.header))
        XCTAssertTrue(header.littleEndian)
        XCTAssertEqual(header.firstDirectory, 8)
        let entries = little.withByteView { TIFFDirectory.entries($0, at: 8, littleEndian: true) }
        XCTAssertEqual(
            entries,
            [
                TIFFDirectory.Entry(tag: 0x010F, type: 2, count: 6, value: 38, field: 18),
                TIFFDirectory.Entry(tag: 0x0112, type: 3, count: 1, value: 6, field: 30),
            ])
        XCTAssertEqual(little.withByteView { TIFFDirectory.next($0, after: 8, entryCount: 2, littleEndian: true) }, 0)
        // The same directory cut inside its second entry holds one.
        XCTAssertEqual(
            Array(little.prefix(30)).withByteView { TIFFDirectory.entries($0, at: 8, littleEndian: true) }?.count, 1)
        XCTAssertNil(Array(little.prefix(9)).withByteView { TIFFDirectory.entries($0, at: 8, littleEndian: true) })
        // Big-endian, and no TIFF at all.
        let big = Array("MM".utf8) + [0, 42] + be32(8)
        XCTAssertEqual(big.withByteView(TIFFDirectory.header)?.littleEndian, false)
        XCTAssertNil(Array("MM".utf8 + [0, 43, 0, 0, 0, 8]).withByteView(TIFFDirectory.header))
    }
}
