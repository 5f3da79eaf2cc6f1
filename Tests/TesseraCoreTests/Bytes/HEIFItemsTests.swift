import XCTest

@testable import TesseraCore

/// The canvas a HEIF grid or overlay is drawn on, read from the file's own item table:
/// libheif sizes it from the item's data, not from the size the file states, so the photo
/// pipeline reads it first (`HEIFFile`) and refuses a canvas larger than the stated size.
final class HEIFItemsTests: XCTestCase {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be(8 + body.count, 4) + Array(type.utf8) + body }
    private func be(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).map { UInt8(value >> (8 * (width - 1 - $0)) & 0xFF) }
    }
    private func full(_ type: String, version: UInt8 = 0, _ body: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, 0] + body)
    }

    /// A HEIF with `meta` (primary item 1 of `primaryType`; item 1's data `data`, in `idat`
    /// or at its offset in the file), then `mdat`.
    private func heif(primaryType: String, data: [UInt8], inIdat: Bool = true, primary: Int = 1) -> [UInt8] {
        let ftyp = box("ftyp", Array("heicmif1heic".utf8))
        let infe1 = full("infe", version: 2, be(1, 2) + [0, 0] + Array(primaryType.utf8) + [0])
        let infe2 = full("infe", version: 2, be(2, 2) + [0, 0] + Array("hvc1".utf8) + [0])
        let iinf = full("iinf", be(2, 2) + infe1 + infe2)
        let pitm = full("pitm", be(primary, 2))
        func iloc(offset: Int) -> [UInt8] {
            // Version 1: offset and length of 4 bytes, no base offset or index; item 1, one extent.
            full(
                "iloc", version: 1,
                [0x44, 0x00] + be(1, 2) + be(1, 2) + be(inIdat ? 1 : 0, 2) + be(0, 2) + be(1, 2) + be(offset, 4)
                    + be(data.count, 4))
        }
        let idat = inIdat ? box("idat", data) : []
        let hdlr = full("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        func meta(offset: Int) -> [UInt8] { full("meta", hdlr + pitm + iinf + iloc(offset: offset) + idat) }
        // In the file, the data is the content of the `mdat` after `meta`, whose size the
        // offset's value does not change.
        let meta = meta(offset: inIdat ? 0 : ftyp.count + meta(offset: 0).count + 8)
        return ftyp + meta + box("mdat", inIdat ? [1, 2, 3] : data)
    }

    private func canvas(_ bytes: [UInt8]) -> HEIFItems.PrimaryCanvas {
        HEIFItems.primaryCanvas { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    func testAGridsCanvasIsReadFromIdatOrTheFileIn16Or32Bits() {
        let grid16: [UInt8] = [0, 0, 1, 2] + be(4032, 2) + be(3024, 2)
        XCTAssertEqual(
            canvas(heif(primaryType: "grid", data: grid16)),
            HEIFItems.PrimaryCanvas.size(PixelSize(width: 4032, height: 3024)))
        XCTAssertEqual(
            canvas(heif(primaryType: "grid", data: grid16, inIdat: false)),
            HEIFItems.PrimaryCanvas.size(PixelSize(width: 4032, height: 3024)))
        let grid32: [UInt8] = [0, 1, 0, 0] + be(70_000, 4) + be(50, 4)
        XCTAssertEqual(canvas(heif(primaryType: "grid", data: grid32)), .size(PixelSize(width: 70_000, height: 50)))
    }

    func testAnOverlaysCanvasFollowsItsFillColour() {
        let overlay: [UInt8] = [0, 0] + [UInt8](repeating: 0xFF, count: 8) + be(640, 2) + be(480, 2)
        XCTAssertEqual(canvas(heif(primaryType: "iovl", data: overlay)), .size(PixelSize(width: 640, height: 480)))
    }

    func testACodedImageHasNoCanvasAndAGridThatCannotBeFollowedIsUnreadable() {
        let grid: [UInt8] = [0, 0, 1, 2] + be(4032, 2) + be(3024, 2)
        XCTAssertEqual(canvas(heif(primaryType: "hvc1", data: grid)), .coded, "libheif's ispe is the size")
        XCTAssertEqual(canvas(heif(primaryType: "grid", data: grid, primary: 2)), .coded, "item 2 is coded")
        XCTAssertEqual(
            canvas(heif(primaryType: "grid", data: grid, primary: 3)), .unknown, "no item 3: libheif decides")
        let whole = heif(primaryType: "grid", data: grid)
        // Cut anywhere before its grid's size is whole, the file says nothing sure, and
        // nothing is read outside it.
        for length in 0..<whole.count - 8 {
            let found = canvas(Array(whole.prefix(length)))
            XCTAssertTrue(
                [.unreadable, .unknown, .size(PixelSize(width: 4032, height: 3024))].contains(found),
                "\(length): \(found)")
        }
        XCTAssertEqual(canvas(Array("not a heif at all".utf8)), .unknown)
        // An index size no file may have (the standard's are 0, 4 and 8): libheif reads on.
        var odd = whole
        let iloc = odd.firstRange(of: Array("iloc".utf8))!.upperBound
        odd[iloc + 5] = 0x0B
        XCTAssertEqual(canvas(odd), .unreadable)
    }

    /// A `meta` box padded past `metaLimit` after its table is still read for the table,
    /// so padding is no way around the check.
    func testAMetaBoxLongerThanTheLimitIsReadForTheTableAtItsStart() {
        let grid: [UInt8] = [0, 0, 1, 2] + be(30_000, 2) + be(30_000, 2)
        var bytes = heif(primaryType: "grid", data: grid)
        let meta = bytes.firstRange(of: Array("meta".utf8))!.lowerBound - 4
        let padding = box("free", [UInt8](repeating: 0, count: HEIFItems.metaLimit))
        let size =
            Int(bytes[meta]) << 24 | Int(bytes[meta + 1]) << 16 | Int(bytes[meta + 2]) << 8 | Int(bytes[meta + 3])
        bytes.replaceSubrange(meta..<meta + 4, with: be(size + padding.count, 4))
        bytes.insert(contentsOf: padding, at: meta + size)
        XCTAssertEqual(canvas(bytes), .size(PixelSize(width: 30_000, height: 30_000)))
    }

    /// The fuzz finding (`Fuzz/Corpus/FuzzDecode/regression-heif-grid-canvas`): its `ispe`
    /// says 16 × 16, its grid 22,605 × 20,512.
    func testTheFuzzFindingsGridIsReadAsTheCanvasLibheifWouldMake() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/FuzzDecode/regression-heif-grid-canvas")
        XCTAssertEqual(HEIFItems.primaryCanvas(ofFileAt: file.path), .size(PixelSize(width: 22_605, height: 20_512)))
    }
}
