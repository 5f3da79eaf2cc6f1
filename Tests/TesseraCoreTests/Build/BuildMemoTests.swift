import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A rebuild with nothing to do is answered from the last build's memo, without reading the
/// manifest or planning a page; any change to what the site is made of, or to the output
/// folder, makes it a whole build again, which finds the change. In process, fake photos.
final class BuildMemoTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var imaging: FakeImaging!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }
    private var first: BuildReport!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        imaging = FakeImaging()
        for (path, width, height) in [("Harbour.jpg", 3000, 2000), ("Travels/Bridge.jpg", 2000, 3000)] {
            try folder.write("photos/" + path, FakeImaging.photo(width: width, height: height, note: path))
        }
        try folder.write("photos/Travels/index.md", Array("---\ntitle: Travels\n---\nA trip.\n".utf8))
        first = try build()
    }

    private static let jpegOnly = SiteConfiguration(images: SiteConfiguration.Images(formats: []))

    private func build(
        _ configuration: SiteConfiguration = jpegOnly, force: Bool = false, theme: Theme? = nil, into: URL? = nil
    ) throws -> BuildReport {
        try SiteBuilder(
            input: input, output: into ?? output, configuration: configuration,
            run: RunOptions(jobs: 2, force: force, generator: "test"), theme: try theme ?? Theme.defaults(),
            imaging: imaging, video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    /// Whether the build was answered from the memo: it has no stage past the memo's check.
    private func answeredFromMemo(_ report: BuildReport) -> Bool {
        report.stages.map(\.stage) == ["lock", "memo"]
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    /// Links left in the output under the memo's name and its temporary names, to a file
    /// out of the site: the memo is written through none of them (it was written through
    /// one, over the file it led to, and left the memo itself a link to that file).
    func testTheMemoIsNeverWrittenThroughALink() throws {
        let victim = folder.url.appendingPathComponent("victim.txt")
        try Data("mine".utf8).write(to: victim)
        for name in ["..tessera-memo.tmp", ".tessera-\(getpid())-.tessera-memo.tmp"] {
            try FileManager.default.createSymbolicLink(
                at: output.appendingPathComponent(name), withDestinationURL: victim)
        }
        try folder.write("photos/Harbour.jpg", FakeImaging.photo(width: 3000, height: 1000, note: "changed"))
        let changed = try build()
        XCTAssertFalse(answeredFromMemo(changed), "a photo changed")
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "mine")
        let memo = output.appendingPathComponent(BuildMemo.fileName).path
        XCTAssertNil(
            try? FileManager.default.destinationOfSymbolicLink(atPath: memo), "the memo is not a link out of the site")
    }

    func testANoChangeRebuildGivesTheLastReportAndReadsNothing() throws {
        let decodes = imaging.decoded.count
        let again = try build()
        XCTAssertTrue(answeredFromMemo(again), "stages: \(again.stages.map(\.stage))")
        XCTAssertEqual(again.generated, 0)
        XCTAssertEqual(again.removed, 0)
        XCTAssertEqual(again.reused, first.generated + first.reused, "every file the first build made is kept")
        XCTAssertEqual([again.photos, again.albums], [first.photos, first.albums])
        XCTAssertEqual(imaging.decoded.count, decodes)
        XCTAssertTrue(answeredFromMemo(try build()), "and again")
    }

    /// The hardest edit to see without reading: new bytes of the same length, the file's
    /// modification time set back. Its change time still moves.
    func testAPhotoRewrittenInPlaceWithItsSizeAndTimeKeptIsBuiltAgain() throws {
        let photo = input.appendingPathComponent("Harbour.jpg")
        var old = stat()
        XCTAssertEqual(stat(photo.path, &old), 0)
        let bytes = FakeImaging.photo(width: 3000, height: 2000, note: "Harbou2.jpg")
        XCTAssertEqual(bytes.count, Int(old.st_size), "the test needs the size kept")
        let handle = try FileHandle(forWritingTo: photo)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        var times = [old.st_atim, old.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, photo.path, &times, 0), 0)

        let report = try build()

        XCTAssertFalse(answeredFromMemo(report))
        XCTAssertEqual(imaging.decoded.filter { $0 == "Harbour.jpg" }.count, 2, "read and made again")
        XCTAssertTrue(answeredFromMemo(try build()), "then remembered again")
    }

    func testANewPhotoIsPublished() throws {
        try folder.write("photos/Travels/Tower.jpg", FakeImaging.photo(width: 2000, height: 2000, note: "tower"))
        let report = try build()
        XCTAssertFalse(answeredFromMemo(report))
        XCTAssertEqual(report.photos, first.photos + 1)
        XCTAssertTrue(try page("travels/index.html").contains("tower.html"))
    }

    /// A link inside the photos that leads out of them and back in (`Best → elsewhere/best
    /// → Harbour.jpg`) is published as what it ends at; re-pointing the link outside (at
    /// `Travels/Bridge.jpg`) changed nothing the stamp saw, and the rebuild kept the old
    /// photo, from the memo.
    func testALinkRePointedOutsideThePhotosIsBuiltAgain() throws {
        let hop = folder.url.appendingPathComponent("elsewhere/best")
        try FileManager.default.createDirectory(
            at: hop.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: hop.path, withDestinationPath: input.path + "/Harbour.jpg")
        try FileManager.default.createSymbolicLink(
            atPath: input.appendingPathComponent("Best.jpg").path, withDestinationPath: hop.path)
        _ = try build()
        XCTAssertTrue(answeredFromMemo(try build()), "nothing changed yet")
        let before = try page("best.html")
        try FileManager.default.removeItem(at: hop)
        try FileManager.default.createSymbolicLink(
            atPath: hop.path, withDestinationPath: input.path + "/Travels/Bridge.jpg")
        let report = try build()
        XCTAssertFalse(answeredFromMemo(report), "the link leads elsewhere now")
        let after = try page("best.html")
        XCTAssertNotEqual(before, after)
        let clean = folder.url.appendingPathComponent("clean")
        _ = try build(into: clean)
        XCTAssertEqual(
            after, try String(contentsOf: clean.appendingPathComponent("best.html"), encoding: .utf8),
            "the page a clean build makes")
    }

    func testAnEditedAlbumDescriptionIsPublished() throws {
        try folder.write("photos/Travels/index.md", Array("---\ntitle: Travels\n---\nA long trip.\n".utf8))
        XCTAssertFalse(answeredFromMemo(try build()))
        XCTAssertTrue(try page("travels/index.html").contains("A long trip."))
    }

    func testAFileDeletedFromTheSiteIsMadeAgain() throws {
        for path in ["travels/bridge.html", "index.html"] {
            try FileManager.default.removeItem(at: output.appendingPathComponent(path))
            let report = try build()
            XCTAssertFalse(answeredFromMemo(report), path)
            XCTAssertEqual(report.generated, 1, "\(path) alone is made again")
            XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path))
        }
        let media = try XCTUnwrap(
            FileManager.default.subpaths(atPath: output.path)?.first { $0.hasPrefix("travels/_media/") })
        try FileManager.default.removeItem(at: output.appendingPathComponent(media))
        XCTAssertEqual(try build().generated, 1, "an image deleted from a folder of images: \(media)")
    }

    func testAChangedSettingOrThemeIsBuiltWithIt() throws {
        var configuration = Self.jpegOnly
        configuration.title = "Our Summer"
        XCTAssertFalse(answeredFromMemo(try build(configuration)))
        XCTAssertTrue(try page("index.html").contains("Our Summer"))
        XCTAssertTrue(answeredFromMemo(try build(configuration)))

        var theme = try Theme.defaults()
        theme.stylesheet += "\n.gallery { outline: 1px solid; }\n"
        XCTAssertFalse(answeredFromMemo(try build(configuration, theme: theme)))
        XCTAssertFalse(answeredFromMemo(try build(configuration)), "the default theme again")
    }

    func testForceAndAKilledBuildsJournalEachMakeAWholeBuild() throws {
        XCTAssertFalse(answeredFromMemo(try build(force: true)))
        XCTAssertTrue(answeredFromMemo(try build()))
        try Data("tessera-journal 1 0\n".utf8).write(to: output.appendingPathComponent(Journal.fileName))
        XCTAssertFalse(answeredFromMemo(try build()))
    }

    /// A photo that failed may read next time (it was being copied in): a build that
    /// skipped one leaves no memo, so every build tries it again.
    func testABuildThatSkippedAPhotoLeavesNoMemo() throws {
        try folder.write("photos/Broken.jpg", FakeImaging.photo(width: 100, height: 100, note: "BROKEN"))
        XCTAssertEqual(try build().skipped.map(\.path), ["Broken.jpg"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent(BuildMemo.fileName).path))
        let again = try build()
        XCTAssertFalse(answeredFromMemo(again))
        XCTAssertEqual(again.skipped.map(\.path), ["Broken.jpg"], "tried and reported again")
    }
}
