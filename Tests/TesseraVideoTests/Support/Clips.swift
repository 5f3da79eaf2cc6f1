import Foundation
import Synchronization
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Test clips made by ffmpeg's test sources (`testsrc2`, `sine`, `color`) in a fresh
/// temporary folder: nothing binary is kept in the repository.
///
/// `testsrc2` draws vertical colour bars, red at the left: after a quarter turn clockwise
/// red is at the top, which is how the tests tell which way up a picture is.
final class Clips {
    static let missing = "ffmpeg is not installed (Debian: ffmpeg; `make test` installs it)"
    static let ffmpeg = which("ffmpeg")
    static let ffprobe = which("ffprobe")

    let folder: TemporaryFolder
    var url: URL { folder.url }

    init() throws {
        guard Self.ffmpeg != nil, Self.ffprobe != nil else { throw XCTSkip(Self.missing) }
        folder = try TemporaryFolder()
    }

    /// Runs ffmpeg with `arguments` (inputs and options) writing `name` in the folder.
    @discardableResult
    func make(_ name: String, _ arguments: [String]) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Self.run(Self.ffmpeg!, ["-hide_banner", "-loglevel", "error", "-y"] + arguments + [file.path])
        return file
    }

    /// `testsrc2` of `size` and `seconds` at `rate`, H.264 (ultrafast) in `name`'s container,
    /// with a sine tone unless `sound` is false.
    @discardableResult
    func testPattern(
        _ name: String, size: String = "320x240", seconds: Double = 1, rate: Int = 15, sound: Bool = true,
        video: [String] = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"], extra: [String] = []
    ) throws -> URL {
        var arguments = ["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=\(rate):duration=\(seconds)"]
        if sound { arguments += ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)"] }
        arguments += video
        if sound { arguments += ["-c:a", "aac", "-ac", "2"] }
        return try make(name, arguments + extra)
    }

    /// The tags phones write: a place in three forms, QuickTime's local date, UTC.
    static let phoneTags = [
        "-metadata", "location=+48.8584+002.2945/",
        "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/",
        "-metadata", "com.apple.quicktime.creationdate=2024-05-01T12:00:00+0200",
        "-metadata", "creation_time=2024-05-01T10:00:00Z",
        "-movflags", "use_metadata_tags",
    ]

    /// A portrait phone clip: 1920×1080 frames with a display matrix turning them 90°
    /// clockwise (what exiftool calls `Rotation: 90`), sound, and the phone's tags. ffmpeg
    /// 5.1 has no `-display_rotation`; stream copy turns the `rotate` tag into the matrix.
    func portraitPhone(_ name: String = "portrait.mov", seconds: Double = 1) throws -> URL {
        let landscape = try testPattern("landscape-\(name)", size: "1920x1080", seconds: seconds, rate: 10)
        return try make(name, ["-i", landscape.path, "-c", "copy", "-metadata:s:v:0", "rotate=-90"] + Self.phoneTags)
    }

    /// 10-bit HEVC tagged as HDR with `transfer` (`smpte2084` or `arib-std-b67`), BT.2020.
    func hdr(
        _ name: String, transfer: String, source: String = "testsrc2=size=640x360:rate=10:duration=1"
    )
        throws -> URL
    {
        try make(
            name,
            [
                "-f", "lavfi", "-i", source, "-c:v", "libx265", "-x265-params", "log-level=error", "-preset",
                "ultrafast",
                "-pix_fmt", "yuv420p10le", "-color_trc", transfer, "-color_primaries", "bt2020", "-colorspace",
                "bt2020nc",
                "-tag:v", "hvc1",
            ])
    }

    /// One second of a flat colour (`0xRRGGBB`, BT.709) as a phone writes SDR in BT.2020's
    /// gamut: the colour converted by zimg to BT.2020 primaries, 10-bit HEVC tagged
    /// `bt2020`/`bt2020-10`/`bt2020nc`; with `wideGamut` false, the same colour as 8-bit H.264
    /// tagged BT.709.
    func flatColour(_ name: String, _ colour: String, wideGamut: Bool) throws -> URL {
        let source = ["-f", "lavfi", "-i", "color=c=\(colour):size=64x64:rate=5:duration=1,format=gbrp"]
        guard wideGamut else {
            return try make(
                name,
                source + [
                    "-vf", "zscale=tin=709:min=gbr:pin=709:rin=full:t=709:m=709:p=709:r=limited,format=yuv420p",
                    "-c:v", "libx264", "-preset", "ultrafast", "-color_primaries", "bt709", "-color_trc", "bt709",
                    "-colorspace", "bt709",
                ])
        }
        return try make(
            name,
            source + [
                "-vf",
                "zscale=tin=709:min=gbr:pin=709:rin=full:t=bt2020-10:m=2020_ncl:p=2020:r=limited,format=yuv420p10le",
                "-c:v", "libx265", "-x265-params", "log-level=error", "-preset", "ultrafast", "-color_primaries",
                "bt2020", "-color_trc", "bt2020-10", "-colorspace", "bt2020nc", "-tag:v", "hvc1",
            ])
    }

    /// One second of a flat colour (`0xRRGGBB`) as 8-bit H.264 whose YCbCr is by `matrix`
    /// (`bt709` or `bt601`), tagged with `tags`, ffmpeg's names of its primaries, transfer and
    /// matrix (`["bt470bg", "gamma28", "bt470bg"]` for PAL), or untagged without them.
    func colourClip(
        _ name: String, _ colour: String, matrix: String, tags: [String] = [], size: String = "64x64"
    ) throws -> URL {
        let tagging = zip(["-color_primaries", "-color_trc", "-colorspace"], tags).flatMap { [$0, $1] }
        return try make(
            name,
            [
                "-f", "lavfi", "-i", "color=c=\(colour):size=\(size):rate=5:duration=1,format=rgb24",
                "-vf", "scale=out_color_matrix=\(matrix):out_range=tv,format=yuv420p",
                "-c:v", "libx264", "-preset", "ultrafast",
            ] + tagging)
    }

    /// The first half of `file`: its index (at the front after `+faststart`) promises more
    /// than the data holds.
    func truncated(_ file: URL, name: String) throws -> URL {
        let bytes = try Data(contentsOf: file)
        let half = url.appendingPathComponent(name)
        try bytes.prefix(bytes.count / 2).write(to: half)
        return half
    }

    static func which(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs a program and returns its standard output; throws with its standard error.
    @discardableResult
    static func run(_ program: URL, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorData = Mutex<Data>(Data())
        let reading = DispatchGroup()
        reading.enter()
        DispatchQueue.global().async {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            reading.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        reading.wait()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errorData.withLock { $0 }, as: UTF8.self)
            throw ClipFailure(
                description: "\(program.lastPathComponent) \(arguments.joined(separator: " ")): \(message)")
        }
        return data
    }
}

struct ClipFailure: Error, CustomStringConvertible {
    let description: String
}
