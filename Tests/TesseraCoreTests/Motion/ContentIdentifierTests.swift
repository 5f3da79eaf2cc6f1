import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A still and a movie of one name are paired only when Apple's content identifiers agree:
/// the movie's (QuickTime `com.apple.quicktime.content.identifier`, written here by ffmpeg
/// and read back by exiftool) and the JPEG still's (Apple MakerNote tag 0x0011, built by
/// hand in `LivePhotoFixture.appleJPEG`, as exiftool cannot create an Apple MakerNote;
/// exiftool reads it back, 12.57 as `MediaGroupUUID`, later ones as `ContentIdentifier`).
/// A HEIC still's is read through libheif: `LivePhotoStillTests` and `LivePhotoBuildTests`. When both
/// carry one and they differ, both are published and a note says why.
final class ContentIdentifierTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    /// Runs `tool` from /usr/bin with `arguments`; its standard output, or nil when the tool
    /// is not installed.
    private func run(_ tool: String, _ arguments: [String]) throws -> String? {
        let url = URL(fileURLWithPath: "/usr/bin/" + tool)
        guard FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// A one-second QuickTime movie made by ffmpeg (a finite test source) carrying `identifier`.
    private func movie(_ name: String, identifier: String) throws -> URL {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard
            try run(
                "ffmpeg",
                [
                    "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-c:v",
                    "libx264", "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags", "-metadata",
                    "com.apple.quicktime.content.identifier=\(identifier)", "-f", "mov", url.path,
                ]) != nil
        else { throw XCTSkip("ffmpeg is not installed (Debian ffmpeg): the movie cannot be made") }
        return url
    }

    private func summary(_ url: URL) throws -> QuickTimeMovie.Summary? {
        let bytes = try [UInt8](Data(contentsOf: url))
        return QuickTimeMovie.summary { offset, count in
            guard offset >= 0, offset < bytes.count, count > 0 else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    func testTheMoviesIdentifierIsReadAsExiftoolReadsIt() throws {
        let url = try movie("IMG_0001.MOV", identifier: "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
        if let exiftool = try run("exiftool", ["-s3", "-ContentIdentifier", url.path]) {
            XCTAssertEqual(
                exiftool.trimmingCharacters(in: .whitespacesAndNewlines), "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
        }
        let read = try XCTUnwrap(try summary(url))
        XCTAssertTrue(read.hasContentIdentifier)
        XCTAssertEqual(read.contentIdentifier, "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
    }

    func testTheJPEGStillsIdentifierIsReadFromItsAppleMakerNoteAsExiftoolReadsIt() throws {
        let jpeg = LivePhotoFixture.appleJPEG(identifier: "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
        let url = try folder.write("IMG_0001.JPG", jpeg)
        if let exiftool = try run("exiftool", ["-s3", "-Apple:ContentIdentifier", "-Apple:MediaGroupUUID", url.path]) {
            XCTAssertEqual(
                exiftool.trimmingCharacters(in: .whitespacesAndNewlines), "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
        }
        XCTAssertEqual(AppleContentIdentifier.ofJPEG(jpeg), "1F2E3D4C-AAAA-4BBB-8CCC-000000000001")
        XCTAssertNil(AppleContentIdentifier.ofJPEG([0xFF, 0xD8, 0xFF, 0xD9]), "no EXIF, no identifier")
        // Cut anywhere, the reader stays inside the bytes and finds nothing.
        for length in stride(from: 0, to: jpeg.count - 2, by: 3) {
            XCTAssertNil(AppleContentIdentifier.ofJPEG(Array(jpeg.prefix(length))), "\(length)")
        }
    }

    func testStillsAndMoviesWhoseIdentifiersDifferAreNotPaired() {
        func file(_ name: String, _ format: MediaFormat) -> PhotoFile {
            PhotoFile(relativePath: "Trip/" + name, format: format, byteCount: 1, modified: 0)
        }
        let files = [file("IMG_0001.JPG", .jpeg), file("IMG_0001.MOV", .mov)]
        let movie = QuickTimeMovie.Summary(duration: 2.8, hasContentIdentifier: true, contentIdentifier: "A")
        let differ = LivePairing.fold(files, movie: { _ in movie }, still: { _ in "B" })
        XCTAssertEqual(differ.pairs, [])
        XCTAssertEqual(differ.photos.map(\.fileName), ["IMG_0001.JPG", "IMG_0001.MOV"], "both are published")
        XCTAssertEqual(differ.mismatched.map(\.motion.fileName), ["IMG_0001.MOV"])
        XCTAssertEqual(LivePairing.fold(files, movie: { _ in movie }, still: { _ in "A" }).pairs.count, 1)
        XCTAssertEqual(LivePairing.fold(files, movie: { _ in movie }, still: { _ in nil }).pairs.count, 1, "one side")
    }

    func testAScannedPairWithDifferentIdentifiersIsTwoItemsAndANote() throws {
        _ = try folder.write("photos/IMG_0001.JPG", LivePhotoFixture.appleJPEG(identifier: "STILL-1"))
        let moving = try movie("photos/IMG_0001.MOV", identifier: "MOVIE-2")
        _ = try folder.write("photos/IMG_0002.JPG", LivePhotoFixture.appleJPEG(identifier: "SAME-3"))
        _ = try movie("photos/IMG_0002.MOV", identifier: "SAME-3")
        let catalog = try CatalogScanner(root: moving.deletingLastPathComponent()).scan()
        XCTAssertEqual(
            catalog.root.photos.map(\.fileName), ["IMG_0001.JPG", "IMG_0001.MOV", "IMG_0002.JPG"],
            "the agreeing pair is one photo; the other two are published apart")
        XCTAssertEqual(Array(catalog.liveMotions.values.map(\.fileName)), ["IMG_0002.MOV"])
        XCTAssertEqual(catalog.notes.map(\.relativePath), ["IMG_0001.MOV"])
        XCTAssertTrue(catalog.notes.first?.reason.contains("content identifiers differ") == true)
        let report = BuildReport(
            photos: 2, videos: 1, albums: 1, skipped: [], generated: 0, reused: 0, removed: 0, seconds: 0,
            notes: catalog.notes)
        XCTAssertTrue(
            report.messages(verbose: true).contains(
                .note(
                    "IMG_0001.MOV: not the motion of IMG_0001.JPG: their Live Photo content identifiers differ; both are published, this as a video"
                )))
    }
}
