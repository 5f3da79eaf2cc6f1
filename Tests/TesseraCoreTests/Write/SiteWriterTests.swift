import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

final class SiteWriterTests: XCTestCase {
    /// A killed build's temporary file starts with `.tessera-`, which README's publishing
    /// recipes leave out (it was `.index.html.tessera-PID.tmp`, which they published), and
    /// the next build knows it, and the old names, as its own.
    func testATemporaryFileIsNamedForThePublishingRecipesToLeaveOut() {
        let temporary = SiteWriter.temporaryURL(beside: URL(fileURLWithPath: "/site/trip/index.html"))
        XCTAssertEqual(temporary.deletingLastPathComponent().path, "/site/trip")
        XCTAssertTrue(FilePattern(".tessera-*").matches("trip/" + temporary.lastPathComponent, isFolder: false))
        XCTAssertEqual(SiteWriter.temporaryNameParts(temporary.lastPathComponent)?.target, "index.html")
        XCTAssertEqual(SiteWriter.temporaryNameParts(temporary.lastPathComponent)?.pid, getpid())
        XCTAssertEqual(
            SiteWriter.temporaryNameParts(".tessera-12-.tessera-manifest.json.tmp")?.target, ".tessera-manifest.json")
        XCTAssertEqual(SiteWriter.temporaryNameParts(".a-b.jpg.tessera-12.tmp")?.target, "a-b.jpg")
        for name in [
            ".tessera-x-index.html.tmp", ".tessera-+12-index.html.tmp", ".tessera-12-.tmp", ".tessera-12.tmp",
            "index.html.tmp",
        ] {
            XCTAssertNil(SiteWriter.temporaryNameParts(name), name)
        }
    }

