import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Camera raw files are told from photos by Core, before any port reads them.
final class RawSignatureTests: XCTestCase {
    func testTIFFStructuredRawsAreToldApartByTheirMarks() {
        var cr2 = TIFFFixture()
        cr2.afterHeader = Array("CR".utf8)
        var dng = TIFFFixture()
        dng.dngVersion = true
        func preview(of make: String?) -> [UInt8] {
            TIFFFixture(subImage: (4000, 3000), make: make).bytes
        }
        XCTAssertEqual(RawSignature.format(of: cr2.bytes), .cr2)
        XCTAssertEqual(RawSignature.format(of: dng.bytes), .dng)
        XCTAssertEqual(RawSignature.format(of: preview(of: "NIKON CORPORATION")), .nef)
        XCTAssertEqual(RawSignature.format(of: preview(of: "SONY")), .arw)
        XCTAssertEqual(RawSignature.format(of: preview(of: "PENTAX Corporation")), .pef)
        XCTAssertEqual(RawSignature.format(of: preview(of: "Leaf")), .tiffRaw)
        XCTAssertEqual(RawSignature.format(of: preview(of: nil)), .tiffRaw)
        XCTAssertTrue(
            [MediaFormat.cr2, .dng, .nef, .arw, .pef, .tiffRaw].allSatisfy { $0.kind == .raw && $0.isReadable })
    }

    func testRawsWithSignaturesOfTheirOwnAreRecognisedFromTheirFirstBytes() {
        XCTAssertEqual(RawSignature.format(of: Array("IIRO".utf8) + [8, 0, 0, 0]), .orf)
        XCTAssertEqual(RawSignature.format(of: [0x49, 0x49, 0x55, 0x00, 0x18, 0, 0, 0]), .rw2)
        XCTAssertEqual(RawSignature.format(of: Array("FUJIFILMCCD-RAW 0201FF383501".utf8)), .raf)
        XCTAssertEqual(RawSignature.format(of: MagicBytes.isobmff("crx ")), .cr3)
    }

    func testPhotosAndPyramidsAreNoRaw() {
        XCTAssertNil(RawSignature.format(of: TIFFFixture().bytes), "a plain TIFF")
        XCTAssertNil(RawSignature.format(of: TIFFFixture(subImage: (80, 60)).bytes), "a pyramid: smaller sub-image")
        XCTAssertNil(RawSignature.format(of: MagicBytes.jpeg + [0, 0, 0]))
        XCTAssertNil(RawSignature.format(of: MagicBytes.isobmff("heic")))
        XCTAssertNil(RawSignature.format(of: []))
    }

    /// What cannot be followed is no raw here: Imaging then says what is wrong with the TIFF,
    /// as it did before the decision moved.
    func testABrokenStructureIsLeftForThePhotoPortToJudge() {
        var nef = TIFFFixture(subImage: (4000, 3000), make: "NIKON").bytes
        XCTAssertNil(RawSignature.format(of: Array(nef.prefix(60))), "cut inside the sub-image's directory")
        nef[4] = 4  // IFD0 inside the header
        XCTAssertNil(RawSignature.format(of: nef))
        var noSize = TIFFFixture()
        noSize.afterHeader = Array("CR".utf8)
        var bytes = noSize.bytes
        bytes[12] = 0x99  // the width tag becomes another tag: no size, a corrupt TIFF
        XCTAssertNil(RawSignature.format(of: bytes))
    }

    /// The directories are read where they lie, not from a fixed prefix.
    func testADirectoryFarIntoTheFileIsStillRead() throws {
        let far = TIFFFixture(subImage: (4000, 3000), make: "SONY", gap: 300 * 1024).bytes
        XCTAssertEqual(RawSignature.format(of: far), .arw)
        let folder = try TemporaryFolder()
        try folder.write("far.arw", far)
        XCTAssertEqual(RawSignature.format(ofFileAt: folder.url.appendingPathComponent("far.arw").path), .arw)
        XCTAssertNil(RawSignature.format(ofFileAt: folder.url.appendingPathComponent("missing.arw").path))
    }

    /// FuzzHeader once found a sub-image of 4294967295 × 4294967295 pixels, whose pixel
    /// count overflowed `Int` (a trap); the comparison moved to Core with its guard.
    func testASubImageTooLargeToCountStopsNothing() throws {
        let found = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/Corpus/FuzzHeader/regression-tiff-subimage-overflow").standardized
        XCTAssertNil(RawSignature.format(of: [UInt8](try Data(contentsOf: found))))
        XCTAssertEqual(
            RawSignature.format(of: TIFFFixture(width: .max, height: .max, subImage: (.max, .max)).bytes), nil)
        XCTAssertEqual(
            RawSignature.format(of: TIFFFixture(width: 2, height: 2, subImage: (.max, .max)).bytes), .tiffRaw)
    }

    /// The scan gives a TIFF-structured raw its own format, whatever its name, so the read
    /// stage refuses it instead of handing its preview to the photo port.
    func testTheScanNamesTheRawFormatOfATIFF() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("camera.nef", TIFFFixture(subImage: (4000, 3000), make: "NIKON").bytes)
        try tmp.write("renamed.tif", TIFFFixture(dngVersion: true).bytes)
        try tmp.write("scan.tif", TIFFFixture().bytes)
        let catalog = try CatalogScanner(root: tmp.url).scan()
        let formats = Dictionary(uniqueKeysWithValues: catalog.allPhotos.map { ($0.fileName, $0.format) })
        XCTAssertEqual(formats, ["camera.nef": .nef, "renamed.tif": .dng, "scan.tif": .tiff])
        XCTAssertEqual(catalog.allPhotos.map(\.kind), [.raw, .raw, .photo])
    }
}
