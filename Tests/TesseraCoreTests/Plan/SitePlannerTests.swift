import XCTest

@testable import TesseraCore

final class SitePlannerTests: XCTestCase {
    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    private func catalog() -> Catalog {
        Catalog(root: Album(name: "Photos", path: [], photos: [file("Beach.jpg"), file("beach.JPG"), file("index.jpg")],
                            albums: [Album(name: "Beach", path: ["Beach"], photos: [file("Beach/x.jpg")])]))
    }

    func testNamesThatDifferOnlyByCaseOrExtensionNeverCollide() {
        let info = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000))
        let plan = SitePlanner(settings: BuildSettings()).plan(
            catalog(), infos: Dictionary(uniqueKeysWithValues: ["Beach.jpg", "beach.JPG", "index.jpg", "Beach/x.jpg"].map { (file($0).key, info) }))

        XCTAssertEqual(plan.root.photos.map(\.page), ["beach.html", "beach-2.html", "index-2.html"])
        XCTAssertEqual(plan.root.albums.map(\.folder), ["beach-3"], "an album never shares a photo's name")
        let paths = plan.allPhotos.flatMap { [$0.page] + $0.renditions.map(\.path) }
        XCTAssertEqual(Set(paths.map { $0.lowercased() }).count, paths.count)
    }

    func testAPhotoThatCannotBeReadNeverRenamesTheOthers() {
        let info = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 30, height: 20))
        let all = SitePlanner(settings: BuildSettings()).plan(
            catalog(), infos: [file("Beach.jpg").key: info, file("beach.JPG").key: info, file("Beach/x.jpg").key: info])
        let fewer = SitePlanner(settings: BuildSettings()).plan(
            catalog(), infos: [file("beach.JPG").key: info, file("Beach/x.jpg").key: info])

        XCTAssertEqual(fewer.root.photos.map(\.page), ["beach-2.html"])
        XCTAssertEqual(all.root.photos[1].page, fewer.root.photos[0].page)
    }

    func testComposedAndDecomposedAccentsAreTwoPhotos() {
        let composed = file("caf\u{E9}.jpg")
        let decomposed = file("cafe\u{301}.jpg")
        XCTAssertEqual(composed.relativePath, decomposed.relativePath, "Swift sees one name")
        let wide = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 300, height: 100))
        let tall = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 100, height: 300))
        let plan = SitePlanner(settings: BuildSettings()).plan(
            Catalog(root: Album(name: "P", path: [], photos: [composed, decomposed])),
            infos: [composed.key: wide, decomposed.key: tall])
        XCTAssertEqual(plan.root.photos.map(\.info.uprightSize.aspectRatio), [3, 1.0 / 3])
        XCTAssertEqual(plan.root.photos.map(\.page), ["café.html", "café-2.html"])
    }

    func testImageSizesFollowTheUprightShapeAndAreNeverEnlarged() {
        let settings = BuildSettings(thumbnailHeight: 300, displayLongEdge: 2048)
        let rotated = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 6000, height: 4000), orientation: .right)
        let small = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 400, height: 200))
        let plan = SitePlanner(settings: settings).plan(
            Catalog(root: Album(name: "P", path: [], photos: [file("r.jpg"), file("s.jpg")])),
            infos: ["r.jpg": rotated, "s.jpg": small])
        let r = plan.root.photos[0]
        XCTAssertEqual(r.display.size, PixelSize(width: 1365, height: 2048))
        XCTAssertEqual(r.thumbnail2x.size, PixelSize(width: 400, height: 600))
        XCTAssertEqual(r.thumbnail.size, PixelSize(width: 200, height: 300))
        let s = plan.root.photos[1]
        XCTAssertEqual(s.display.size, PixelSize(width: 400, height: 200))
        XCTAssertEqual(s.renditions.map(\.size), [PixelSize(width: 400, height: 200)], "one file when no size is smaller")
        XCTAssertEqual(s.thumbnail.path, s.display.path)
    }
}
