import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Live Photos: which still and movie of a folder are one photo, and what a movie's header says.
final class LivePairingTests: XCTestCase {
    private func file(_ name: String, _ format: MediaFormat) -> PhotoFile {
        PhotoFile(relativePath: "Trip/" + name, format: format, byteCount: 1, modified: 0)
    }

    private func read(_ bytes: [UInt8]) -> QuickTimeMovie.Read {
        { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    func testAStillAndAShortMovieOfItsNameAreOnePhoto() {
        let short = QuickTimeMovie.Summary(duration: 2.9, hasContentIdentifier: false)
        let files = [
            file("IMG_0001.HEIC", .heif), file("IMG_0001.MOV", .mov),
            file("img_0002.jpg", .jpeg), file("IMG_0002.mov", .mov),
            file("IMG_0003.MOV", .mov),
            file("IMG_0004.png", .png), file("IMG_0004.MOV", .mov),
        ]
        let folded = LivePairing.fold(files) { _ in short }
        XCTAssertEqual(
            folded.photos.map(\.fileName),
            ["IMG_0001.HEIC", "img_0002.jpg", "IMG_0003.MOV", "IMG_0004.png", "IMG_0004.MOV"])
        XCTAssertEqual(
            folded.pairs.map { [$0.still.fileName, $0.motion.fileName] },
            [["IMG_0001.HEIC", "IMG_0001.MOV"], ["img_0002.jpg", "IMG_0002.mov"]])
    }

    func testALongMovieWithoutTheLiveKeyIsAClipOfItsOwn() {
        let files = [file("IMG_0001.JPG", .jpeg), file("IMG_0001.MOV", .mov)]
        let long = LivePairing.fold(files) { _ in QuickTimeMovie.Summary(duration: 12, hasContentIdentifier: false) }
        XCTAssertEqual(long.photos.map(\.fileName), ["IMG_0001.JPG", "IMG_0001.MOV"])
        XCTAssertEqual(long.pairs, [])
        // Apple's key says it is a Live Photo's, however long.
        let keyed = LivePairing.fold(files) { _ in QuickTimeMovie.Summary(duration: 12, hasContentIdentifier: true) }
        XCTAssertEqual(keyed.photos.map(\.fileName), ["IMG_0001.JPG"])
        // A movie whose header cannot be read is no Live Photo's.
        XCTAssertEqual(LivePairing.fold(files) { _ in nil }.pairs, [])
    }

    func testAnMP4OfTheSameNameIsNoLivePhoto() {
        let files = [file("IMG_0001.JPG", .jpeg), file("IMG_0001.MP4", .mp4)]
        let folded = LivePairing.fold(files) { _ in QuickTimeMovie.Summary(duration: 2, hasContentIdentifier: true) }
        XCTAssertEqual(folded.photos.count, 2)
    }

    func testTheMovieHeaderGivesDurationAndTheLiveKeyWhereverTheMovieBoxLies() {
        let movie = FakeVideo.liveMovie(seconds: 2.5, identifier: true)
        let summary = QuickTimeMovie.summary(read(movie))
        XCTAssertEqual(summary?.duration ?? 0, 2.5, accuracy: 0.01)
        XCTAssertEqual(summary?.hasContentIdentifier, true)
        XCTAssertEqual(
            QuickTimeMovie.summary(read(FakeVideo.liveMovie(seconds: 9, identifier: false)))?.hasContentIdentifier,
            false)
        // An iPhone writes the media data first: `moov` after a large `mdat`, with a 64-bit size.
        let ftyp = Array(movie.prefix(24))
        let mdat: [UInt8] =
            [0, 0, 0, 1] + Array("mdat".utf8) + [0, 0, 0, 0, 0, 0, 0, 32] + [UInt8](repeating: 7, count: 16)
        let moved = ftyp + mdat + Array(movie.dropFirst(24))
        XCTAssertEqual(QuickTimeMovie.summary(read(moved))?.duration ?? 0, 2.5, accuracy: 0.01)
    }

    func testAMovieVersion1HeaderIsRead() {
        var body: [UInt8] = [1, 0, 0, 0] + [UInt8](repeating: 0, count: 16) + [0, 0, 0x02, 0x58]
        body += [0, 0, 0, 0, 0, 0, 0x07, 0x08]  // 1800 / 600 = 3 s
        XCTAssertEqual(QuickTimeMovie.movieDuration(body), 3)
    }

    func testHostileBoxesSayNothingAndNeverTrap() {
        let cases: [[UInt8]] = [
            [],
            [0, 0, 0, 4] + Array("moov".utf8),  // smaller than its header
            [0, 0, 0, 0] + Array("ftyp".utf8),  // runs to the end: no moov after it
            [0, 0, 0, 1] + Array("moov".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // 64-bit size past Int
            [0x7F, 0xFF, 0xFF, 0xFF] + Array("moov".utf8),  // larger than the limit
            [0, 0, 0, 8] + [0, 1, 2, 3],  // a type that is no text
        ]
        for bytes in cases { XCTAssertNil(QuickTimeMovie.summary(read(bytes)), "\(bytes)") }
        // A movie header with time scale 0 gives no duration.
        XCTAssertNil(QuickTimeMovie.movieDuration([0] + [UInt8](repeating: 0, count: 19)))
    }

    func testTheScanFoldsALivePhotosMovieAndListsItAsFolded() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("Trip/IMG_0001.HEIC", Array("\0\0\0\u{18}ftypheic".utf8) + [UInt8](repeating: 0, count: 20))
        try tmp.write("Trip/IMG_0001.MOV", FakeVideo.liveMovie(seconds: 3))
        try tmp.write("Trip/IMG_0002.JPG", MagicBytes.jpeg)
        try tmp.write("Trip/IMG_0002.MOV", FakeVideo.liveMovie(seconds: 40, identifier: false))
        let catalog = try CatalogScanner(root: tmp.url).scan()
        let trip = try XCTUnwrap(catalog.root.albums.first)
        XCTAssertEqual(trip.photos.map(\.fileName), ["IMG_0001.HEIC", "IMG_0002.JPG", "IMG_0002.MOV"])
        XCTAssertEqual(catalog.liveMotions.values.map(\.fileName), ["IMG_0001.MOV"])
        XCTAssertEqual(
            catalog.folded,
            [
                FoldedFile(
                    relativePath: "Trip/IMG_0001.MOV", joined: "Trip/IMG_0001.HEIC", kind: .live,
                    reason: "the motion of the Live Photo IMG_0001.HEIC")
            ])
    }
}
