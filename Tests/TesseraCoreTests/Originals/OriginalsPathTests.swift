import XCTest

@testable import TesseraCore

/// Where an original is published: the photo page's slug and an extension a download can
/// be opened by, never the name of the album's ZIP beside it.
final class OriginalsPathTests: XCTestCase {
    private func path(_ name: String, _ format: MediaFormat, policy: OriginalsPolicy = .asIs) -> String {
        OriginalsPlan.path(
            of: PhotoFile(relativePath: "Trip/\(name)", format: format, byteCount: 1, modified: 0),
            page: "trip/trip.html", policy: policy)
    }

    func testAnOriginalKeepsItsOwnExtensionWhenItIsOneOfItsFormats() {
        XCTAssertEqual(path("Trip.JPEG", .jpeg), "trip/_originals/trip.jpeg")
        XCTAssertEqual(path("Trip.png", .png), "trip/_originals/trip.png")
        XCTAssertEqual(path("Trip.SRW", .tiffRaw), "trip/_originals/trip.srw", "a format no extension names")
        XCTAssertEqual(path("Trip.png", .png, policy: .stripped), "trip/_originals/trip.jpg")
    }

    /// A JPEG named `trip.zip` in the album `Trip` (photos are known by their bytes) was
    /// published at the album ZIP's path: one of the two downloads served the other file.
    func testAnExtensionNotOfItsFormatIsTheFormatsOwnAndNeverTheAlbumsZip() {
        XCTAssertEqual(path("trip.zip", .jpeg), "trip/_originals/trip.jpg")
        XCTAssertNotEqual(path("trip.zip", .jpeg), OriginalsPlan.zipPath(ofAlbumFolder: "trip"))
        XCTAssertEqual(path("Trip", .jpeg), "trip/_originals/trip.jpg", "a name without an extension")
        XCTAssertEqual(path("trip.zip", .tiffRaw), "trip/_originals/trip.tif", "a raw in TIFF form named .zip")
    }
}
