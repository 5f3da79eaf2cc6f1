import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

final class SiteWriterTests: XCTestCase {
    func testAForeignFileIsNeverOverwritten() throws {
        let site = try TemporaryFolder()
        try site.write("index.html", Array("mine".utf8))
        let writer = SiteWriter(output: site.url, previous: Manifest())

        XCTAssertThrowsError(try writer.write(Array("ours".utf8), to: "index.html", fingerprint: "x")) { error in
            XCTAssertEqual(error as? WriteError, .foreignFile(site.url.appendingPathComponent("index.html").path))
            XCTAssertTrue("\(error)".contains("was not made by Tessera"))
        }
        XCTAssertEqual(try String(contentsOf: site.url.appendingPathComponent("index.html"), encoding: .utf8), "mine")
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
        writer.keep([Product(path: "kept.html", fingerprint: "b")])

        let removed = try writer.removeStale()

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
        let writer = SiteWriter(output: site.url, previous: Manifest())
        XCTAssertTrue(try writer.write(Array("page".utf8), to: "a/b/page.html", fingerprint: "t"))
        try writer.saveManifest(photos: [:])

        let again = SiteWriter(output: site.url, previous: try Manifest.load(from: site.url))
        XCTAssertFalse(try again.write(Array("page".utf8), to: "a/b/page.html", fingerprint: "t"))
        XCTAssertTrue(try again.write(Array("changed".utf8), to: "a/b/page.html", fingerprint: "t"))
        let names = try FileManager.default.contentsOfDirectory(atPath: site.url.appendingPathComponent("a/b").path)
        XCTAssertEqual(names, ["page.html"])
    }

    func testClaimedFilesAreRecordedBeforeTheyAreWritten() throws {
        let site = try TemporaryFolder()
        let writer = SiteWriter(output: site.url, previous: Manifest())
        try writer.claim([
            Product(path: "_media/a.jpg", fingerprint: "1"), Product(path: "_media/b.jpg", fingerprint: "2"),
        ])

        // A build killed here leaves a manifest that owns what it may have written.
        let manifest = try Manifest.load(from: site.url)
        XCTAssertEqual(Set(manifest.files.keys), ["_media/a.jpg", "_media/b.jpg"])
        XCTAssertEqual(manifest.files["_media/a.jpg"]?.fingerprint, "", "a claimed file vouches for nothing")
    }

    func testAFileAboutToChangeLosesItsFingerprintBeforeItIsWritten() throws {
        let site = try TemporaryFolder()
        let first = SiteWriter(output: site.url, previous: Manifest())
        try first.write(Array("old".utf8), to: "a.html", fingerprint: "old")
        try first.write(Array("same".utf8), to: "b.html", fingerprint: "same")
        try first.saveManifest(photos: [:])

        let second = SiteWriter(output: site.url, previous: try Manifest.load(from: site.url))
        try second.claim([Product(path: "a.html", fingerprint: "new"), Product(path: "b.html", fingerprint: "same")])

        // Killed here, after a.html may have been rewritten: the next build must not
        // trust "old" for it, whatever its inputs are by then.
        let manifest = try Manifest.load(from: site.url)
        XCTAssertEqual(manifest.files["a.html"]?.fingerprint, "")
        XCTAssertEqual(manifest.files["b.html"]?.fingerprint, "same")
        let next = BuildPlan(
            products: [Product(path: "a.html", fingerprint: "old"), Product(path: "b.html", fingerprint: "same")],
            manifest: manifest, force: false, isPresent: { _ in true })
        XCTAssertEqual(next.make.map(\.path), ["a.html"])
        XCTAssertEqual(next.keep.map(\.path), ["b.html"])
    }

    func testAnUnreadableManifestStopsTheBuildInsteadOfGuessing() throws {
        let site = try TemporaryFolder()
        try site.write(Manifest.fileName, Array("{not json".utf8))
        XCTAssertThrowsError(try Manifest.load(from: site.url)) { error in
            XCTAssertTrue("\(error)".contains("cannot read the manifest"))
        }
    }
}
