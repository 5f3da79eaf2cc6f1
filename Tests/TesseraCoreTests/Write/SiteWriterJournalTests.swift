import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A build killed at any moment keeps its finished files: the journal says what was
/// finished since the manifest was written, and the next writer counts it as made. A
/// writer dropped without `finish` is a killed build: the kernel closes its files.
final class SiteWriterJournalTests: XCTestCase {
    private var site: TemporaryFolder!
    private let products = (1...4).map { Product(path: "_media/\($0).jpg", fingerprint: "f\($0)", kind: .image) }

    override func setUpWithError() throws { site = try TemporaryFolder() }
    override func tearDown() { site = nil }

    private func writer() throws -> SiteWriter {
        SiteWriter(output: site.url, previous: try Manifest.load(from: site.url))
    }

    /// Claims four images and writes the first `finished`, then stops as if killed.
    private func killedBuild(finishing finished: Int) throws {
        let writer = try writer()
        try writer.carry(writer.plan(products))
        for product in products.prefix(finished) { try writer.write(Array(product.path.utf8), for: product) }
    }

    func testFilesFinishedBeforeAKillCountAsMadeAndTheRestAreRedone() throws {
        try killedBuild(finishing: 3)

        let next = try writer()
        let plan = BuildPlan(products: products, manifest: next.manifest, force: false, isPresent: next.isPresent)
        XCTAssertEqual(plan.keep.map(\.path), ["_media/1.jpg", "_media/2.jpg", "_media/3.jpg"])
        XCTAssertEqual(plan.make.map(\.path), ["_media/4.jpg"])
    }

    func testTheSavedManifestHoldsWhatTheJournalSaidAndTheJournalIsGone() throws {
        try killedBuild(finishing: 2)
        let next = try writer()
        let plan = next.plan(products)
        try next.carry(plan)
        for product in plan.make { try next.write(Array(product.path.utf8), for: product) }
        _ = try next.finish(photos: [:])

        XCTAssertFalse(FileManager.default.fileExists(atPath: site.url.appendingPathComponent(Journal.fileName).path))
        let saved = try Manifest.load(from: site.url)
        XCTAssertEqual(
            saved.files.mapValues(\.fingerprint),
            Dictionary(uniqueKeysWithValues: products.map { ($0.path, $0.fingerprint) }))
    }

    func testAKillDuringTheNextBuildStillKeepsBothBuildsWork() throws {
        try killedBuild(finishing: 1)
        let second = try writer()
        try second.carry(second.plan(products))
        // Its first finished file rewrites the manifest with what the journal said.
        try second.write(Array("_media/2.jpg".utf8), for: products[1])
        // killed again
        let third = try writer()
        XCTAssertEqual(third.manifest.files["_media/1.jpg"]?.fingerprint, "f1")
        XCTAssertEqual(third.manifest.files["_media/2.jpg"]?.fingerprint, "f2")
        XCTAssertEqual(third.manifest.files["_media/3.jpg"]?.fingerprint, "")
    }

    func testAFileWhoseSizeChangedSinceItsLineIsNotTrusted() throws {
        // After a power cut a line can outlive its file's data.
        try killedBuild(finishing: 2)
        try Data().write(to: site.url.appendingPathComponent("_media/1.jpg"))
        let next = try writer()
        XCTAssertEqual(next.manifest.files["_media/1.jpg"]?.fingerprint, "", "an emptied file is made again")
        XCTAssertEqual(next.manifest.files["_media/2.jpg"]?.fingerprint, "f2")
    }

    func testAJournalCannotMakeAnyFileOurs() throws {
        try killedBuild(finishing: 1)
        try site.write("mine.html", Array("user".utf8))
        let journal = site.url.appendingPathComponent(Journal.fileName)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Journal.line(Journal.Entry(path: "mine.html", fingerprint: "aa", byteCount: 4)))
        try handle.close()

        let next = try writer()
        XCTAssertNil(next.manifest.files["mine.html"], "only the manifest says what is ours")
        // This build keeps nothing: what the killed one made is removed, the user's file is not.
        XCTAssertEqual(try next.finish(photos: [:]).removed, ["_media/1.jpg"])
        XCTAssertEqual(try String(contentsOf: site.url.appendingPathComponent("mine.html"), encoding: .utf8), "user")
    }

    func testAJournalLeftBesideANewerManifestIsNotRead() throws {
        try killedBuild(finishing: 2)
        // The manifest is rewritten (by hand, or a build killed between writing it and
        // starting its own journal): the old journal says nothing about it.
        var manifest = try Manifest.load(from: site.url)
        manifest.photos["x.jpg"] = nil
        manifest.files["index.html"] = .init(fingerprint: "")
        try site.write(Manifest.fileName, manifest.encoded())
        let next = try writer()
        XCTAssertEqual(next.manifest.files["_media/1.jpg"]?.fingerprint, "")
    }

    func testAJournalLinkedElsewhereIsNeverWrittenThrough() throws {
        let elsewhere = try site.write("../\(UUID().uuidString).txt", Array("precious".utf8))
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createSymbolicLink(
            at: site.url.appendingPathComponent(Journal.fileName), withDestinationURL: elsewhere)
        try killedBuild(finishing: 2)
        XCTAssertEqual(try String(contentsOf: elsewhere, encoding: .utf8), "precious")
        XCTAssertFalse(FileSystem.isSymbolicLink(site.url.appendingPathComponent(Journal.fileName).path))
    }

    func testANoChangeBuildWritesNoJournalAndNoManifest() throws {
        let first = try writer()
        try first.carry(first.plan(products))
        for product in products { try first.write(Array(product.path.utf8), for: product) }
        _ = try first.finish(photos: [:])
        let manifestFile = site.url.appendingPathComponent(Manifest.fileName)
        let before = try FileManager.default.attributesOfItem(atPath: manifestFile.path)[.systemFileNumber] as? Int

        let again = try writer()
        let plan = again.plan(products)
        try again.carry(plan)
        _ = try again.finish(photos: [:])

        XCTAssertEqual(plan.make, [])
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: manifestFile.path)[.systemFileNumber] as? Int, before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.url.appendingPathComponent(Journal.fileName).path))
    }
}
