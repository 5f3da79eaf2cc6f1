import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A HEIC still's Live Photo content identifier, read as the scan reads it: the imaging
/// port hands the HEIC's `Exif` item (through libheif), and Core finds Apple's MakerNote
/// tag 0x0011 in it. The HEIC is made by heif-enc and its MakerNote written by exiftool
/// (`LivePhotoFixture`), which reads the identifier back.
final class LivePhotoStillTests: XCTestCase {
    func testAHEICStillsIdentifierIsReadFromItsExifItemAsExiftoolReadsIt() throws {
        try XCTSkipUnless(LivePhotoFixture.isAvailable, LivePhotoFixture.missing)
        let folder = try TemporaryFolder()
        let still = folder.url.appendingPathComponent("IMG_0001.HEIC")
        try LivePhotoFixture.heic(at: still, identifier: "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
        XCTAssertEqual(try LivePhotoFixture.exiftoolIdentifier(of: still), "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")

        let block = try XCTUnwrap(ImagePipeline().exifBlock(ofHEIF: still), "the HEIC has an Exif item")
        XCTAssertEqual(AppleContentIdentifier.ofEXIF(block), "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
        // Cut anywhere, the reader stays inside the bytes; it finds the identifier only whole.
        for length in stride(from: 0, to: block.count - 40, by: 7) {
            XCTAssertNil(AppleContentIdentifier.ofEXIF(Array(block.prefix(length))), "\(length) of \(block.count)")
        }
    }

    func testAHEICWithoutAppleMakerNoteHasNoIdentifier() throws {
        try XCTSkipUnless(LivePhotoFixture.isAvailable, LivePhotoFixture.missing)
        let folder = try TemporaryFolder()
        let plain = folder.url.appendingPathComponent("plain.heic")
        try LivePhotoFixture.heic(at: plain, identifier: "X")
        // exiftool removes the MakerNote and leaves an empty Exif item: no block.
        try ExifTool.write(["-MakerNotes:all="], to: plain)
        XCTAssertNil(ImagePipeline().exifBlock(ofHEIF: plain))
        // A camera's EXIF without Apple's MakerNote: a block, and no identifier in it.
        try ExifTool.write(["-Model=Tessera Test Camera", "-DateTimeOriginal=2024:07:01 10:20:30"], to: plain)
        let block = try XCTUnwrap(ImagePipeline().exifBlock(ofHEIF: plain))
        XCTAssertNil(AppleContentIdentifier.ofEXIF(block))
        XCTAssertNil(ImagePipeline().exifBlock(ofHEIF: folder.url.appendingPathComponent("missing.heic")))
    }
}
