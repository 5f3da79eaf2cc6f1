import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Issue 22: a no-change rebuild digested every file of a size another file in its folder
/// shares, to find copies. The manifest's digest now stands for a file whose size, time and
/// inode it knows; anything else is read again.
final class KnownDigestTests: XCTestCase {
    private let first = FakeImaging.photo(width: 3000, height: 2000, note: "first")
    private let other = FakeImaging.photo(width: 3000, height: 2000, note: "other")

    /// What the manifest would say of the file at `path` now, with `contentHash` as its digest.
    private func record(_ url: URL, contentHash: String, inode: UInt64?? = nil) throws -> Manifest.KnownPhoto {
        let status = try XCTUnwrap(FileSystem.regularFileStatus(url.path))
        return Manifest.KnownPhoto(
            byteCount: status.size, modified: status.modified, contentHash: contentHash,
            info: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000)),
            inode: inode ?? status.inode)
    }

    /// Writes `bytes` to a new file and renames it over `url`, keeping the old file's time:
    /// the same size and time, another inode.
    private func replace(_ url: URL, with bytes: [UInt8]) throws {
        var old = stat()
        XCTAssertEqual(stat(url.path, &old), 0)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".replacing")
        try Data(bytes).write(to: temporary)
        var times = [old.st_atim, old.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, temporary.path, &times, 0), 0)
        XCTAssertEqual(rename(temporary.path, url.path), 0)
    }

    func testTheManifestsDigestStandsForAFileOfTheSameSizeTimeAndInode() throws {
        let tmp = try TemporaryFolder()
        let a = try tmp.write("a.jpg", first)
        let b = try tmp.write("b.jpg", first)
        // Two copies, but the manifest gives them different digests: trusted, they are not
        // read, so not found to be copies (a real manifest holds their real digests).
        let known = ["a.jpg": try record(a, contentHash: "1111"), "b.jpg": try record(b, contentHash: "2222")]

        let catalog = try CatalogScanner(root: tmp.url, known: known).scan()

        XCTAssertEqual(catalog.root.photos.map(\.fileName), ["a.jpg", "b.jpg"])
        XCTAssertEqual(catalog.folded, [])
        XCTAssertEqual(catalog.inodes["a.jpg"], FileSystem.regularFileStatus(a.path)?.inode)
    }

    func testAFileRewrittenWithItsSizeAndTimeKeptIsDigestedAgain() throws {
        let tmp = try TemporaryFolder()
        let a = try tmp.write("a.jpg", other)
        let b = try tmp.write("b.jpg", first)
        let digest = try XCTUnwrap(ContentHash.ofFile(at: a.path))
        let known = ["a.jpg": try record(a, contentHash: digest), "b.jpg": try record(b, contentHash: "2222")]
        try replace(a, with: first)  // now a copy of b.jpg, same size and time as before
        XCTAssertEqual(FileSystem.regularFileStatus(a.path)?.size, known["a.jpg"]?.byteCount)
        XCTAssertEqual(FileSystem.regularFileStatus(a.path)?.modified, known["a.jpg"]?.modified)

        let catalog = try CatalogScanner(root: tmp.url, known: known).scan()

        // b.jpg's record is trusted ("2222") and a.jpg's is not: a.jpg is read, b.jpg not, so
        // their digests differ and no copy is found; with b.jpg's record gone, both are read.
        XCTAssertEqual(catalog.folded, [])
        let fresh = try CatalogScanner(root: tmp.url, known: ["a.jpg": try XCTUnwrap(known["a.jpg"])]).scan()
        XCTAssertEqual(fresh.folded.map(\.relativePath), ["b.jpg"], "the rewritten a.jpg is a copy of b.jpg")
    }

    /// Writes `bytes` into `url` in place (the same inode) and sets its time back: only
    /// the change time (`ctime`, which no tool can set) tells it was rewritten.
    private func rewriteInPlace(_ url: URL, with bytes: [UInt8]) throws {
        var old = stat()
        XCTAssertEqual(stat(url.path, &old), 0)
        // The kernel's change clock ticks every few milliseconds: let it tick once.
        usleep(50_000)
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: Data(bytes))
        try handle.close()
        var times = [old.st_atim, old.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
    }

    func testAFileRewrittenInPlaceWithItsSizeAndTimeSetBackIsDigestedAgain() throws {
        let tmp = try TemporaryFolder()
        let a = try tmp.write("a.jpg", other)
        let b = try tmp.write("b.jpg", first)
        let before = try XCTUnwrap(FileSystem.regularFileStatus(a.path))
        var recordA = try record(a, contentHash: try XCTUnwrap(ContentHash.ofFile(at: a.path)))
        recordA.changed = before.changed
        var recordB = try record(b, contentHash: "2222")
        recordB.changed = try XCTUnwrap(FileSystem.regularFileStatus(b.path)).changed
        try rewriteInPlace(a, with: first)  // now a copy of b.jpg: same size, time and inode
        let after = try XCTUnwrap(FileSystem.regularFileStatus(a.path))
        XCTAssertEqual([after.size, Int(after.inode)], [before.size, Int(before.inode)])
        XCTAssertEqual(after.modified, before.modified)
        XCTAssertNotEqual(after.changed, before.changed)
        let file = PhotoFile(relativePath: "a.jpg", format: .jpeg, byteCount: after.size, modified: after.modified)
        XCTAssertFalse(recordA.vouches(for: file, inode: after.inode, changed: after.changed))
        XCTAssertFalse(recordA.matches(file, inode: after.inode, changed: after.changed))

        // Scanned with both records, a.jpg is read again: without b.jpg's (wrong) record,
        // b.jpg is read too and found to be a copy of the rewritten a.jpg.
        let fresh = try CatalogScanner(root: tmp.url, known: ["a.jpg": recordA]).scan()
        XCTAssertEqual(fresh.folded.map(\.relativePath), ["b.jpg"], "the rewritten a.jpg is a copy of b.jpg")
        XCTAssertEqual(fresh.changes["a.jpg"], after.changed)
        // Its old record, trusted on size, time and inode alone, would have hidden that.
        var blind = recordA
        blind.changed = nil
        let fooled = try CatalogScanner(root: tmp.url, known: ["a.jpg": blind, "b.jpg": recordB]).scan()
        XCTAssertEqual(fooled.folded, [])
    }

    func testARecordWithoutAnInodeVouchesForNothing() throws {
        let tmp = try TemporaryFolder()
        let a = try tmp.write("a.jpg", first)
        let b = try tmp.write("b.jpg", first)
        // As an older manifest says it: size and time only, and (here) wrong digests.
        let known = [
            "a.jpg": try record(a, contentHash: "1111", inode: .some(nil)),
            "b.jpg": try record(b, contentHash: "2222", inode: .some(nil)),
        ]

        let catalog = try CatalogScanner(root: tmp.url, known: known).scan()

        XCTAssertEqual(catalog.folded.map(\.relativePath), ["b.jpg"], "both were read, and found to be copies")
    }

    func testARecordVouchesOnlyForTheSameSizeTimeAndInode() {
        let file = PhotoFile(relativePath: "a.jpg", format: .jpeg, byteCount: 10, modified: 5)
        let known = Manifest.KnownPhoto(
            byteCount: 10, modified: 5, contentHash: "1",
            info: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 1, height: 1)),
            inode: 7)
        XCTAssertTrue(known.vouches(for: file, inode: 7))
        XCTAssertFalse(known.vouches(for: file, inode: 8))
        XCTAssertFalse(known.vouches(for: file, inode: nil))
        var touched = file
        touched.modified = 6
        XCTAssertFalse(known.vouches(for: touched, inode: 7))
        var grown = file
        grown.byteCount = 11
        XCTAssertFalse(known.vouches(for: grown, inode: 7))
        // The read stage trusts an older manifest's size and time as before, not a new inode.
        XCTAssertTrue(known.matches(file, inode: 7))
        XCTAssertFalse(known.matches(file, inode: 8))
        XCTAssertFalse(known.matches(touched, inode: 7))
        var older = known
        older.inode = nil
        XCTAssertTrue(older.matches(file, inode: 8))
        XCTAssertFalse(older.vouches(for: file, inode: 8))
    }
}
