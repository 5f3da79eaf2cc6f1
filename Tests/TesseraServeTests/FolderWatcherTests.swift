import Foundation
import Synchronization
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// inotify bursts become one callback, new folders are followed, no change is lost.
final class FolderWatcherTests: XCTestCase {
    /// Generous, so a busy shared machine pausing between two writes does not split a burst.
    static let quietPeriod = 0.25

    /// Counts callbacks; waits are bounded, never asserted on.
    final class Calls: Sendable {
        let count = Mutex(0)
        func record() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }

        /// Waits for `expected` calls (at most 10 s), then long enough for a stray extra call
        /// to show: one comes a quiet period after the changes that make it, so after the
        /// expected calls one quiet period and half as much again for the watcher to wake.
        /// Waiting for no call at all, nothing marks when the changes were read, so the
        /// wait is four quiet periods.
        func settle(atLeast expected: Int, quietPeriod: Double = FolderWatcherTests.quietPeriod) -> Int {
            guard expected > 0 else {
                Thread.sleep(forTimeInterval: quietPeriod * 4)
                return value
            }
            _ = waitUntil { self.value >= expected }
            Thread.sleep(forTimeInterval: quietPeriod * 1.5)
            return value
        }

        /// Waits for a call after `before` (at most 10 s), then until no call has come for
        /// four quiet periods; returns the count then. For steps whose changes may come as
        /// one burst or, on a busy machine that pauses between two writes, as two: each
        /// step is seen, and the next one starts from a count nothing more will add to.
        func settleAfter(_ before: Int, quietPeriod: Double = FolderWatcherTests.quietPeriod) -> Int {
            _ = waitUntil { self.value > before }
            var seen = value
            repeat {
                seen = value
                Thread.sleep(forTimeInterval: quietPeriod * 4)
            } while value != seen
            return seen
        }
    }

    private func watcher(
        _ paths: [URL], ignoring: [URL] = [], hiddenNamesWatched: Set<String> = [], followsLinks: Bool = false,
        calls: Calls, onChange: (@Sendable () -> Void)? = nil
    ) throws -> FolderWatcher {
        var configuration = FolderWatcher.Configuration(paths: paths, ignoring: ignoring)
        configuration.quietPeriod = .milliseconds(Int(Self.quietPeriod * 1000))
        configuration.hiddenNamesWatched = hiddenNamesWatched
        configuration.followsLinks = followsLinks
        return try FolderWatcher(configuration) {
            calls.record()
            onChange?()
        }
    }

    func testABurstOf300WritesIsOneCallback() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        let calls = Calls()
        let watcher = try watcher([photos], calls: calls)
        defer { watcher.stop() }
        for index in 0..<300 { try folder.write("photos/import/IMG_\(index).jpg", MagicBytes.jpeg) }
        let count = calls.settle(atLeast: 1)
        XCTAssertTrue((1...2).contains(count), "300 writes gave \(count) callbacks")
    }

    /// A templates folder named in tessera.yaml while `serve` runs: it was never watched,
    /// so editing its templates rebuilt nothing. Added while watching, it is.
    func testAFolderAddedWhileWatchingIsWatched() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        let templates = try folder.folder("my-theme")
        try folder.write("my-theme/album.mustache", Array("old".utf8))
        let calls = Calls()
        let watcher = try watcher([photos], calls: calls)
        defer { watcher.stop() }
        try folder.write("my-theme/album.mustache", Array("before it is watched".utf8))
        XCTAssertEqual(calls.settle(atLeast: 0), 0, "not watched yet")
        watcher.watch([templates, photos])
        try folder.write("my-theme/album.mustache", Array("edited".utf8))
        XCTAssertEqual(calls.settle(atLeast: 1), 1, "an edit in the folder added is seen")
        try folder.write("photos/beach.jpg", MagicBytes.jpeg)
        XCTAssertEqual(calls.settle(atLeast: 2), 2, "the first folder is still watched, once")
        watcher.stop()
        watcher.watch([photos])  // after the end: nothing to do, no crash
    }

    /// `follow_links: true` with an album that is a link to a folder outside the input:
    /// photos added to it were never seen while serving. Followed, its folder is watched,
    /// a link made while watching too; a link back to an ancestor does not make the walk
    /// loop, and one to a folder holding the output does not watch the output.
    func testLinkedFoldersAreWatchedWhenLinksAreFollowed() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        let elsewhere = try folder.folder("elsewhere/trip")
        let later = try folder.folder("later")
        let site = try folder.folder("site")
        let manager = FileManager.default
        try manager.createSymbolicLink(at: photos.appendingPathComponent("Trip"), withDestinationURL: elsewhere)
        try manager.createSymbolicLink(at: elsewhere.appendingPathComponent("up"), withDestinationURL: folder.url)
        for follows in [false, true] {
            let calls = Calls()
            let watcher = try watcher([photos], ignoring: [site], followsLinks: follows, calls: calls)
            defer { watcher.stop() }
            try folder.write("elsewhere/trip/beach-\(follows).jpg", MagicBytes.jpeg)
            XCTAssertEqual(calls.settle(atLeast: follows ? 1 : 0), follows ? 1 : 0, "follows links: \(follows)")
            guard follows else { continue }
            try folder.write("site/index.html", Array("built".utf8))
            XCTAssertEqual(calls.settle(atLeast: 0), 1, "the output, reached through a link, is not watched")
            try manager.createSymbolicLink(at: photos.appendingPathComponent("Later"), withDestinationURL: later)
            XCTAssertEqual(calls.settle(atLeast: 2), 2, "a new link is a change")
            try folder.write("later/dawn.jpg", MagicBytes.jpeg)
            XCTAssertEqual(calls.settle(atLeast: 3), 3, "and the folder it leads to is watched from then")
        }
    }

    func testFilesInANewSubFolderAreWatched() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        let calls = Calls()
        let watcher = try watcher([photos], calls: calls)
        defer { watcher.stop() }
        try folder.folder("photos/2024/summer")
        XCTAssertEqual(calls.settle(atLeast: 1), 1)
        try folder.write("photos/2024/summer/beach.jpg", MagicBytes.jpeg)
        XCTAssertEqual(calls.settle(atLeast: 2), 2, "a write inside the new folder is seen")
    }

    func testAFolderMovedWithinTheTreeIsStillWatchedAtItsNewPlace() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        try folder.write("photos/draft/a.jpg", MagicBytes.jpeg)
        let calls = Calls()
        let watcher = try watcher([photos], calls: calls)
        defer { watcher.stop() }
        try folder.folder("photos/2024")
        XCTAssertEqual(rename(photos.path + "/draft", photos.path + "/2024/final"), 0)
        XCTAssertEqual(calls.settle(atLeast: 1), 1)
        try folder.write("photos/2024/final/b.jpg", MagicBytes.jpeg)
        XCTAssertEqual(calls.settle(atLeast: 2), 2)
    }

    func testAChangeDuringTheCallbackTriggersExactlyOneMore() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        let calls = Calls()
        let inCallback = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let first = Mutex(true)
        let watcher = try watcher([photos], calls: calls) {
            let isFirst = first.withLock { isFirst in
                defer { isFirst = false }
                return isFirst
            }
            guard isFirst else { return }
            inCallback.signal()
            _ = proceed.wait(timeout: .now() + 10)
        }
        defer { watcher.stop() }
        try folder.write("photos/a.jpg", MagicBytes.jpeg)
        XCTAssertEqual(inCallback.wait(timeout: .now() + 10), .success)
        for index in 0..<20 { try folder.write("photos/during-\(index).jpg", MagicBytes.jpeg) }
        proceed.signal()
        XCTAssertEqual(calls.settle(atLeast: 2), 2)
    }

    func testAWatchedFolderDeletedAndPutBackIsWatchedAgain() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        try folder.write("photos/album/a.jpg", MagicBytes.jpeg)
        let calls = Calls()
        let watcher = try watcher([photos], calls: calls)
        defer { watcher.stop() }
        // Each step is a burst of several writes (a folder tree deleted, made again), which
        // a busy machine may split in two: what is asserted is that each is seen.
        try FileManager.default.removeItem(at: photos)
        var before = calls.settleAfter(0)
        XCTAssertGreaterThan(before, 0, "the deletion is a change")
        try folder.write("photos/album/a.jpg", MagicBytes.jpeg)
        let putBack = calls.settleAfter(before)
        XCTAssertGreaterThan(putBack, before, "putting it back is a change")
        before = putBack
        try folder.write("photos/album/b.jpg", MagicBytes.jpeg)
        XCTAssertEqual(calls.settle(atLeast: before + 1), before + 1, "and the new folder is watched, sub-folders too")
        XCTAssertEqual(rename(photos.path, folder.url.path + "/photos-old"), 0)
        try folder.write("photos/c.jpg", MagicBytes.jpeg)
        let replaced = calls.settleAfter(before + 1)
        XCTAssertGreaterThan(replaced, before + 1, "a folder moved away and replaced")
        try folder.write("photos/album/d.jpg", MagicBytes.jpeg)
        XCTAssertEqual(calls.settle(atLeast: replaced + 1), replaced + 1, "the replacement is watched")
    }

    func testTheFolderBesideAWatchedOneDoesNotCount() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("project/photos")
        try folder.folder("project/site")
        let calls = Calls()
        let watcher = try watcher([photos], calls: calls)
        defer { watcher.stop() }
        try folder.write("project/site/index.html", [1])
        try folder.write("project/notes.txt", [1])
        try folder.folder("project/photos-draft")
        XCTAssertEqual(calls.settle(atLeast: 0), 0, "only the watched folder's own name matters in its parent")
    }

    /// An editor's swap file, a `.git` folder and Finder's `.DS_Store` are not content: in
    /// vim, each save of a caption rebuilt the site and reloaded every open page. A hidden
    /// name the build reads (`.nomedia`) still counts.
    func testHiddenNamesAreNotChangesUnlessAskedFor() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        try folder.folder("photos/.git")
        try folder.folder("photos/Trip")
        let calls = Calls()
        let watcher = try watcher([photos], hiddenNamesWatched: [".nomedia"], calls: calls)
        defer { watcher.stop() }
        try folder.write("photos/Trip/.caption.md.swp", [1])
        try folder.write("photos/.git/index", [1])
        try folder.write("photos/.DS_Store", [1])
        try folder.folder("photos/.cache")
        try folder.write("photos/.cache/x", [1])
        XCTAssertEqual(calls.settle(atLeast: 0), 0, "hidden names are not content")
        // Moved in whole, one event, so a loaded machine cannot split it into two changes.
        let staged = try folder.write("nomedia", [])
        XCTAssertEqual(rename(staged.path, photos.path + "/Trip/.nomedia"), 0)
        XCTAssertEqual(calls.settle(atLeast: 1), 1, "a .nomedia leaves an album out of the site")
    }

    func testTheIgnoredOutputFolderInsideIsNotWatched() throws {
        let folder = try TemporaryFolder()
        let input = try folder.folder("input")
        let output = try folder.folder("input/site")
        try folder.folder("input/site/album")
        let calls = Calls()
        let watcher = try watcher([input], ignoring: [output], calls: calls)
        defer { watcher.stop() }
        try folder.write("input/site/index.html", [1])
        try folder.write("input/site/album/index.html", [1])
        try folder.write("input/site/new/index.html", [1])
        XCTAssertEqual(calls.settle(atLeast: 0), 0, "writes to the output folder are not changes")
        // Moved in whole, one event, so that a loaded machine cannot split its creation and
        // its writing into two changes: exactly one change, none left over from the output.
        let photo = try folder.write("photo.jpg", MagicBytes.jpeg)
        XCTAssertEqual(rename(photo.path, input.path + "/photo.jpg"), 0)
        XCTAssertEqual(calls.settle(atLeast: 1), 1)
    }

    func testAWatchedFileSurvivesAnEditorsRenameAndItsNeighboursDoNotCount() throws {
        let folder = try TemporaryFolder()
        let config = try folder.write("project/tessera.yaml", Array("title: a\n".utf8))
        let calls = Calls()
        let watcher = try watcher([config], calls: calls)
        defer { watcher.stop() }
        try folder.write("project/notes.txt", [1])
        XCTAssertEqual(calls.settle(atLeast: 0), 0, "other files beside the watched one do not count")
        for round in 0..<2 {
            let temporary = try folder.write("project/.tessera.yaml.swp", Array("title: \(round)\n".utf8))
            XCTAssertEqual(rename(temporary.path, config.path), 0)
            XCTAssertEqual(calls.settle(atLeast: round + 1), round + 1)
        }
    }

    func testAFileThatDoesNotExistYetIsWatchedForAndAMissingFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        let calls = Calls()
        let watcher = try watcher([folder.url.appendingPathComponent("tessera.yaml")], calls: calls)
        defer { watcher.stop() }
        try folder.write("tessera.yaml", [1])
        XCTAssertEqual(calls.settle(atLeast: 1), 1)
        XCTAssertThrowsError(try self.watcher([folder.url.appendingPathComponent("no/such/folder")], calls: calls)) {
            XCTAssertTrue("\($0)".contains("neither it nor its folder exists"), "\($0)")
        }
    }

    func testStopEndsTheThreadAlsoFromInsideTheCallback() throws {
        let folder = try TemporaryFolder()
        let photos = try folder.folder("photos")
        let calls = Calls()
        let holder = Mutex<FolderWatcher?>(nil)
        let watcher = try watcher([photos], calls: calls) {
            holder.withLock { $0 }?.stop()
        }
        holder.withLock { $0 = watcher }
        try folder.write("photos/a.jpg", MagicBytes.jpeg)
        XCTAssertEqual(calls.settle(atLeast: 1), 1)
        try folder.write("photos/b.jpg", MagicBytes.jpeg)
        XCTAssertEqual(calls.settle(atLeast: 1), 1, "no callbacks after stop")
        watcher.stop()
        holder.withLock { $0 = nil }
    }
}
