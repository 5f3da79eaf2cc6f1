import Foundation
import TesseraCore

/// The arguments every ffmpeg run shares: quiet, no keyboard, and input read only as a
/// local file through the demuxers of the formats Tessera publishes.
enum FFmpegArguments {
    /// MP4/MOV/M4V/3GP, MKV/WebM, AVI, MTS, and GIF (an animated GIF's motion). Anything
    /// else (an HLS or concat playlist named `.mp4`, an image sequence) is refused: such
    /// demuxers open other files and URLs.
    static let demuxers = "mov,matroska,avi,mpegts,gif"

    /// Logging and safety options, before the input.
    static let preamble = ["-nostdin", "-hide_banner", "-nostats", "-loglevel", "error"]

    /// What every input is held to: local files only, through `demuxers` only.
    static let restrictions = ["-protocol_whitelist", "file", "-format_whitelist", demuxers]

    /// `-i` and what restricts it; `seek` and `window` (seconds) limit what is read.
    static func input(_ file: URL, seek: Double? = nil, window: Double? = nil) -> [String] {
        var arguments = restrictions
        if let seek, seek > 0 { arguments += ["-ss", seconds(seek)] }
        if let window { arguments += ["-t", seconds(window)] }
        return arguments + ["-i", url(file)]
    }

    /// A path as ffmpeg must be given it: `file:` and absolute, so that no name (`-x.mp4`,
    /// `concat:a|b`, `http:…`) is read as an option or a protocol.
    static func url(_ file: URL) -> String {
        "file:" + file.standardizedFileURL.path
    }

    /// Seconds with millisecond precision, as ffmpeg's time options read them.
    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((max(0, min(value, 1e7)) * 1000).rounded())
        let fraction = milliseconds % 1000
        let padded = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        return "\(milliseconds / 1000).\(padded)"
    }
}
