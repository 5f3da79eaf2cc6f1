import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// RAW+JPEG: which files of a folder are one photo, and whose notes it shows.
final class RawPairingTests: XCTestCase {
    private func file(_ name: String, _ format: MediaFormat) -> PhotoFile {
        PhotoFile(relativePath: "Trip/" + name, format: format, byteCount: 1, modified: 0)
    }

    func testARawBesideAPictureOfItsNameIsFoldedIntoIt() {
        let photos = [
            file("IMG_0001.CR2", .cr2), file("IMG_0001.JPG", .jpeg),
            file("IMG_0002.dng", .dng),
            file("img_0003.NEF", .nef), file("IMG_0003.HEIC", .heif),
            file("IMG_0004.ARW", .arw), file("IMG_0004.jpg", .jpeg), file("IMG_0004.heic", .heif),
            file("IMG_0005.png", .png), file("IMG_0005.dng", .dng),
        ]
        let folded = RawPairing.fold(photos)
        XCTAssertEqual(
            folded.photos.map(\.fileName),
            [
                "IMG_0001.JPG", "IMG_0002.dng", "IMG_0003.HEIC", "IMG_0004.jpg", "IMG_0004.heic", "IMG_0005.png",
                "IMG_0005.dng",
            ])
        XCTAssertEqual(
            folded.pairs.map { [$0.picture.fileName] + $0.raws.map(\.fileName) },
            [["IMG_0001.JPG", "IMG_0001.CR2"], ["IMG_0003.HEIC", "img_0003.NEF"], ["IMG_0004.jpg", "IMG_0004.ARW"]])
    }

    func testTwoRawsOfOneShotBothJoinItsJPEG() {
        let folded = RawPairing.fold([file("A.dng", .dng), file("A.cr2", .cr2), file("A.jpg", .jpeg)])
        XCTAssertEqual(folded.photos.map(\.fileName), ["A.jpg"])
        XCTAssertEqual(folded.pairs.first?.raws.map(\.fileName), ["A.dng", "A.cr2"])
    }

    func testPairsAreFoundPerFolderOnly() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("a/IMG_1.jpg", MagicBytes.jpeg)
        try tmp.write("b/IMG_1.dng", TIFFFixture(dngVersion: true).bytes)
        let catalog = try CatalogScanner(root: tmp.url).scan()
        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["a/IMG_1.jpg", "b/IMG_1.dng"])
        XCTAssertEqual(catalog.rawCompanions, [:])
    }

    func testThePicturesOwnNotesWinAndTheRawFillsWhatItLacks() {
        let picture = PhotoMetadata(dateTaken: "2026-11-30 10:20:30", exposure: "1/200 s", caption: "Harbour")
        let raw = PhotoMetadata(
            dateTaken: "2026-11-30 10:20:29", cameraMake: "Canon", cameraModel: "Canon EOS R6", lens: "RF 35mm",
            exposure: "1/250 s", aperture: "f/2.8", focalLength: "35 mm", iso: 400, caption: "CANON DIGITAL")
        XCTAssertTrue(RawPairing.lacksCameraNotes(picture))
        let filled = RawPairing.metadata(of: picture, filledFrom: raw)
        XCTAssertEqual(
            filled,
            PhotoMetadata(
                dateTaken: "2026-11-30 10:20:30", cameraMake: "Canon", cameraModel: "Canon EOS R6", lens: "RF 35mm",
                exposure: "1/200 s", aperture: "f/2.8", focalLength: "35 mm", iso: 400, caption: "Harbour"))
        XCTAssertTrue(RawPairing.lacksCameraNotes(filled), "the clock's offset is still missing")
        var withClock = filled
        withClock.utcOffsetMinutes = 60
        XCTAssertFalse(RawPairing.lacksCameraNotes(withClock))
    }

    /// An exported JPEG that lost its clock's offset takes the RAW's, for the same time only.
    func testTheRawsClockOffsetFillsThePicturesForTheSameTime() {
        let raw = PhotoMetadata(dateTaken: "2025-06-01 09:55:00", utcOffsetMinutes: 540)
        let same = PhotoMetadata(dateTaken: "2025-06-01 09:55:00", utcOffsetMinutes: nil)
        XCTAssertEqual(RawPairing.metadata(of: same, filledFrom: raw).utcOffsetMinutes, 540)
        let edited = PhotoMetadata(dateTaken: "2025-06-01 18:00:00", utcOffsetMinutes: nil)
        XCTAssertNil(RawPairing.metadata(of: edited, filledFrom: raw).utcOffsetMinutes, "another time's clock")
        let own = PhotoMetadata(dateTaken: "2025-06-01 09:55:00", utcOffsetMinutes: -240)
        XCTAssertEqual(RawPairing.metadata(of: own, filledFrom: raw).utcOffsetMinutes, -240, "the picture's own wins")
    }
}
