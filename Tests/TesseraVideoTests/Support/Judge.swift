import Foundation
import XCTest

@testable import TesseraCore

/// Readers that are not Tessera's, for what the tests judge: `ffprobe` (its JSON read with
/// JSONSerialization, not Tessera's parser), PyAV (Debian's `python3-av`), `exiftool -ee`,
/// and an MP4 box walk of the tests' own.
enum Judge {
    static let pyAVMissing = "PyAV is not installed (Debian: python3-av; `make test` installs it)"
    static let exifToolMissing = "exiftool is not installed (Debian: libimage-exiftool-perl; `make test` installs it)"
    static let python = URL(fileURLWithPath: "/usr/bin/python3")

    static let hasPyAV: Bool = {
        (try? Clips.run(python, ["-c", "import av, numpy"])) != nil
    }()

    /// What ffprobe says of a file's streams and format.
    struct Probe {
        var video: [String: Any]
        var audio: [[String: Any]]
        var streamTypes: [String]
        var formatDuration: Double?

        var width: Int? { video["width"] as? Int }
        var height: Int? { video["height"] as? Int }
        var codec: String? { video["codec_name"] as? String }
        var profile: String? { video["profile"] as? String }
        var pixelFormat: String? { video["pix_fmt"] as? String }
        var frames: Int? { (video["nb_read_frames"] as? String).flatMap(Int.init) }
        /// Whether the video stream carries a display matrix (a turn players must apply).
        var hasDisplayMatrix: Bool {
            ((video["side_data_list"] as? [[String: Any]]) ?? []).contains {
                ($0["side_data_type"] as? String) == "Display Matrix"
            }
        }
        func colour(_ key: String) -> String? { video[key] as? String }
    }

    static func probe(_ file: URL, countFrames: Bool = false) throws -> Probe {
        var arguments = ["-v", "error", "-print_format", "json", "-show_streams", "-show_format"]
        if countFrames { arguments.append("-count_frames") }
        let data = try Clips.run(Clips.ffprobe!, arguments + [file.path])
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let streams = (report["streams"] as? [[String: Any]]) ?? []
        let video = try XCTUnwrap(streams.first { ($0["codec_type"] as? String) == "video" }, "no video in \(file)")
        let format = report["format"] as? [String: Any]
        return Probe(
            video: video, audio: streams.filter { ($0["codec_type"] as? String) == "audio" },
            streamTypes: streams.compactMap { $0["codec_type"] as? String },
            formatDuration: (format?["duration"] as? String).flatMap(Double.init))
    }

    /// What PyAV decodes: codec, size and frame count of the video, the audio streams,
    /// and the first frame's mean RGB in its top and left tenths and its mean luma.
    struct Decoded: Decodable {
        var codec: String
        var profile: String?
        var width: Int
        var height: Int
        var frames: Int
        var duration: Double?
        var audio: [Audio]
        var top: [Double]
        var left: [Double]
        var luma: Double

        struct Audio: Decodable {
            var codec: String
            var channels: Int
        }

        /// Whether a tenth-wide strip is clearly red (`testsrc2`'s first bar).
        static func isRed(_ rgb: [Double]) -> Bool { rgb.count == 3 && rgb[0] > 150 && rgb[1] < 90 && rgb[2] < 90 }
    }

    static func decode(_ file: URL, in folder: URL) throws -> Decoded {
        guard hasPyAV else { throw XCTSkip(pyAVMissing) }
        let script = folder.appendingPathComponent("judge.py")
        try pyAVScript.write(to: script, atomically: true, encoding: .utf8)
        let data = try Clips.run(python, [script.path, file.path])
        return try JSONDecoder().decode(Decoded.self, from: data)
    }

