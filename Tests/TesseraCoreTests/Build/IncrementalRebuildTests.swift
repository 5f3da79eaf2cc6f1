import Foundation
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A rebuild redoes exactly what changed: an edited photo, a changed setting, a changed
/// template, and nothing for a photo that was only touched. In process, with fake photos.
final class IncrementalRebuildTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var imaging: FakeImaging!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }
    private var imageCount = 0
    /// Home, Travels and Travels/Coast: three album pages, eight photo pages.
    private let pageCount = 3 + 8 + 1  // albums, photos, 404.html

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        imaging = FakeImaging()
        for (path, width, height) in [
            ("Harbour.jpg", 3000, 2000), ("Market.jpg", 2000, 2000), ("Travels/Bridge.jpg", 3000, 2000),
            ("Travels/Square.jpg", 2000, 2000), ("Travels/Tower.jpg", 2000, 3000),
            ("Travels/Coast/Cliff.jpg", 1000, 3000), ("Travels/Coast/Dunes.jpg", 3000, 2000),
            ("Travels/Coast/Pier.jpg", 3000, 2000),
        ] {
            // Each its own bytes: a copy in the same album would be folded into the first.
            try folder.write("photos/" + path, FakeImaging.photo(width: width, height: height, note: path))
        }
        let first = try build()
        imageCount = FileManager.default.subpaths(atPath: output.path)!.filter { $0.hasSuffix(".jpg") }.count
        XCTAssertEqual(
            first.generated, imageCount + pageCount + 3 + Theme.defaultAssets.count,
            "every image, page, the stylesheet, the script, .nojekyll and the theme's assets (the viewer) written once")
    }

    /// The configuration these tests build with: the defaults, but JPEG only, as the
    /// image and page counts below assume.
    private static let jpegOnly = SiteConfiguration(images: SiteConfiguration.Images(formats: []))

    private func build(
        _ configuration: SiteConfiguration = jpegOnly, run: RunOptions = RunOptions(jobs: 2, generator: "test"),
        templates: Theme? = nil
    ) throws -> BuildReport {
        try SiteBuilder(
            input: input, output: output, configuration: configuration, run: run,
            theme: try templates ?? Theme.defaults(), imaging: imaging, video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func testATouchedPhotoIsNotReadOrMadeAgain() throws {
        let photo = input.appendingPathComponent("Market.jpg")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: photo.path)
        let decodes = imaging.decoded.count
        XCTAssertEqual(try build().generated, 0, "same bytes, new time: nothing to do")
        XCTAssertEqual(imaging.decoded.count, decodes)
    }

    /// An editor or sync tool that saves to a new file and renames it over the old one,
    /// keeping the size and time: the new inode says the photo may have changed.
    func testAPhotoRewrittenWithItsSizeAndTimeKeptIsReadAgain() throws {
        let photo = input.appendingPathComponent("Market.jpg")
        var old = stat()
        XCTAssertEqual(stat(photo.path, &old), 0)
        let replacement = folder.url.appendingPathComponent("replacement.jpg")
        // As wide as before, taller: a header of the same length.
        try Data(FakeImaging.photo(width: 2000, height: 3000, note: "Market.jpg")).write(to: replacement)
        var times = [old.st_atim, old.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, replacement.path, &times, 0), 0)
        XCTAssertEqual(rename(replacement.path, photo.path), 0)
        var new = stat()
        XCTAssertEqual(stat(photo.path, &new), 0)
        XCTAssertEqual(new.st_size, old.st_size, "the test needs the size kept")
        XCTAssertNotEqual(new.st_ino, old.st_ino)

        let report = try build()

        XCTAssertEqual(imaging.decoded.filter { $0 == "Market.jpg" }.count, 2, "read again and made again")
        XCTAssertGreaterThan(report.generated, 4, "its three images, and its pages for the new shape")
        XCTAssertEqual(try build().generated, 0, "then known again by its new inode")
    }

    func testAnEditedPhotoIsMadeAgainAndNothingElse() throws {
        try folder.write("photos/Market.jpg", FakeImaging.photo(width: 2000, height: 2000, note: "retouched"))
        let report = try build()
        XCTAssertEqual(
            report.generated, 3, "the edited photo's three images (no 0.5x: it is no cover); its pages are unchanged")
        XCTAssertEqual(imaging.decoded.filter { $0 == "Market.jpg" }.count, 2)
        XCTAssertEqual(report.removed, 0)
    }

    func testAChangedQualityRemakesEveryImageAndARowHeightOnlyTheAlbumPages() throws {
        var configuration = Self.jpegOnly
        configuration.images.quality = 60
        XCTAssertEqual(try build(configuration).generated, imageCount)
        configuration.layout.rowHeight = 180
        XCTAssertEqual(
            try build(configuration).generated, 3, "the three album pages; no image, no photo page")
    }

    /// The formats setting remakes only the files of the formats that changed: turning AVIF
    /// off removes the AVIF files Tessera made and rewrites the pages that listed them,
    /// turning it back on makes only the AVIF files; JPEG and WebP files are never touched.
    func testTogglingAFormatMakesOrRemovesOnlyThatFormatsFiles() throws {
        // Every photo here is large enough to have all its sizes apart; AVIF is made of every
        // thumbnail (the 0.5x for the three covers only), not of the eight display images.
        let avifCount = imageCount - 8
        var configuration = Self.jpegOnly
        configuration.images.formats = [.avif, .webp]
        let on = try build(configuration)
        XCTAssertEqual(
            on.generated, imageCount + avifCount + pageCount - 1,
            "AVIF and WebP files, and every page shows them (but the 404 page, which shows no image)")
        XCTAssertEqual(on.removed, 0)
        XCTAssertEqual(files(".avif").count, avifCount)
        XCTAssertTrue(
            try page("index.html").contains(#"<source type="image/avif" srcset="_media/harbour.thumb.avif"#))
        let kept = try stamps(".jpg") + stamps(".webp")

        configuration.images.formats = [.webp]
        let off = try build(configuration)
        XCTAssertEqual(off.removed, avifCount, "every AVIF file Tessera made")
        XCTAssertEqual(off.generated, 3, "the album pages, which no longer offer AVIF; no image, no photo page")
        XCTAssertEqual(files(".avif"), [])
        XCTAssertFalse(try page("index.html").contains("image/avif"))

        let decodes = imaging.decoded.count
        configuration.images.formats = [.avif, .webp]
        let again = try build(configuration)
        XCTAssertEqual(again.generated, avifCount + 3, "the AVIF files and the album pages")
        XCTAssertEqual(imaging.decoded.count - decodes, 8, "one decode per photo, for its AVIF files only")
        XCTAssertEqual(try stamps(".jpg") + stamps(".webp"), kept, "no JPEG or WebP file rewritten")
    }

    /// The site's files ending in `suffix`.
    private func files(_ suffix: String) -> [String] {
        FileManager.default.subpaths(atPath: output.path)!.filter { $0.hasSuffix(suffix) }.sorted()
    }

    /// Each file ending in `suffix` with its inode and modification time: a rewrite (an
    /// atomic rename) changes both.
    private func stamps(_ suffix: String) throws -> [String] {
        try files(suffix).map { path in
            let attributes = try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)
            return "\(path) \(attributes[.systemFileNumber]!) \(attributes[.modificationDate]!)"
        }
    }

    func testAChangedTemplateRewritesPagesButNoImage() throws {
        var files = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme] ?? [:]
        files["footer.mustache"] = "<footer class=\"page-footer\">My own footer</footer>\n"
        let templates = try Theme(files: files, metrics: ThemeMetrics.builtIn, words: .builtInEnglish)
        XCTAssertEqual(try build(templates: templates).generated, pageCount, "every page has the footer; no image")
        XCTAssertTrue(try page("index.html").contains("My own footer"))
    }

    func testAPhotoAddedDeepDownUpdatesTheCountsOnEveryAlbumAbove() throws {
        XCTAssertTrue(try page("index.html").contains("6 photos"), "Travels holds 6 photos, 3 of them in Coast")
        try folder.write("photos/Travels/Coast/Shell.jpg", FakeImaging.photo(width: 2000, height: 2000))
        let report = try build()
        XCTAssertEqual(
            report.generated, 3 + 1 + 3 + 3,
            "3 images (no 0.5x: it is no cover), its page, the 3 other Coast photo pages (\"1 / 4\"), and the Coast, Travels and home pages"
        )
        let home = try page("index.html")
        XCTAssertTrue(home.contains("7 photos"), "the home page's Travels card counts the new photo")
        XCTAssertTrue(home.contains("9 photos"), "and so does the home page's own total")
    }

    func testANewTitleReachesEveryPage() throws {
        var configuration = Self.jpegOnly
        configuration.title = "Our Pictures"
        XCTAssertEqual(try build(configuration).generated, pageCount)
        for path in ["index.html", "harbour.html", "travels/index.html", "travels/coast/index.html"] {
            XCTAssertTrue(try page(path).contains("Our Pictures"), path)
        }
    }

    func testANewProgramRendersEveryPageAgainButRewritesNone() throws {
        let report = try build(run: RunOptions(jobs: 2, generator: "test 2"))
        XCTAssertEqual(report.generated, 0, "the same program output: nothing written")
        XCTAssertEqual(report.reused, imageCount + pageCount + 3 + Theme.defaultAssets.count)
    }

    /// The manifest remembers each album's layout digest, so a no-change rebuild lays out
    /// no album; a photo that changes shape still moves its album's tiles, and only its
    /// album page (and its own) is written again.
    func testARememberedLayoutServesOnlyAnAlbumWhosePhotosKeptTheirShape() throws {
        XCTAssertEqual(try Manifest.load(from: output).layouts?.count, 3, "one per album")
        let before = try page("travels/index.html")
        try folder.write("photos/Travels/Tower.jpg", FakeImaging.photo(width: 3000, height: 2000))
        let report = try build()
        XCTAssertEqual(report.removed, 0)
        XCTAssertNotEqual(try page("travels/index.html"), before, "the tower's tile is placed as landscape now")
        XCTAssertEqual(try build().generated, 0, "and a rebuild after that makes nothing")
        XCTAssertEqual(try Manifest.load(from: output).layouts?.count, 3, "the digests of this build's albums only")
    }

    func testADeletedPageIsWrittenAgain() throws {
        try FileManager.default.removeItem(at: output.appendingPathComponent("travels/bridge.html"))
        XCTAssertEqual(try build().generated, 1, "only the missing page")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("travels/bridge.html").path))
    }

    func testADeletedImageIsMadeAgainFromOneDecode() throws {
        try FileManager.default.removeItem(at: output.appendingPathComponent("travels/_media/tower.thumb.jpg"))
        let decodes = imaging.decoded.count
        XCTAssertEqual(try build().generated, 1, "only the missing image")
        XCTAssertEqual(imaging.decoded.count, decodes + 1)
    }

    // MARK: Renames and moves find their images by content and recipe.

    /// Every image file of the site, by site-relative path.
    private func images() throws -> [String: Data] {
        var images: [String: Data] = [:]
        for path in files(".jpg") { images[path] = try Data(contentsOf: output.appendingPathComponent(path)) }
        return images
    }

    private func move(_ from: String, _ to: String) throws {
        try FileManager.default.moveItem(at: input.appendingPathComponent(from), to: input.appendingPathComponent(to))
    }

    /// A build killed while it linked a renamed photo's images into place had put one there
    /// already (a second link to the old image) before journaling it: the next build's
    /// rename of its own link over it did nothing (rename(2) between two links to one file
    /// succeeds and leaves both), and `.tessera-PID-quay….tmp` stayed in the site for good.
    func testALinkAKilledBuildPlacedLeavesNoTemporaryBehind() throws {
        try move("Market.jpg", "Quay.jpg")
        // What the killed build left: the new names claimed in the manifest (an empty
        // fingerprint, before anything is placed), and placed as links to the old images.
        let media = output.appendingPathComponent("_media")
        let manifestURL = output.appendingPathComponent(".tessera-manifest.json")
        var manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var files = try XCTUnwrap(manifest["files"] as? [String: Any])
        for name in try FileManager.default.contentsOfDirectory(atPath: media.path) where name.hasPrefix("market.") {
            let placed = name.replacingOccurrences(of: "market.", with: "quay.")
            XCTAssertEqual(link(media.appendingPathComponent(name).path, media.appendingPathComponent(placed).path), 0)
            files["_media/" + placed] = ["fingerprint": ""]
        }
        manifest["files"] = files
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        let decodes = imaging.decoded.count
        _ = try build()
        XCTAssertEqual(imaging.decoded.count, decodes, "no image made again")
        let left = FileManager.default.subpaths(atPath: output.path)!.filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(left, [], "no temporary file left in the site")
        XCTAssertTrue(FileManager.default.fileExists(atPath: media.appendingPathComponent("quay.thumb.jpg").path))
    }

    /// A renamed photo and an album moved up a level keep every image they had, under the
    /// new names, byte for byte, without a decode; the old names (ours) are gone, the
    /// user's own file in the old album's folder stays, and the pages name the new files.
    /// (Market becomes Quay, not a name before Harbour's, which would make it the home
    /// album's cover and so give it a 0.5x thumbnail to make.)
    func testARenamedPhotoAndAMovedAlbumEncodeNothingAgain() throws {
        let before = try images()
        try folder.write("site/travels/coast/notes.txt", Array("mine".utf8))
        try move("Market.jpg", "Quay.jpg")
        try move("Travels/Coast", "Shore")
        let decodes = imaging.decoded.count
        let report = try build()
        XCTAssertEqual(imaging.decoded.count, decodes, "no image made again")
        let renamed = Dictionary(
            uniqueKeysWithValues: before.map { path, bytes in
                (
                    path.replacingOccurrences(of: "_media/market.", with: "_media/quay.")
                        .replacingOccurrences(of: "travels/coast/", with: "shore/"), bytes
                )
            })
        XCTAssertEqual(try images(), renamed, "each image under its new name, the same bytes; none under the old")
        XCTAssertEqual(
            report.removed, 3 + 1 + (4 + 1) + 2 * (3 + 1) + 1,
            "the old names' images and pages (only Dunes, Coast's cover, has a 0.5x), and Coast's page")
        XCTAssertTrue(try page("index.html").contains("_media/quay.thumb"), "the home page shows the renamed photo")
        XCTAssertTrue(try page("shore/index.html").contains("_media/cliff.thumb"), "the moved album's page")
        XCTAssertEqual(
            try String(contentsOf: output.appendingPathComponent("travels/coast/notes.txt"), encoding: .utf8), "mine",
            "the user's file stays")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("market.html").path))
        XCTAssertEqual(try build().generated, 0, "and the next build has nothing to do")
    }

    /// Only album cards offer the 0.5x thumbnail, so only covers have one; a new cover gets
    /// its own made, and the old cover's goes.
    func testOnlyCoversHaveA05xThumbnailAndANewCoverMovesIt() throws {
        XCTAssertEqual(
            files(".thumb0.5x.jpg"),
            [
                "_media/harbour.thumb0.5x.jpg", "travels/_media/bridge.thumb0.5x.jpg",
                "travels/coast/_media/dunes.thumb0.5x.jpg",
            ],
            "each album's cover: its first photo of an ordinary shape (Cliff is a 1:3 strip)")
        XCTAssertTrue(try page("index.html").contains("travels/_media/bridge.thumb0.5x.jpg "), "Travels' card")
        XCTAssertFalse(try page("travels/square.html").contains("thumb0.5x"), "no 0.5x on a photo page")
        try note("Travels/index.md", "Cover: Tower.jpg\n")
        let report = try build()
        XCTAssertEqual(report.removed, 1, "Bridge's 0.5x")
        XCTAssertTrue(try page("index.html").contains("travels/_media/tower.thumb0.5x.jpg"), "Travels' card")
        XCTAssertEqual(
            files(".thumb0.5x.jpg"),
            [
                "_media/harbour.thumb0.5x.jpg", "travels/_media/tower.thumb0.5x.jpg",
                "travels/coast/_media/dunes.thumb0.5x.jpg",
            ])
    }

    /// Two photos that swap names swap their images, each getting the other's bytes.
    /// (Neither is a cover: a photo that took a cover's name would be given its 0.5x.)
    func testPhotosThatSwapNamesSwapTheirImages() throws {
        let before = try images()
        try move("Travels/Square.jpg", "Swap.jpg")
        try move("Travels/Tower.jpg", "Travels/Square.jpg")
        try move("Swap.jpg", "Travels/Tower.jpg")
        let decodes = imaging.decoded.count
        _ = try build()
        XCTAssertEqual(imaging.decoded.count, decodes, "no image made again")
        let swapped = Dictionary(
            uniqueKeysWithValues: before.map { path, bytes in
                let name =
                    path.hasPrefix("travels/_media/square.")
                    ? path.replacingOccurrences(of: "square", with: "tower")
                    : path.hasPrefix("travels/_media/tower.")
                        ? path.replacingOccurrences(of: "tower", with: "square") : path
                return (name, bytes)
            })
        XCTAssertEqual(try images(), swapped)
    }

    // MARK: Metadata edits re-render exactly the pages that show them.

    private func note(_ path: String, _ text: String) throws {
        try folder.write("photos/" + path, Array(text.utf8))
    }

    func testAnAlbumDescriptionRewritesOnlyItsAlbumPage() throws {
        try note("Travels/index.md", "A week on the road.")
        let report = try build()
        XCTAssertEqual(report.generated, 1, "the Travels page alone shows its description")
        XCTAssertTrue(try page("travels/index.html").contains("<p>A week on the road.</p>"))
        try note("Travels/index.md", "A week on the road, mostly by train.")
        XCTAssertEqual(try build().generated, 1)
        XCTAssertEqual(try build().generated, 0, "an unchanged index.md changes nothing")
    }

    func testAnAlbumTitleRewritesEveryPageThatNamesIt() throws {
        try note("Travels/index.md", "Title: On the Road\n")
        XCTAssertEqual(
            try build().generated, 1 + 1 + 1 + 3 + 3,
            "Travels, its card on the home page, and the breadcrumbs of Coast and of the six photo pages below")
        XCTAssertTrue(try page("index.html").contains("On the Road"))
        XCTAssertTrue(try page("travels/coast/cliff.html").contains("On the Road"))
    }

    func testASidecarCaptionRewritesItsPhotoPageAndItsTileOnly() throws {
        try note("Travels/Bridge.md", "The old bridge at *dusk*.")
        let decodes = imaging.decoded.count
        XCTAssertEqual(try build().generated, 2, "the photo page and the album page whose tile it names")
        XCTAssertEqual(imaging.decoded.count, decodes, "no image made again")
        XCTAssertTrue(try page("travels/bridge.html").contains("<p>The old bridge at <em>dusk</em>.</p>"))
        XCTAssertTrue(try page("travels/index.html").contains(#"alt="The old bridge at dusk.""#))
        try FileManager.default.removeItem(at: input.appendingPathComponent("Travels/Bridge.md"))
        XCTAssertEqual(try build().generated, 2, "and back when the sidecar goes")
        XCTAssertFalse(try page("travels/bridge.html").contains("dusk"))
    }

    func testAnEmbeddedCaptionRewritesItsImagesItsPageAndItsTile() throws {
        var info = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000))
        info.metadata.xmpTitle = "Dom Luís"
        info.metadata.iptcCaption = "Porto, from the river"
        try folder.write("photos/Travels/Bridge.jpg", FakeImaging.photo(info))
        XCTAssertEqual(try build().generated, 4 + 2, "its four images (new bytes), its page and its album's page")
        let bridge = try page("travels/bridge.html")
        XCTAssertTrue(bridge.contains("<h1 class=\"title\" dir=\"auto\">Dom Luís</h1>"), bridge)
        XCTAssertTrue(bridge.contains("<p>Porto, from the river</p>"), bridge)
        XCTAssertTrue(bridge.contains("<title>Dom Luís · Travels</title>"), bridge)
        XCTAssertTrue(bridge.contains(#"<meta name="description" content="Porto, from the river">"#), bridge)
        try note("Travels/Bridge.jpg.md", "Title: My own title\n")
        XCTAssertEqual(try build().generated, 2, "a sidecar's title wins over the embedded one")
        XCTAssertTrue(try page("travels/bridge.html").contains("My own title"))
        XCTAssertTrue(try page("travels/bridge.html").contains("Porto, from the river"), "the embedded caption stays")
    }

    func testAHiddenPhotoLeavesTheListingsButKeepsItsPage() throws {
        try note("Travels/Tower.md", "Hidden: true\n")
        let report = try build()
        XCTAssertEqual(report.photos, 8, "still published")
        XCTAssertFalse(try page("travels/index.html").contains(#"href="tower.html""#))
        XCTAssertTrue(try page("travels/tower.html").contains(#"<a class="up" href="index.html">Travels</a>"#))
        XCTAssertFalse(try page("travels/square.html").contains("tower.html"), "its neighbour no longer links to it")
    }

    func testBadMetadataIsAWarningWithFileAndLineAndTheBuildGoesOn() throws {
        try note("Travels/index.md", "Title: Road\nCover: missing.jpg\nSort: size\n")
        try folder.write("photos/Travels/Coast/index.md", [0x54, 0x69, 0x74, 0x6C, 0x65, 0x3A, 0x20, 0xFF, 0x0A])
        let report = try build()
        XCTAssertEqual(
            report.warnings.map(\.position), ["Travels/Coast/index.md:1", "Travels/index.md:3", "Travels/index.md:2"])
        XCTAssertTrue(
            try page("travels/index.html").contains("<h1 dir=\"auto\">Road</h1>"), "what could be read is used")
    }

    func testNomediaAndIgnorePatternsLeaveThingsOutAndSaySo() throws {
        try folder.write("photos/Travels/Coast/.nomedia", [])
        var configuration = Self.jpegOnly
        configuration.ignore = ["Market.jpg"]
        let report = try build(configuration)
        XCTAssertEqual(report.photos, 4, "Coast's three photos and Market are out")
        XCTAssertEqual(Set(report.excluded.map(\.relativePath)), ["Travels/Coast", "Market.jpg"])
        XCTAssertTrue(report.summary.contains("2 left out"), report.summary)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("travels/coast/index.html").path))
    }
    // MARK: Albums whose pages are kept without their models (issue 22)

    func testEachAlbumsPageInputsAreRememberedAndANoChangeBuildWritesNothing() throws {
        let manifest = try Manifest.load(from: output)
        XCTAssertEqual(manifest.albumPages?.keys.sorted(), ["", "travels", "travels/coast"])
        let report = try build()
        XCTAssertEqual(report.generated, 0)
        XCTAssertEqual(try Manifest.load(from: output).albumPages, manifest.albumPages)
    }

    /// Words reach a page through its model, not the theme's fingerprint: a changed word
    /// changes every album's inputs.
    func testAChangedWordReachesEveryPage() throws {
        var words = ThemeWords.builtInEnglish
        words.words["next"] = .text("Onwards")
        let files = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme] ?? [:]
        let templates = try Theme(files: files, metrics: ThemeMetrics.builtIn, words: words)
        XCTAssertGreaterThan(try build(templates: templates).generated, 0)
        XCTAssertTrue(try page("travels/coast/cliff.html").contains("Onwards"))
        XCTAssertTrue(try page("harbour.html").contains("Onwards"))
    }

    /// A build killed after rewriting an album's pages leaves the old record beside pages
    /// that no longer match it (the journal's fingerprints): the record is not trusted.
    func testAnAlbumRecordWhosePagesChangedSinceIsNotTrusted() throws {
        let good = try page("travels/index.html")
        var manifest = try Manifest.load(from: output)
        manifest.files["travels/index.html"] = Manifest.Product(fingerprint: "00000000000000aa")
        try Data(manifest.encoded()).write(to: output.appendingPathComponent(Manifest.fileName))
        try Data("a page from the killed build".utf8).write(to: output.appendingPathComponent("travels/index.html"))

        let report = try build()

        XCTAssertEqual(report.generated, 1, "the album's page made again from its model")
        XCTAssertEqual(try page("travels/index.html"), good)
    }

    func testAnAlbumWhosePageIsMissingMakesItAgain() throws {
        let good = try page("travels/coast/pier.html")
        try FileManager.default.removeItem(at: output.appendingPathComponent("travels/coast/pier.html"))
        XCTAssertEqual(try build().generated, 1)
        XCTAssertEqual(try page("travels/coast/pier.html"), good)
    }
}
