import Foundation
import Synchronization
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// The whole pipeline in process, with fake photos and a fake imaging port: the rules of
/// what is made, kept, skipped and removed.
final class SiteBuilderTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var imaging: FakeImaging!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        imaging = FakeImaging()
        try photo("Harbour.jpg", width: 3000, height: 2000)
        try photo("Market.jpg", width: 2000, height: 3000, caption: "Saturday market")
        try photo("Trips/Bridge.jpg", width: 4000, height: 1000)
        try photo("Trips/Canal.jpg", width: 3000, height: 2000)
    }

    private func photo(_ path: String, width: Int, height: Int, caption: String? = nil, note: String = "") throws {
        try folder.write(
            "photos/" + path, FakeImaging.photo(width: width, height: height, caption: caption, note: note))
    }

    @discardableResult
    private func build(
        force: Bool = false, maxMegapixels: Int = 100, with port: (any ImageProcessing)? = nil
    ) throws -> BuildReport {
        let imaging: any ImageProcessing = port ?? self.imaging
        let builder = SiteBuilder(
            input: input, output: output,
            configuration: SiteConfiguration(
                images: SiteConfiguration.Images(maxMegapixels: maxMegapixels, formats: [])),
            run: RunOptions(jobs: 2, force: force, generator: "test"), theme: try Theme.defaults(),
            imaging: imaging, video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
        return try builder.build()
    }

    /// A camera raw is a photo the port develops: the scan gives a TIFF-structured raw its
    /// own format whatever its name, and the port is asked for that format, never for a
    /// TIFF whose first image is only the raw's preview.
    func testCameraRawFilesGoToThePhotoPortAsRaws() throws {
        try folder.write("photos/Trips/camera.nef", TIFFFixture(subImage: (4000, 3000), make: "NIKON").bytes)
        try folder.write("photos/renamed.tif", TIFFFixture(dngVersion: true).bytes)
        let port = FormatRecordingImaging(imaging)
        try build(with: port)
        let asked = port.asked.filter { !$0.hasSuffix(" as jpeg") }
        XCTAssertEqual(Set(asked), ["renamed.tif as dng", "camera.nef as nef"])
    }

    /// Issue 19: a DNG beside its JPEG was skipped with a warning and the JPEG published as
    /// `img-0040-2.html`, so `--strict` failed for anyone who shoots RAW+JPEG. The pair is
    /// one photo: the JPEG's page under its own name, the RAW listed as folded into it.
    func testARawBesideItsJPEGIsOnePhotoWithoutAWarning() throws {
        // Its own bytes: a copy of `Canal.jpg` would be folded into it as a duplicate.
        try photo("Trips/IMG_0040.JPG", width: 3000, height: 2000, note: "IMG_0040")
        try folder.write("photos/Trips/IMG_0040.DNG", TIFFFixture(dngVersion: true).bytes)
        try folder.write("photos/Trips/img_0041.dng", TIFFFixture(dngVersion: true).bytes)
        try photo("Trips/IMG_0041.heic", width: 2000, height: 3000)
        let report = try build()
        XCTAssertEqual(report.skipped, [])
        XCTAssertEqual(report.warnings, [])
        XCTAssertEqual(report.photos, 6)
        let trips = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("trips").path)
        XCTAssertEqual(
            Set(trips.filter { $0.hasSuffix(".html") }),
            ["bridge.html", "canal.html", "img-0040.html", "img-0041.html", "index.html"])
        XCTAssertEqual(
            report.ignored.filter { $0.relativePath.hasSuffix("DNG") || $0.relativePath.hasSuffix("dng") },
            [
                IgnoredFile(
                    relativePath: "Trips/IMG_0040.DNG", reason: "the RAW of IMG_0040.JPG, published as that photo"),
                IgnoredFile(
                    relativePath: "Trips/img_0041.dng", reason: "the RAW of IMG_0041.heic, published as that photo"),
            ])
        // Only the JPEG and the HEIF are decoded: the RAWs make no image of their own.
        XCTAssertFalse(imaging.decoded.contains { $0.lowercased().hasSuffix(".dng") })
    }

    /// A RAW+JPEG pair whose JPEG was cut short in copying published neither (the RAW was
    /// folded into a photo that could not be decoded). The RAW is developed in its place,
    /// under the JPEG's names and sizes, with a warning; a RAW of another shape (the JPEG
    /// cropped in the camera) cannot stand in, and the pair is skipped as before.
    func testAStillThatCannotBeDecodedIsPublishedFromItsRawOfTheSameShape() throws {
        try photo("Trips/IMG_0040.JPG", width: 3000, height: 2000, note: "IMG_0040 BROKEN")
        try folder.write("photos/Trips/IMG_0040.DNG", TIFFFixture(dngVersion: true).bytes)
        try photo("Trips/IMG_0050.JPG", width: 3000, height: 1688, note: "IMG_0050 BROKEN")
        try folder.write("photos/Trips/IMG_0050.DNG", TIFFFixture(dngVersion: true).bytes)
        let port = DevelopingImaging(imaging, raw: PixelSize(width: 3024, height: 2016))
        let report = try build(with: port)
        XCTAssertEqual(report.photos, 5)
        XCTAssertEqual(report.skipped.map(\.path), ["Trips/IMG_0050.JPG"], "16:9 from a 3:2 RAW cannot stand in")
        XCTAssertEqual(
            report.warnings.map(\.description),
            [
                "Trips/IMG_0040.JPG: cannot be decoded (corrupt JPEG: damaged image data); published from IMG_0040.DNG, its RAW, until it is copied again"
            ])
        XCTAssertEqual(
            report.strictFailures,
            [
                "1 photo was skipped and --strict is set",
                "1 photo was published from its RAW (it cannot be decoded) and --strict is set",
            ])
        let page = try String(contentsOf: output.appendingPathComponent("trips/img-0040.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("img-0040"), page)
        let media = try FileManager.default.contentsOfDirectory(
            atPath: output.appendingPathComponent("trips/_media").path)
        let made = try media.filter { $0.hasPrefix("img-0040") }.map {
            try String(contentsOf: output.appendingPathComponent("trips/_media/" + $0), encoding: .utf8)
        }
        XCTAssertFalse(made.isEmpty)
        XCTAssertTrue(made.allSatisfy { $0.hasPrefix("raw ") }, "every image is the RAW's: \(made)")
        // A build with something else changed keeps them, nothing decoded again, and says
        // so again: --strict still fails while the RAW's images stand.
        try folder.write("photos/Trips/index.md", Array("Title: Trips abroad\n".utf8))
        let again = DevelopingImaging(FakeImaging(), raw: PixelSize(width: 3024, height: 2016))
        let kept = try build(with: again)
        XCTAssertEqual(again.developed, 0)
        XCTAssertEqual(kept.warnings.map(\.description), report.warnings.map(\.description))
        // Touched (its bytes the same, its header read again), it still says so.
        let jpeg = input.appendingPathComponent("Trips/IMG_0040.JPG").path
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: jpeg)
        let touched = DevelopingImaging(FakeImaging(), raw: PixelSize(width: 3024, height: 2016))
        XCTAssertEqual(try build(with: touched).warnings.map(\.description), report.warnings.map(\.description))
        XCTAssertEqual(touched.developed, 0)
        // Copied again whole, it is decoded from itself, and the warning ends.
        try photo("Trips/IMG_0040.JPG", width: 3000, height: 2000, note: "IMG_0040 mended")
        XCTAssertEqual(try build(with: again).warnings, [])
        XCTAssertEqual(try build(with: again).warnings, [], "nor comes back on a build that keeps its images")
    }

    /// Issue 19: two byte-identical copies in one album were published as two pages. The
    /// copy is folded into the first: one page, listed in the report with what it joined,
    /// and counted in the summary.
    func testAByteIdenticalCopyInOneAlbumIsPublishedOnce() throws {
        try photo("Trips/IMG_0200 (1).JPG", width: 3000, height: 2000, note: "same")
        try photo("Trips/IMG_0200.JPG", width: 3000, height: 2000, note: "same")
        let report = try build()
        XCTAssertEqual(report.photos, 5)
        let trips = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("trips").path)
        XCTAssertEqual(
            Set(trips.filter { $0.hasSuffix(".html") }), ["bridge.html", "canal.html", "img-0200.html", "index.html"])
        XCTAssertEqual(
            report.folded,
            [
                FoldedFile(
                    relativePath: "Trips/IMG_0200 (1).JPG", joined: "Trips/IMG_0200.JPG", kind: .duplicate,
                    reason: "duplicate of IMG_0200.JPG")
            ])
        XCTAssertTrue(report.summary.contains(", 1 duplicate folded, "), report.summary)
        XCTAssertEqual(report.skipped, [])
    }

    /// `cover:` and `order:` naming a copy that was folded (`IMG_0200 (1).JPG`, a file in
    /// the album) mean the photo published for it, with no warning: the card shows it and
    /// the order puts it first.
    func testACoverOrOrderNamingAFoldedCopyMeansThePhotoPublishedForIt() throws {
        try photo("Trips/IMG_0200 (1).JPG", width: 3000, height: 2000, note: "same")
        try photo("Trips/IMG_0200.JPG", width: 3000, height: 2000, note: "same")
        try folder.write(
            "photos/Trips/index.md", Array("---\ncover: IMG_0200 (1).JPG\norder: [IMG_0200 (1).JPG]\n---\n".utf8))
        let report = try build()
        XCTAssertEqual(report.warnings, [], "\(report.warnings)")
        let trips = try page("trips/index.html")
        let first = try XCTUnwrap(trips.range(of: #"class="tile" href="#)).upperBound
        XCTAssertTrue(trips[first...].hasPrefix(#""img-0200.html""#), "the order puts it first")
        let home = try page("index.html")
        let card = try XCTUnwrap(home.components(separatedBy: #"href="trips/index.html""#).dropFirst().first)
        XCTAssertTrue(
            card.prefix(upTo: card.range(of: "</a>")!.lowerBound).contains("trips/_media/img-0200.thumb"),
            "the card shows it: \(card.prefix(600))")
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Each file in the site with its inode: an atomic write gives a file a new one.
    private func inodes() throws -> [String: UInt64] {
        var found: [String: UInt64] = [:]
        let enumerator = FileManager.default.enumerator(atPath: output.path)!
        while let path = enumerator.nextObject() as? String {
            let attributes = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
            if attributes[.type] as? FileAttributeType == .typeRegular {
                found[path] = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value
            }
        }
        return found
    }

    /// The site's files with a new inode, but for the build's own records (the manifest and
    /// the memo, written anew by every build that does anything: whether the file system
    /// hands the new one the old one's inode is chance, and the sanitizer run's differed).
    private func written(since before: [String: UInt64]) throws -> Set<String> {
        Set(try inodes().filter { before[$0.key] != $0.value }.map(\.key))
            .subtracting([Manifest.fileName, BuildMemo.fileName])
    }

    /// `images.max_megapixels` is one limit: a photo over it is skipped with the limit
    /// named, also when its header comes from the manifest of a build that published it;
    /// a photo of exactly the limit is published.
    func testAPhotoOverThePixelLimitIsSkippedWithTheLimitNamed() throws {
        XCTAssertEqual(try build().photos, 4)
        let report = try build(maxMegapixels: 5)
        let tooLarge = "image too large: 3000×2000 exceeds 5 MP limit"
        XCTAssertEqual(
            report.skipped.map { "\($0.path): \($0.reason)" }.sorted(),
            [
                "Harbour.jpg: \(tooLarge)", "Market.jpg: image too large: 2000×3000 exceeds 5 MP limit",
                "Trips/Canal.jpg: \(tooLarge)",
            ])
        XCTAssertEqual(report.photos, 1, "Bridge, 4 MP")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("harbour.html").path))
        XCTAssertEqual(try build(maxMegapixels: 6).skipped, [], "6 MP photos are within a 6 MP limit")
    }

    func testAFirstBuildMakesEverythingAndASecondKeepsEverythingWithoutDecoding() throws {
        let first = try build()
        XCTAssertEqual(first.photos, 4)
        XCTAssertEqual(first.albums, 2)
        XCTAssertEqual(first.skipped, [])
        XCTAssertEqual(imaging.decoded.count, 4)
        let files = try inodes()
        XCTAssertTrue(files.keys.contains("trips/_media/bridge.thumb.jpg"))
        XCTAssertEqual(
            try Data(contentsOf: output.appendingPathComponent(".nojekyll")), Data(),
            "GitHub Pages serves _media/ folders only when Jekyll is off")
        XCTAssertTrue(try page("index.html").contains(#"alt="Saturday market""#), "the caption names the tile")
        XCTAssertTrue(try page("market.html").contains("Saturday market"))

        let second = try build()
        XCTAssertEqual(second.generated, 0)
        XCTAssertEqual(second.reused, first.generated + first.reused)
        XCTAssertEqual(imaging.decoded.count, 4, "nothing decoded again")
        XCTAssertEqual(try written(since: files), [])
    }

    func testAPhotoThatFailsToDecodeIsSkippedAndLeftOutWithoutRenamingTheOthers() throws {
        try photo("Trips/Bridge.jpg", width: 4000, height: 1000, note: "BROKEN")
        try photo("Trips/bridge.png", width: 300, height: 200)
        let report = try build()
        XCTAssertEqual(report.skipped, [.init(path: "Trips/Bridge.jpg", reason: "corrupt JPEG: damaged image data")])
        XCTAssertEqual(report.photos, 4)
        let album = try page("trips/index.html")
        XCTAssertFalse(album.contains("href=\"bridge.html\""))
        XCTAssertTrue(album.contains("href=\"bridge-2.html\""), "the readable photo keeps the name it would have had")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("trips/bridge.html").path))
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("trips/_media/bridge.jpg").path))
    }

    func testANewCaptionRewritesItsPhotoPageItsAlbumPageAndItsImagesOnly() throws {
        try build()
        let before = try inodes()
        try photo("Trips/Canal.jpg", width: 3000, height: 2000, caption: "Evening on the canal")
        try build()
        XCTAssertEqual(
            try written(since: before),
            [
                "trips/canal.html", "trips/_media/canal.jpg", "trips/_media/canal.thumb2x.jpg",
                "trips/_media/canal.thumb.jpg", "trips/_media/canal.thumb0.5x.jpg", "trips/index.html",
            ], "the album page too: the caption is the tile's alt text")
        XCTAssertTrue(try page("trips/canal.html").contains("Evening on the canal"))
    }

    func testARemovedPhotoTakesItsFilesAwayAndLeavesTheUsersOwn() throws {
        try build()
        try folder.write("site/trips/NOTES.txt", Array("mine".utf8))
        try FileManager.default.removeItem(at: input.appendingPathComponent("Trips/Canal.jpg"))
        let report = try build()
        XCTAssertEqual(report.removed, 5, "its page and four images")
        let files = try inodes()
        XCTAssertNil(files["trips/canal.html"])
        XCTAssertNil(files["trips/_media/canal.thumb.jpg"])
        XCTAssertNotNil(files["trips/NOTES.txt"])
        XCTAssertFalse(try page("trips/bridge.html").contains("canal.html"), "no link to the removed photo")
    }

    func testAForeignFileInTheWayStopsTheBuildAndIsNotTouched() throws {
        try folder.write("site/market.html", Array("mine".utf8))
        XCTAssertThrowsError(try build()) { error in
            XCTAssertEqual(
                error as? BuildError, .write(.foreignFile(output.appendingPathComponent("market.html").path)))
        }
        XCTAssertEqual(try page("market.html"), "mine")
    }

    /// A folder put where a page or image of the last build was: the build kept the product
    /// (something was there), reported success, and the pages linked to a folder. It is in
    /// the way, as a person's file is, and is not touched.
    func testAFolderWhereAProductWasStopsTheBuildAndIsNotTouched() throws {
        try build()
        for path in ["market.html", "_media/harbour.thumb.jpg"] {
            try FileManager.default.removeItem(at: output.appendingPathComponent(path))
            try folder.write("site/\(path)/mine.txt", Array("mine".utf8))
            XCTAssertThrowsError(try build(), path) { error in
                XCTAssertEqual(error as? BuildError, .write(.foreignFile(output.appendingPathComponent(path).path)))
                XCTAssertTrue("\(error)".contains("exists and was not made by Tessera"), "\(error)")
            }
            XCTAssertEqual(try page("\(path)/mine.txt"), "mine")
            try FileManager.default.removeItem(at: output.appendingPathComponent(path))
            try build()
            XCTAssertTrue(
                FileSystem.isDirectory(output.path)
                    && FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path))
        }
    }

    /// A manifest whose header of a photo says no photo could have that size (edited by
    /// hand, or damaged): the photo was skipped as "corrupt JPEG: an impossible size" and its
    /// files removed, though it is fine. The photo is read again instead.
    func testAnImpossibleSizeInTheManifestIsReadAgainFromThePhoto() throws {
        try build()
        let url = output.appendingPathComponent(Manifest.fileName)
        for size in [["width": 0, "height": -5], ["width": Int.max, "height": Int.max]] {
            var manifest = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var photos = try XCTUnwrap(manifest["photos"] as? [String: Any])
            let key = try XCTUnwrap(photos.keys.first { $0.hasSuffix("Harbour.jpg") })
            var photo = try XCTUnwrap(photos[key] as? [String: Any])
            var info = try XCTUnwrap(photo["info"] as? [String: Any])
            info["storedSize"] = size
            photo["info"] = info
            photos[key] = photo
            manifest["photos"] = photos
            try JSONSerialization.data(withJSONObject: manifest).write(to: url)
            BuildMemo.remove(from: output)
            let report = try build()
            XCTAssertEqual(report.skipped, [], "\(size)")
            XCTAssertEqual(report.photos, 4)
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("harbour.html").path))
        }
    }

    func testAnUnreadableManifestIsReportedAsTheManifestNotAsAWriteFailure() throws {
        try folder.write("site/" + Manifest.fileName, Array("{".utf8))
        XCTAssertThrowsError(try build()) { error in
            guard case .manifest(let problem)? = (error as? BuildError)?.stage else { return XCTFail("\(error)") }
            XCTAssertTrue(
                problem.description.hasPrefix("cannot read the manifest '\(output.path)/\(Manifest.fileName)'"))
        }
    }

    func testAMissingInputIsAScanError() throws {
        try FileManager.default.removeItem(at: input)
        XCTAssertThrowsError(try build()) { error in
            XCTAssertEqual(error as? BuildError, .scan(.inputMissing(input.path)))
        }
    }

    func testForceMakesEveryImageAndPageAgainButRewritesNoPageWhoseBytesAreTheSame() throws {
        let first = try build()
        let before = try inodes()
        let images = before.keys.filter { $0.contains("/_media/") || $0.hasPrefix("_media/") }.count
        let report = try build(force: true)
        XCTAssertEqual(imaging.decoded.count, 8, "every photo decoded again")
        XCTAssertEqual(report.generated, images, "images are encoded again; no page is rewritten")
        XCTAssertEqual(report.reused, first.generated - images)
        XCTAssertEqual(try written(since: before).filter { $0.hasSuffix(".html") }, [])
    }
}

