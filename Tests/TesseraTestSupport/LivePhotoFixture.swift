import Foundation

/// The two files of a Live Photo, made for tests by real tools: a QuickTime movie by ffmpeg
/// carrying Apple's content identifier key, and a HEIC still by heif-enc whose `Exif` item
/// holds an Apple MakerNote with the identifier, put there by exiftool.
///
/// exiftool cannot make an Apple MakerNote from nothing (it edits makers' notes, never
/// creates them), so the MakerNote is built by hand in a JPEG (`appleJPEG`), copied into
/// the HEIC as a block by exiftool (`-tagsFromFile … -MakerNotes`), and its tag 0x0011 then
/// written by exiftool: `ContentIdentifier` in recent exiftools, `MediaGroupUUID` in 12.57
/// (Debian 12's).
package enum LivePhotoFixture {
    /// Why a test that needs these tools is skipped.
    package static let missing =
        "ffmpeg, heif-enc and exiftool are needed (Debian: ffmpeg, libheif-examples, libimage-exiftool-perl; `make test` installs them)"

    /// A tool run that failed, with what it printed.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Whether ffmpeg, heif-enc and exiftool can be run here.
    package static var isAvailable: Bool {
        ["ffmpeg", "heif-enc"].allSatisfy { tool($0) != nil } && ExifTool.isAvailable
    }

    /// A JPEG head with an EXIF block whose MakerNote is Apple's (`Apple iOS`, version 1,
    /// a big-endian directory), holding `identifier` as tag 0x0011.
    package static func appleJPEG(identifier: String) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int) -> [UInt8] {
            u16(tag) + u16(type) + u32(count) + u32(value)
        }
        let text = Array(identifier.utf8) + [0]
        // Offsets in the MakerNote count from its start: its directory is at 14.
        let makerNote =
            Array("Apple iOS\0".utf8) + u16(1) + Array("MM".utf8) + u16(1)
            + entry(0x0011, 2, text.count, 14 + 2 + 12 + 4) + u32(0) + text
        let exifDirectory = 8 + 2 + 12 + 4
        let makerNoteOffset = exifDirectory + 2 + 12 + 4
        let tiff =
            Array("MM".utf8) + u16(42) + u32(8)
            + u16(1) + entry(0x8769, 4, 1, exifDirectory) + u32(0)
            + u16(1) + entry(0x927C, 7, makerNote.count, makerNoteOffset) + u32(0)
            + makerNote
        let exif = Array("Exif\0\0".utf8) + tiff
        return [0xFF, 0xD8, 0xFF, 0xE1] + u16(exif.count + 2) + exif + [0xFF, 0xD9]
    }

    /// A one-second 64 × 48 QuickTime movie at `url` carrying `identifier` as
    /// `com.apple.quicktime.content.identifier`.
    package static func movie(at url: URL, identifier: String) throws {
        try run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags", "-metadata",
                "com.apple.quicktime.content.identifier=\(identifier)", "-f", "mov", url.path,
            ])
    }

    /// A 64 × 48 HEIC at `url` whose Apple MakerNote holds `identifier`, written by exiftool.
    package static func heic(at url: URL, identifier: String) throws {
        let scratch = url.deletingLastPathComponent().appendingPathComponent(".fixture-\(url.lastPathComponent)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let png = scratch.appendingPathComponent("still.png")
        try run(
            "ffmpeg",
            [
                "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=1:duration=1", "-frames:v", "1",
                png.path,
            ])
        try run("heif-enc", ["-q", "50", "-o", url.path, png.path])
        let donor = scratch.appendingPathComponent("donor.jpg")
        try Data(appleJPEG(identifier: "DONOR")).write(to: donor)
        try ExifTool.write(["-tagsFromFile", donor.path, "-MakerNotes"], to: url)
        do {
            try ExifTool.write(["-Apple:ContentIdentifier=\(identifier)"], to: url)
        } catch {
            // exiftool 12.57 names tag 0x0011 MediaGroupUUID.
            try ExifTool.write(["-Apple:MediaGroupUUID=\(identifier)"], to: url)
        }
    }

    /// The Apple MakerNote's tag 0x0011 as exiftool reads it back.
    package static func exiftoolIdentifier(of url: URL) throws -> String {
        try run(ExifTool.path ?? "exiftool", ["-s3", "-Apple:ContentIdentifier", "-Apple:MediaGroupUUID", url.path])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @discardableResult
    private static func run(_ name: String, _ arguments: [String]) throws -> String {
        guard let path = name.hasPrefix("/") ? name : tool(name) else { throw Failure(description: missing) }
        do {
            return try ProgramOutput.run(URL(fileURLWithPath: path), arguments)
        } catch let failure as ProgramOutput.Failure {
            throw Failure(description: "\(name) failed: \(failure.message)")
        }
    }
}
