import XCTest

@testable import TesseraCore

/// Which albums' pages a rebuild renders again: those whose fingerprint changed.
final class PageFingerprintsTests: XCTestCase {
    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    private let paths = ["a.jpg", "Trips/b.jpg", "Trips/Alps/c.jpg", "Home/d.jpg"]

    private func plan(_ settings: BuildSettings = BuildSettings()) -> SitePlan {
        let catalog = Catalog(root: Album(
            name: "Photos", path: [], photos: [file("a.jpg")],
            albums: [
                Album(name: "Trips", path: ["Trips"], photos: [file("Trips/b.jpg")],
                      albums: [Album(name: "Alps", path: ["Trips", "Alps"], photos: [file("Trips/Alps/c.jpg")])]),
                Album(name: "Home", path: ["Home"], photos: [file("Home/d.jpg")]),
            ]))
        let info = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000))
        return SitePlanner(settings: settings).plan(
            catalog, infos: Dictionary(uniqueKeysWithValues: paths.map { (file($0).key, info) }))
    }

    /// The folders of the albums whose fingerprints differ between two builds.
    private func changed(
        _ settings: BuildSettings = BuildSettings(), generator: String = "t1", templates: TemplateSet? = nil,
        layout: LayoutOptions = LayoutOptions(), hashes: [String: String] = [:]
    ) throws -> Set<String> {
        let defaults = try TemplateSet.defaults()
        let contentHashes = Dictionary(uniqueKeysWithValues: paths.map { (file($0).key, "h-\($0)") })
        let before = PageFingerprints(
            plan: plan(), generator: "t1", templates: defaults, layout: LayoutOptions(), contentHashes: contentHashes)
        let after = plan(settings)
        let now = PageFingerprints(
            plan: after, generator: generator, templates: templates ?? defaults, layout: layout,
            contentHashes: contentHashes.merging(hashes) { $1 })
        return Set(after.allAlbums.filter { now[$0] != before[$0] }.map(\.folder))
    }

    func testNothingChangedRendersNothing() throws {
        XCTAssertEqual(try changed(), [])
    }

    func testAnEditedPhotoRendersItsAlbumAndEveryAlbumAbove() throws {
        XCTAssertEqual(try changed(hashes: [file("Trips/Alps/c.jpg").key: "edited"]), ["trips/alps", "trips", ""])
        XCTAssertEqual(try changed(hashes: [file("Home/d.jpg").key: "edited"]), ["home", ""])
    }

    func testSiteWideChangesRenderEveryAlbum() throws {
        let all: Set<String> = ["", "trips", "trips/alps", "home"]
        XCTAssertEqual(try changed(generator: "t2"), all, "another build of Tessera")
        XCTAssertEqual(try changed(BuildSettings(title: "Ours")), all, "a new site title")
        var layout = LayoutOptions()
        layout.gap = 9
        XCTAssertEqual(try changed(layout: layout), all, "a layout option")
        XCTAssertEqual(try changed(BuildSettings(thumbnailHeight: 200)), all, "a thumbnail size")
        let footer = try TemplateSet(
            sources: DefaultTemplates.sources.merging(["footer": "<footer>mine</footer>"]) { $1 },
            stylesheet: DefaultTemplates.stylesheet)
        XCTAssertEqual(try changed(templates: footer), all, "a template")
    }
}