    static let pyAVScript = """
        import json, sys
        import av, numpy
        container = av.open(sys.argv[1])
        duration = container.duration / 1e6 if container.duration else None
        audio = [{"codec": s.codec_context.name, "channels": s.codec_context.channels}
                 for s in container.streams.audio]
        video = container.streams.video[0]
        codec, profile = video.codec_context.name, video.codec_context.profile
        first = None
        frames = 0
        for frame in container.decode(video=0):
            if first is None:
                first = frame.to_ndarray(format="rgb24").astype(numpy.float64)
            frames += 1
        height, width = first.shape[0], first.shape[1]
        top = first[: max(1, height // 10)].reshape(-1, 3).mean(0)
        left = first[:, : max(1, width // 10)].reshape(-1, 3).mean(0)
        luma = (first @ numpy.array([0.2126, 0.7152, 0.0722])).mean()
        print(json.dumps({"codec": codec, "profile": profile,
                          "width": width, "height": height, "frames": frames, "duration": duration,
                          "audio": audio, "top": list(top), "left": list(left), "luma": luma}))
        """

    /// The first frame's top-left pixel in 8-bit RGB as ffmpeg's `scale` reads a published
    /// clip (limited range, by `matrix`: BT.709, what browsers assume of H.264 tagged BT.709,
    /// unless told `bt601`).
    static func firstPixel(_ file: URL, matrix: String = "bt709") throws -> [Double] {
        let bytes = try Clips.run(
            Clips.ffmpeg!,
            [
                "-v", "error", "-i", file.path, "-frames:v", "1", "-vf",
                "scale=in_color_matrix=\(matrix):in_range=tv,format=rgb24", "-f", "rawvideo", "-",
            ])
        return Array(bytes.prefix(3)).map(Double.init)
    }

    /// Asserts two RGB colours are within `accuracy` levels in each channel.
    static func assertColour(
        _ got: [Double], near want: [Double], accuracy: Double = 6, _ message: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(got.count, 3, message, file: file, line: line)
        for channel in 0..<min(3, got.count, want.count) {
            XCTAssertEqual(
                got[channel], want[channel], accuracy: accuracy, "\(message): \(got) where BT.709 gives \(want)",
                file: file, line: line)
        }
    }

    /// Every tag name `exiftool -ee -G -a` finds that could hold a place.
    static func locationKeys(_ file: URL) throws -> [String] {
        guard let exiftool = Clips.which("exiftool") else { throw XCTSkip(exifToolMissing) }
        let data = try Clips.run(exiftool, ["-ee", "-G", "-a", "-j", "-n", file.path])
        let records = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return records.flatMap(\.keys).filter { key in
            let name = key.lowercased()
            return name.contains("gps") || name.contains("location") || name.contains("6709") || name.hasSuffix("xyz")
        }.sorted()
    }

    /// exiftool's `Rotation` of the video track (QuickTime's clockwise turn), if any.
    static func exifToolRotation(_ file: URL) throws -> Int? {
        guard let exiftool = Clips.which("exiftool") else { throw XCTSkip(exifToolMissing) }
        let data = try Clips.run(exiftool, ["-j", "-n", "-Rotation", file.path])
        let records = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        return records?.first?["Rotation"] as? Int
    }

    /// How many frames ffmpeg's `idet` filter finds combed (either field first) and how many
    /// progressive, from the pictures alone.
    static func interlacing(_ file: URL) throws -> (interlaced: Int, progressive: Int) {
        let process = Process()
        process.executableURL = Clips.ffmpeg
        process.arguments = ["-hide_banner", "-nostats", "-i", file.path, "-vf", "idet", "-f", "null", "-"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = try XCTUnwrap(text.split(separator: "\n").first { $0.contains("Multi frame detection") })
        func count(_ name: String) -> Int {
            guard let range = line.range(of: name + ":") else { return 0 }
            return Int(line[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }) ?? 0
        }
        return (count("TFF") + count("BFF"), count("Progressive"))
    }

    /// The top-level boxes of an MP4 in file order (`ftyp`, `moov`, `mdat` …).
    static func topLevelBoxes(_ file: URL) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: file))
        var boxes: [String] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            var size = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            boxes.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            if size == 1, offset + 16 <= bytes.count {
                size = bytes[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
            } else if size == 0 {
                break
            }
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }
}
