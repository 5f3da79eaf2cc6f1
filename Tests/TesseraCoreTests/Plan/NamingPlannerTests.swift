import XCTest

@testable import TesseraCore

final class NamingPlannerTests: XCTestCase {
    private let planner = NamingPlanner(targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg)

    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    private func catalog() -> Catalog {
        Catalog(
            root: Album(
                name: "Photos", path: [], photos: [file("Beach.jpg"), file("beach.JPG"), file("index.jpg")],
                albums: [Album(name: "Beach", path: ["Beach"], photos: [file("Beach/x.jpg")])]))
    }

    private func pages(_ plan: NamingPlan, _ paths: [String]) -> [String?] {
        paths.map { plan.photos[file($0).key]?.page }
    }

    func testNamesThatDifferOnlyByCaseOrExtensionNeverCollide() {
        let info = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000))
        let plan = planner.plan(
            catalog(),
            infos: Dictionary(
                uniqueKeysWithValues: ["Beach.jpg", "beach.JPG", "index.jpg", "Beach/x.jpg"].map {
                    (file($0).key, info)
                }))

        XCTAssertEqual(
            pages(plan, ["Beach.jpg", "beach.JPG", "index.jpg"]), ["beach.html", "beach-2.html", "index-2.html"])
        XCTAssertEqual(plan.albumFolders["Beach"], "beach-3", "an album never shares a photo's name")
        let paths = plan.photos.values.flatMap { [$0.page] + $0.files.map(\.path) }
        XCTAssertEqual(Set(paths.map { $0.lowercased() }).count, paths.count)
    }

    /// Each role gets its JPEG first (what `<img>` shows), then the AVIF and WebP files of
    /// the same size beside it; a thumbnail as large as the display image shares its file in
    /// every format, and the display image offers the AVIF its thumbnails have.
    func testModernFormatsGetTheSameSizesBesideTheJPEG() {
        let planner = NamingPlanner(
            targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg,
            alternatives: [.avif, .webp])
        let small = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 600, height: 500))
        let plan = planner.plan(
            Catalog(root: Album(name: "Photos", path: [], photos: [file("Beach.jpg")])),
            infos: [file("Beach.jpg").key: small])
        let names = try! XCTUnwrap(plan.photos[file("Beach.jpg").key])
        XCTAssertEqual(
            names.renditions.map { "\($0.role) \($0.path) \($0.size) \($0.format.mimeType)" },
            [
                "display _media/beach.jpg 600×500 image/jpeg", "display _media/beach.avif 600×500 image/avif",
                "display _media/beach.webp 600×500 image/webp",
                "thumbnail2x _media/beach.jpg 600×500 image/jpeg", "thumbnail2x _media/beach.avif 600×500 image/avif",
                "thumbnail2x _media/beach.webp 600×500 image/webp",
                "thumbnail _media/beach.thumb.jpg 432×360 image/jpeg",
                "thumbnail _media/beach.thumb.avif 432×360 image/avif",
                "thumbnail _media/beach.thumb.webp 432×360 image/webp",
                "thumbnail0_5x _media/beach.thumb0.5x.jpg 216×180 image/jpeg",
                "thumbnail0_5x _media/beach.thumb0.5x.avif 216×180 image/avif",
                "thumbnail0_5x _media/beach.thumb0.5x.webp 216×180 image/webp",
            ])
        XCTAssertEqual(names.files.count, 9, "three sizes in JPEG, AVIF and WebP")
    }

    /// AVIF is made for the 2x, 1x and 0.5x thumbnails only: never for the display image of
    /// a photo large enough to have it apart, and never twice for one size. WebP is still
    /// made in every size.
    func testAVIFIsMadeOnlyForTheThumbnailsThatPayForIt() {
        let planner = NamingPlanner(
            targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg,
            alternatives: [.avif, .webp])
        let large = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000))
        let plan = planner.plan(
            Catalog(root: Album(name: "Photos", path: [], photos: [file("Beach.jpg")])),
            infos: [file("Beach.jpg").key: large])
        let files = try! XCTUnwrap(plan.photos[file("Beach.jpg").key]).files
        XCTAssertEqual(
            files.filter { $0.format == .avif }.map { "\($0.role) \($0.path) \($0.size)" },
            [
                "thumbnail2x _media/beach.thumb2x.avif 1080×720", "thumbnail _media/beach.thumb.avif 540×360",
                "thumbnail0_5x _media/beach.thumb0.5x.avif 270×180",
            ])
        XCTAssertEqual(files.filter { $0.format == .webp }.count, 4, "WebP as before, in every size")
        XCTAssertEqual(files.filter { $0.format == .jpeg }.count, 4)
    }

    /// A rendition nearly as large as the one above it (at most a quarter wider and taller)
    /// is not made: it shares that one's file, in every format the smaller one had. A
    /// photo of 600×400 has one file for its display image and its 2x and 1x thumbnails;
    /// one of 600×600 (whose 1x is 360×360) and a camera's photo keep each size apart.
    func testARenditionNearlyAsLargeAsTheOneAboveSharesItsFile() {
        let planner = NamingPlanner(
            targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg, alternatives: [.avif])
        let shapes = [
            "wide.jpg": PixelSize(width: 600, height: 400), "square.jpg": PixelSize(width: 600, height: 600),
            "near.jpg": PixelSize(width: 1100, height: 733), "camera.jpg": PixelSize(width: 4000, height: 3000),
        ]
        let plan = planner.plan(
            Catalog(root: Album(name: "P", path: [], photos: shapes.keys.sorted().map(file))),
            infos: shapes.mapValues { PhotoInfo(format: .jpeg, storedSize: $0) })
        func files(_ name: String) -> [String] {
            (plan.photos[file(name).key]?.files ?? []).map { "\($0.path) \($0.size)" }
        }
        func role(_ name: String, _ role: Rendition.Role) -> [String] {
            (plan.photos[file(name).key]?.renditions ?? []).filter { $0.role == role }.map(\.path)
        }

        XCTAssertEqual(
            files("wide.jpg"),
            [
                "_media/wide.jpg 600×400", "_media/wide.avif 600×400", "_media/wide.thumb0.5x.jpg 270×180",
                "_media/wide.thumb0.5x.avif 270×180",
            ],
            "the 1x (540×360) is the photo's own size's file")
        XCTAssertEqual(role("wide.jpg", .thumbnail), ["_media/wide.jpg", "_media/wide.avif"])
        XCTAssertEqual(
            files("square.jpg"),
            [
                "_media/square.jpg 600×600", "_media/square.avif 600×600", "_media/square.thumb.jpg 360×360",
                "_media/square.thumb.avif 360×360", "_media/square.thumb0.5x.jpg 180×180",
                "_media/square.thumb0.5x.avif 180×180",
            ],
            "600 is two thirds more than 360: the 1x stays")
        XCTAssertEqual(
            role("near.jpg", .thumbnail2x), ["_media/near.jpg", "_media/near.avif"],
            "a 2x of 1080×720 would be a 1100×733 display image's pixels again; it shares them, in AVIF too")
        XCTAssertEqual(files("camera.jpg").count, 7, "four JPEG sizes, AVIF for the three thumbnails")
    }

    func testAPhotoThatCannotBeReadKeepsItsNameAndNeverRenamesTheOthers() {
        let info = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 30, height: 20))
        let all = planner.plan(
            catalog(), infos: [file("Beach.jpg").key: info, file("beach.JPG").key: info, file("Beach/x.jpg").key: info])
        let fewer = planner.plan(catalog(), infos: [file("beach.JPG").key: info, file("Beach/x.jpg").key: info])

        XCTAssertEqual(pages(fewer, ["Beach.jpg", "beach.JPG"]), pages(all, ["Beach.jpg", "beach.JPG"]))
        XCTAssertEqual(fewer.photos[file("Beach.jpg").key]?.renditions, [], "no images for a photo never read")
    }

    func testComposedAndDecomposedAccentsAreTwoPhotos() {
        let composed = file("caf\u{E9}.jpg")
        let decomposed = file("cafe\u{301}.jpg")
        XCTAssertEqual(composed.relativePath, decomposed.relativePath, "Swift sees one name")
        let wide = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 300, height: 100))
        let tall = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 100, height: 300))
        let plan = planner.plan(
            Catalog(root: Album(name: "P", path: [], photos: [composed, decomposed])),
            infos: [composed.key: wide, decomposed.key: tall])
        XCTAssertEqual(plan.photos[composed.key]?.page, "café.html")
        XCTAssertEqual(plan.photos[decomposed.key]?.page, "café-2.html")
        XCTAssertEqual(plan.photos[decomposed.key]?.renditions.first?.size, PixelSize(width: 100, height: 300))
    }

    func testImageSizesFollowTheUprightShapeAndAreNeverEnlarged() {
        let images = SiteConfiguration.Images(thumbnailHeight: 300, displaySize: 2048)
        let rotated = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 6000, height: 4000), orientation: .right)
        let small = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 400, height: 200))
        let plan = NamingPlanner(targets: RenditionLadder(images).targets, format: .jpeg).plan(
            Catalog(root: Album(name: "P", path: [], photos: [file("r.jpg"), file("s.jpg")])),
            infos: ["r.jpg": rotated, "s.jpg": small])
        let r = try! XCTUnwrap(plan.photos["r.jpg"])
        XCTAssertEqual(r.renditions.map(\.role), [.display, .thumbnail2x, .thumbnail, .thumbnail0_5x])
        XCTAssertEqual(
            r.renditions.map(\.size),
            [
                PixelSize(width: 1365, height: 2048), PixelSize(width: 400, height: 600),
                PixelSize(width: 200, height: 300), PixelSize(width: 100, height: 150),
            ])
        XCTAssertEqual(
            r.files.map(\.path),
            [
                "_media/r.jpg", "_media/r.thumb2x.jpg", "_media/r.thumb.jpg", "_media/r.thumb0.5x.jpg",
            ])
        let s = try! XCTUnwrap(plan.photos["s.jpg"])
        XCTAssertEqual(
            s.files.map(\.size), [PixelSize(width: 400, height: 200), PixelSize(width: 300, height: 150)],
            "sizes above the photo's own share its file; only the 0.5x one is smaller")
        XCTAssertEqual(Set(s.renditions.map(\.path)), ["_media/s.jpg", "_media/s.thumb0.5x.jpg"])
    }

    func testTheTargetsDecideSizesSuffixesAndFormat() {
        let planner = NamingPlanner(
            targets: [
                RenditionTarget(role: .display, bound: .longEdge(1000), suffix: "-big"),
                RenditionTarget(role: .thumbnail, bound: .height(100), suffix: "-small"),
            ], format: .jpeg)
        let plan = planner.plan(
            Catalog(
                root: Album(
                    name: "P", path: [], albums: [Album(name: "Sea", path: ["Sea"], photos: [file("Sea/w.jpg")])])),
            infos: [file("Sea/w.jpg").key: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 4000, height: 1000))])
        XCTAssertEqual(
            plan.photos[file("Sea/w.jpg").key]?.renditions.map(\.path),
            ["sea/_media/w-big.jpg", "sea/_media/w-small.jpg"])
        XCTAssertEqual(
            plan.photos[file("Sea/w.jpg").key]?.renditions.map(\.size),
            [
                PixelSize(width: 1000, height: 250), PixelSize(width: 400, height: 100),
            ])
    }
}