    /// A build killed by `timeout -s KILL` is a zombie until it is reaped: `kill(pid, 0)`
    /// said it ran, so the next build kept its temporary file, and wrote a memo that kept
    /// it for good.
    func testALeftoverOfAnotherProcessGoesWhileTheLockIsHeldAndOfAZombieAlways() throws {
        let site = try TemporaryFolder()
        try site.write("index.html", Array("page".utf8))
        XCTAssertTrue(SiteWriter.isRunning(getpid()))
        XCTAssertTrue(SiteWriter.isRunning(1), "init runs")
        try site.write(".tessera-1-index.html.tmp", Array("half".utf8))
        try site.write(".tessera-1-notes.txt.tmp", Array("not one of ours: notes.txt is not listed".utf8))
        let writer = SiteWriter(output: site.url, previous: Manifest(files: ["index.html": .init(fingerprint: "f")]))
        // A test runner that reaps every child leaves no zombie to look at.
        if let zombie = Self.zombie() {
            defer { waitpid(zombie, nil, 0) }
            XCTAssertFalse(SiteWriter.isRunning(zombie), "ended, not yet reaped")
            try site.write(".tessera-\(zombie)-index.html.tmp", Array("half".utf8))
            XCTAssertEqual(
                writer.removeLeftoverTemporaries(exclusive: false), [".tessera-\(zombie)-index.html.tmp"],
                "unlocked (a file system without locks), a running process's file stays")
        }
        XCTAssertEqual(writer.removeLeftoverTemporaries(exclusive: false), [])
        XCTAssertEqual(
            writer.removeLeftoverTemporaries(exclusive: true), [".tessera-1-index.html.tmp"],
            "with the lock held, no other build writes here")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: site.url.appendingPathComponent(".tessera-1-notes.txt.tmp").path))
    }

    /// A child process that has ended and is not reaped.
    static func zombie() -> pid_t? {
        var pid: pid_t = 0
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
        defer { arguments.forEach { free($0) } }
        guard posix_spawn(&pid, "/bin/true", nil, nil, &arguments, environ) == 0 else { return nil }
        // Until /proc says it has ended (it is not reaped, so it stays as a zombie).
        for _ in 0..<200 {
            if case .success(let stat) = FileSystem.readFile("/proc/\(pid)/stat"),
                String(decoding: stat, as: UTF8.self).contains(") Z ")
            {
                return pid
            }
            usleep(10_000)
        }
        return nil
    }

    func testAForeignFileIsNeverOverwritten() throws {
        let site = try TemporaryFolder()
        try site.write("index.html", Array("mine".utf8))
        try site.write(Manifest.fileName, Array(#"{"version": 1, "files": {"a.html": {"fingerprint": "f"}}}"#.utf8))
        let writer = SiteWriter(output: site.url, previous: Manifest(files: ["a.html": .init(fingerprint: "f")]))

        let page = Product(path: "index.html", fingerprint: "x", kind: .page)
        XCTAssertThrowsError(try writer.carry(writer.plan([page]))) { error in
            XCTAssertEqual(error as? WriteError, .foreignFile(site.url.appendingPathComponent("index.html").path))
            XCTAssertTrue("\(error)".contains("was not made by Tessera"))
        }
        XCTAssertEqual(try String(contentsOf: site.url.appendingPathComponent("index.html"), encoding: .utf8), "mine")
    }

    /// An earlier build's files, once its manifest is deleted, look like anyone's: the
    /// message says the manifest is missing, which the bare "not made by Tessera" hid.
    func testAFileInTheWayOfAFolderWithoutAManifestSaysTheManifestIsMissing() throws {
        let site = try TemporaryFolder()
        try site.write("index.html", Array("an earlier build's".utf8))
        let writer = SiteWriter(output: site.url, previous: Manifest())
        let page = Product(path: "index.html", fingerprint: "x", kind: .page)
        XCTAssertThrowsError(try writer.carry(writer.plan([page]))) { error in
            XCTAssertEqual(
                error as? WriteError, .foreignFileWithoutManifest(site.url.appendingPathComponent("index.html").path))
            XCTAssertTrue("\(error)".contains("the output folder has no .tessera-manifest.json"), "\(error)")
        }
        XCTAssertEqual(
            try String(contentsOf: site.url.appendingPathComponent("index.html"), encoding: .utf8), "an earlier build's"
        )
    }

    func testOnlyFilesTheManifestListsAreRemoved() throws {
        let site = try TemporaryFolder()
        try site.write("old/_media/gone.jpg", [1])
        try site.write("old/KEEP.txt", Array("user".utf8))
        try site.write("KEEP.txt", Array("user".utf8))
        let previous = Manifest(files: [
            "old/_media/gone.jpg": .init(fingerprint: "a"), "kept.html": .init(fingerprint: "b"),
        ])
        try site.write("kept.html", [2])
        let writer = SiteWriter(output: site.url, previous: previous)
        try writer.carry(writer.plan([Product(path: "kept.html", fingerprint: "b", kind: .page)]))

        let removed = try writer.finish(photos: [:]).removed

        XCTAssertEqual(removed, ["old/_media/gone.jpg"])
        let fm = FileManager.default
        XCTAssertFalse(
            fm.fileExists(atPath: site.url.appendingPathComponent("old/_media").path), "emptied folder removed")
        XCTAssertTrue(fm.fileExists(atPath: site.url.appendingPathComponent("old/KEEP.txt").path))
        XCTAssertTrue(fm.fileExists(atPath: site.url.appendingPathComponent("KEEP.txt").path))
        XCTAssertTrue(fm.fileExists(atPath: site.url.appendingPathComponent("kept.html").path))
    }

    func testWritingTheSameBytesAgainReportsNoChangeAndLeavesNoTemporaryFiles() throws {
        let site = try TemporaryFolder()
        let page = Product(path: "a/b/page.html", fingerprint: "t", kind: .page)
        let writer = SiteWriter(output: site.url, previous: Manifest())
        try writer.carry(writer.plan([page]))
        XCTAssertTrue(try writer.write(Array("page".utf8), for: page))
        _ = try writer.finish(photos: [:])

        let again = SiteWriter(output: site.url, previous: try Manifest.load(from: site.url))
        try again.carry(again.plan([page], force: true))
        XCTAssertFalse(try again.write(Array("page".utf8), for: page))
        XCTAssertTrue(try again.write(Array("changed".utf8), for: page))
        let names = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("a/b").path)
        XCTAssertEqual(names, ["page.html"])
    }

    func testClaimedFilesAreRecordedBeforeTheyAreWritten() throws {
        let site = try TemporaryFolder()
        let writer = SiteWriter(output: site.url, previous: Manifest())
        try writer.carry(
            writer.plan([
                Product(path: "_media/a.jpg", fingerprint: "1", kind: .image),
                Product(path: "_media/b.jpg", fingerprint: "2", kind: .image),
            ]))

        // A build killed here leaves a manifest that owns what it may have written.
        let manifest = try Manifest.load(from: site.url)
        XCTAssertEqual(Set(manifest.files.keys), ["_media/a.jpg", "_media/b.jpg"])
        XCTAssertEqual(manifest.files["_media/a.jpg"]?.fingerprint, "", "a claimed file vouches for nothing")
    }

    func testAFileAboutToChangeLosesItsFingerprintBeforeItIsWritten() throws {
        let site = try TemporaryFolder()
        let old = Product(path: "a.html", fingerprint: "old", kind: .page)
        let same = Product(path: "b.html", fingerprint: "same", kind: .page)
        let first = SiteWriter(output: site.url, previous: Manifest())
        try first.carry(first.plan([old, same]))
        try first.write(Array("old".utf8), for: old)
        try first.write(Array("same".utf8), for: same)
        _ = try first.finish(photos: [:])

        let second = SiteWriter(output: site.url, previous: try Manifest.load(from: site.url))
        try second.carry(second.plan([Product(path: "a.html", fingerprint: "new", kind: .page), same]))

        // Killed here, after a.html may have been rewritten: the next build must not
        // trust "old" for it, whatever its inputs are by then.
        let manifest = try Manifest.load(from: site.url)
        XCTAssertEqual(manifest.files["a.html"]?.fingerprint, "")
        XCTAssertEqual(manifest.files["b.html"]?.fingerprint, "same")
        let next = BuildPlan(products: [old, same], manifest: manifest, force: false, isPresent: { _ in true })
        XCTAssertEqual(next.make.map(\.path), ["a.html"])
        XCTAssertEqual(next.keep.map(\.path), ["b.html"])
    }

    /// Two builds over one folder, each with the two plans a build has (images, then pages
    /// and site files): what a plan keeps stays and stays ours though nothing touches it,
    /// a product it makes but that is never written goes, and so does a file no plan lists.
    func testWhatAPlanKeepsStaysWithoutAnyCallAndTheReportCountsEachKind() throws {
        let site = try TemporaryFolder()
        let beach = Product(path: "_media/beach.jpg", fingerprint: "i1", kind: .image)
        let dunes = Product(path: "_media/dunes.jpg", fingerprint: "i2", kind: .image)
        let index = Product(path: "index.html", fingerprint: "p1", kind: .page)
        let old = Product(path: "old.html", fingerprint: "p2", kind: .page)
        let css = Product(path: "tessera.css", fingerprint: "c1", kind: .siteFile)
        let first = SiteWriter(output: site.url, previous: Manifest())
        try first.carry(first.plan([beach, dunes]))
        for image in [beach, dunes] { try first.write(Array(image.path.utf8), for: image) }
        try first.carry(first.plan([index, old, css]))
        for file in [index, old, css] { try first.write(Array(file.path.utf8), for: file) }
        let made = try first.finish(photos: [:])
        XCTAssertEqual(made[.image], WriteReport.Tally(written: 2))
        XCTAssertEqual(made[.page], WriteReport.Tally(written: 2))
        XCTAssertEqual(made[.siteFile], WriteReport.Tally(written: 1))
        XCTAssertEqual(made.removed, [])

        // The beach is up to date; the dunes photo was edited and no longer decodes, so its
        // image is planned but never written; old.html is in no plan; the index is made
        // again into the same bytes.
        let second = SiteWriter(output: site.url, previous: try Manifest.load(from: site.url))
        let edited = Product(path: dunes.path, fingerprint: "i3", kind: .image)
        let images = second.plan([beach, edited])
        XCTAssertEqual(images.keep, [beach])
        try second.carry(images)
        try second.carry(second.plan([index, css], force: true))
        XCTAssertFalse(try second.write(Array(index.path.utf8), for: index))
        XCTAssertTrue(try second.write(Array("body{}".utf8), for: css))
        let report = try second.finish(photos: [:])

        XCTAssertEqual(report[.image], WriteReport.Tally(kept: 1))
        XCTAssertEqual(report[.page], WriteReport.Tally(unchanged: 1))
        XCTAssertEqual(report[.siteFile], WriteReport.Tally(written: 1))
        XCTAssertEqual(report[.asset], WriteReport.Tally())
        XCTAssertEqual(report.removed, ["_media/dunes.jpg", "old.html"])
        XCTAssertEqual([report.generated, report.reused], [1, 2], "the build report's counts")
        XCTAssertEqual(
            try String(contentsOf: site.url.appendingPathComponent(beach.path), encoding: .utf8), beach.path)
        let manifest = try Manifest.load(from: site.url)
        XCTAssertEqual(
            manifest.files.mapValues(\.fingerprint),
            ["_media/beach.jpg": "i1", "index.html": "p1", "tessera.css": "c1"])
    }

    /// Only what a carried plan makes is written: not a product no plan lists, not one a
    /// plan keeps, not one with another fingerprint than its plan's, not after `finish`.
    func testWritingAProductNoCarriedPlanMakesIsRefusedAndWritesNothing() throws {
        let site = try TemporaryFolder()
        let kept = Product(path: "kept.html", fingerprint: "k", kind: .page)
        try site.write(kept.path, Array("kept".utf8))
        let writer = SiteWriter(output: site.url, previous: Manifest(files: ["kept.html": .init(fingerprint: "k")]))
        let page = Product(path: "page.html", fingerprint: "p", kind: .page)
        try writer.carry(writer.plan([kept, page]))

        let stray = Product(path: "stray.html", fingerprint: "s", kind: .page)
        let other = Product(path: "page.html", fingerprint: "q", kind: .page)
        for product in [stray, kept, other] {
            XCTAssertThrowsError(try writer.write(Array("new".utf8), for: product)) { error in
                XCTAssertEqual(error as? WriteError, .unplanned(product.path))
                XCTAssertTrue("\(error)".contains("not in this build's plan"), "\(error)")
            }
        }
        _ = try writer.finish(photos: [:])
        XCTAssertThrowsError(try writer.write(Array("late".utf8), for: page))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.url.appendingPathComponent(stray.path).path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.url.appendingPathComponent(page.path).path))
        XCTAssertEqual(try String(contentsOf: site.url.appendingPathComponent(kept.path), encoding: .utf8), "kept")
        XCTAssertEqual(Set(try Manifest.load(from: site.url).files.keys), ["kept.html"])
    }

    func testAnUnreadableManifestStopsTheBuildInsteadOfGuessing() throws {
        let site = try TemporaryFolder()
        try site.write(Manifest.fileName, Array("{not json".utf8))
        XCTAssertThrowsError(try Manifest.load(from: site.url)) { error in
            XCTAssertTrue("\(error)".contains("cannot read the manifest"))
        }
    }
}