/// The fake port, noting the format it is asked to read each file as.
private final class FormatRecordingImaging: ImageProcessing {
    private let fake: FakeImaging
    private let calls = Mutex<[String]>([])

    init(_ fake: FakeImaging) { self.fake = fake }

    /// `NAME as FORMAT`, one per header read.
    var asked: [String] { calls.withLock { $0 } }

    func inspect(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo {
        calls.withLock { $0.append("\(file.lastPathComponent) as \(format.rawValue)") }
        return try fake.inspect(file, format: format, budget: budget)
    }

    func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest, budget: PixelBudget
    ) throws(PhotoProblem) -> (images: [[UInt8]], notes: [String]) {
        try fake.makeRenditions(of: file, info: info, renditions: renditions, request: request, budget: budget)
    }

    func exifBlock(ofHEIF file: URL) -> [UInt8]? { fake.exifBlock(ofHEIF: file) }

    func inflatePNGText(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        fake.inflatePNGText(zlib, limit: limit)
    }
}

/// The fake port, with camera raws it develops at `raw`'s size into images that say so.
private final class DevelopingImaging: ImageProcessing {
    private let fake: FakeImaging
    private let raw: PixelSize
    private let count = Mutex(0)

    init(_ fake: FakeImaging, raw: PixelSize) {
        self.fake = fake
        self.raw = raw
    }

    /// How many times a raw was developed.
    var developed: Int { count.withLock { $0 } }

    func inspect(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo {
        if format.kind == .raw { return PhotoInfo(format: format, storedSize: raw) }
        return try fake.inspect(file, format: format, budget: budget)
    }

    func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest, budget: PixelBudget
    ) throws(PhotoProblem) -> (images: [[UInt8]], notes: [String]) {
        guard info.format.kind == .raw else {
            return try fake.makeRenditions(
                of: file, info: info, renditions: renditions, request: request, budget: budget)
        }
        count.withLock { $0 += 1 }
        return (renditions.map { Array("raw \($0.size) \($0.format)".utf8) }, [])
    }

    func exifBlock(ofHEIF file: URL) -> [UInt8]? { nil }

    func inflatePNGText(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? { nil }
}
