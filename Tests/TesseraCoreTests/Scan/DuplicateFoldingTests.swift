import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Issue 19: `IMG_0200.JPG` and its byte-identical copy `IMG_0200 (1).JPG` were published
/// as two photos. Within one folder a copy is folded into the first in natural order.
final class DuplicateFoldingTests: XCTestCase {
    func testAByteIdenticalCopyIsFoldedIntoTheOriginalName() throws {
        let tmp = try TemporaryFolder()
        let bytes = FakeImaging.photo(width: 3000, height: 2000)
        try tmp.write("Holiday/IMG_0200.JPG", bytes)
        try tmp.write("Holiday/IMG_0200 (1).JPG", bytes)
        try tmp.write("Holiday/IMG_0201.JPG", FakeImaging.photo(width: 2000, height: 3000))

        let catalog = try CatalogScanner(root: tmp.url).scan()

        let holiday = try XCTUnwrap(catalog.root.albums.first)
        // Natural order puts `IMG_0200 (1).JPG` first (a space sorts before a dot), but the
        // shorter name is the original a visitor should see.
        XCTAssertEqual(holiday.photos.map(\.fileName), ["IMG_0200.JPG", "IMG_0201.JPG"])
        XCTAssertEqual(
            catalog.folded,
            [
                FoldedFile(
                    relativePath: "Holiday/IMG_0200 (1).JPG", joined: "Holiday/IMG_0200.JPG", kind: .duplicate,
                    reason: "duplicate of IMG_0200.JPG")
            ])
    }

    func testFilesOfTheSameSizeWithDifferentBytesAreBothPublished() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("a.jpg", FakeImaging.photo(width: 3000, height: 2000, note: "first"))
        try tmp.write("b.jpg", FakeImaging.photo(width: 3000, height: 2000, note: "other"))

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.root.photos.map(\.byteCount).count, 2)
        XCTAssertEqual(Set(catalog.root.photos.map(\.byteCount)).count, 1, "the test needs equal sizes")
        XCTAssertEqual(catalog.folded, [])
    }

    func testCopiesInTwoDifferentAlbumsAreBothPublished() throws {
        let tmp = try TemporaryFolder()
        let bytes = FakeImaging.photo(width: 3000, height: 2000)
        try tmp.write("Best of/IMG_0200.JPG", bytes)
        try tmp.write("Holiday/IMG_0200.JPG", bytes)

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.allPhotos.map(\.relativePath), ["Best of/IMG_0200.JPG", "Holiday/IMG_0200.JPG"])
        XCTAssertEqual(catalog.folded, [])
    }

    /// A RAW+JPEG pair and a copy of its JPEG: one photo, with the RAW's notes kept for it.
    func testARawPairIsListedAsFoldedAndKeepsItsRawWhenItsJPEGIsACopy() throws {
        let tmp = try TemporaryFolder()
        let bytes = FakeImaging.photo(width: 3000, height: 2000)
        try tmp.write("IMG_0200.JPG", bytes)
        try tmp.write("IMG_0200 (1).JPG", bytes)
        try tmp.write("IMG_0200.DNG", TIFFFixture(dngVersion: true).bytes)

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(catalog.root.photos.map(\.fileName), ["IMG_0200.JPG"])
        XCTAssertEqual(Set(catalog.folded.map(\.relativePath)), ["IMG_0200 (1).JPG", "IMG_0200.DNG"])
        XCTAssertEqual(catalog.folded.first { $0.kind == .raw }?.reason, "the RAW of IMG_0200.JPG")
        let published = try XCTUnwrap(catalog.root.photos.first)
        XCTAssertEqual(catalog.rawCompanions[published.key]?.map(\.fileName), ["IMG_0200.DNG"])
    }

    /// Only files of the same size are read: a folder of different sizes costs no reading.
    func testOnlyFilesOfTheSameSizeAreDigested() {
        func photo(_ name: String, _ size: Int) -> PhotoFile {
            PhotoFile(relativePath: name, format: .jpeg, byteCount: size, modified: 0)
        }
        var digested: [String] = []
        let result = DuplicateFolding.fold(
            [photo("a.jpg", 100), photo("b.jpg", 200), photo("c.jpg", 100), photo("d.jpg", 300)],
            digest: {
                digested.append($0.fileName)
                return "same"
            }, sameBytes: { _, _ in true })
        XCTAssertEqual(digested, ["a.jpg", "c.jpg"])
        XCTAssertEqual(result.photos.map(\.fileName), ["a.jpg", "b.jpg", "d.jpg"])
        XCTAssertEqual(result.folds.map(\.duplicate.fileName), ["c.jpg"])
    }
}
