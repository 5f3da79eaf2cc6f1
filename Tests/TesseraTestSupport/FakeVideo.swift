import Foundation
import Synchronization
import TesseraCore

/// A `VideoProcessing` without ffmpeg, so the build's rules for videos can be tested in
/// process and fast. A fake clip is a file that starts like an MP4 and then states its
/// facts as JSON (see `FakeVideo.clip`); its rendition is a short text naming the clip's
/// content and the settings, and it reports progress halfway and at the end. A clip whose
/// text contains `BROKEN` fails to transcode; the machine fails one whose text contains
/// `DISK FULL` (its rendition cannot be written), `NO TMP` (its poster frame cannot be
/// written) or `NO START` (ffprobe cannot be started);
/// `installed: false` is a machine without ffmpeg.
package final class FakeVideo: VideoProcessing {
    private let calls = Mutex<[String]>([])
    private let installed: Bool

    package init(installed: Bool = true) {
        self.installed = installed
    }

    /// The first bytes of an MP4 (`ftyp` box, brand `isom`).
    package static let header: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + Array(repeating: 0, count: 20)

    /// The bytes of a fake clip with these facts.
    package static func clip(_ info: VideoInfo, note: String = "") -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return header + Array((try! encoder.encode(info))) + Array("\n\(note)".utf8)
    }

    /// The bytes of a fake H.264 clip of this coded size, turned `rotation` degrees.
    package static func clip(
        width: Int, height: Int, rotation: Int = 0, seconds: Double = 4, recorded: String? = nil, note: String = ""
    ) -> [UInt8] {
        clip(
            VideoInfo(
                container: "mov,mp4,m4a,3gp,3g2,mj2", duration: seconds,
                codedSize: PixelSize(width: width, height: height), rotation: rotation,
                video: VideoStreamInfo(index: 0, codec: "h264"),
                recorded: recorded.map { RecordingDate(dateTime: $0, utcOffsetMinutes: 0, source: .creationTime) }),
            note: note)
    }

    /// The bytes of a fake Live Photo movie: a QuickTime file (`ftyp` brand `qt  `) whose
    /// movie header (`moov/mvhd`) says it lasts `seconds`, with Apple's content identifier
    /// key when `identifier` is set, then the clip's facts as `clip` states them.
    package static func liveMovie(
        seconds: Double = 3, identifier: Bool = true, width: Int = 1440, height: Int = 1080
    )
        -> [UInt8]
    {
        func be32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }
        let ftyp = box("ftyp", Array("qt  ".utf8) + [0, 0, 0, 0] + Array("qt  qt  ".utf8))
        let mvhd = box(
            "mvhd",
            [0, 0, 0, 0] + be32(0) + be32(0) + be32(600) + be32(Int(seconds * 600)) + [UInt8](repeating: 0, count: 80))
        let meta = identifier ? box("meta", Array("mdtakeys com.apple.quicktime.content.identifier".utf8)) : []
        let facts = clip(width: width, height: height, seconds: seconds).dropFirst(header.count)
        return ftyp + box("moov", mvhd + meta) + box("free", Array(facts))
    }

    /// The transcodes and poster frames asked for so far, by file name.
    package var made: [String] { calls.withLock { $0 } }

    package func engineVersion() throws(VideoProblem) -> String {
        guard installed else { throw .toolMissing("ffmpeg") }
        return "fake-ffmpeg 1"
    }

    package func probe(_ file: URL) throws(VideoProblem) -> VideoInfo {
        guard installed else { throw .toolMissing("ffprobe") }
        guard let data = try? Data(contentsOf: file), data.count > Self.header.count else {
            throw .notAVideo(detail: "empty")
        }
        if String(decoding: data, as: UTF8.self).contains("NO START") {
            throw .cannotStart(tool: "/usr/bin/ffprobe", reason: "Bad file descriptor")
        }
        // The facts follow the header, or (in `liveMovie`) the movie's boxes.
        let bytes = Array(data)
        let start =
            bytes.count > Self.header.count && bytes[Self.header.count] == UInt8(ascii: "{")
            ? Self.header.count
            : (8..<max(8, bytes.count - 1)).first {
                bytes[$0] == UInt8(ascii: "{") && bytes[$0 + 1] == UInt8(ascii: "\"")
            }
                ?? Self.header.count
        let text = bytes.dropFirst(start).prefix { $0 != UInt8(ascii: "\n") }
        guard let info = try? JSONDecoder().decode(VideoInfo.self, from: Data(text)) else {
            throw .notAVideo(detail: "Invalid data found when processing input")
        }
        return info
    }

    package func transcode(
        _ file: URL, info: VideoInfo, to rendition: VideoRendition, output: URL,
        progress: (@Sendable (Double?) -> Void)?
    ) throws(VideoProblem) {
        guard let data = try? Data(contentsOf: file) else { throw .notAVideo(detail: "gone") }
        calls.withLock { $0.append("transcode \(file.lastPathComponent)") }
        if String(decoding: data, as: UTF8.self).contains("BROKEN") {
            throw .failed(tool: "ffmpeg", detail: "Invalid NAL unit size")
        }
        if String(decoding: data, as: UTF8.self).contains("DISK FULL") {
            try? Data("half".utf8).write(to: output)
            throw .cannotWrite(path: output.path, reason: "No space left on device")
        }
        // ffmpeg's reports, halfway and at the end.
        if info.duration != nil {
            progress?(0.5)
            progress?(1)
        }
        let size = rendition.outputSize(for: info)
        let bytes = Array("mp4 \(size) crf\(rendition.crf) of \(FakeDigest.of(data))".utf8)
        do { try Data(bytes).write(to: output) } catch { throw .unwritable("\(error)") }
    }

    package func posterFrame(of file: URL, info: VideoInfo, output: URL) throws(VideoProblem) -> PixelSize {
        calls.withLock { $0.append("poster \(file.lastPathComponent)") }
        if let data = try? Data(contentsOf: file), String(decoding: data, as: UTF8.self).contains("NO TMP") {
            throw .cannotWrite(path: output.path, reason: "No such file or directory")
        }
        let size = info.displaySize
        let still = FakeImaging.photo(PhotoInfo(format: .png, storedSize: size), note: file.lastPathComponent)
        do { try Data(still).write(to: output) } catch { throw .unwritable("\(error)") }
        return size
    }
}
