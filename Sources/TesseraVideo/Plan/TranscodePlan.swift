import Foundation
import TesseraCore

/// The ffmpeg command for one rendition of one clip: a pure function of the clip's facts,
/// the rendition and what the installed ffmpeg can do, unit-tested without running it.
package struct TranscodePlan: Sendable, Hashable {
    package var method: TranscodedVideo.Method
    /// Why the clip is re-encoded; empty when remuxed.
    package var reasons: [String]
    /// The picture's size in the new file.
    package var size: PixelSize
    package var toneMapping: ToneMapping?
    package var hasAudio: Bool
    /// ffmpeg's arguments, without the program's name; progress goes to standard output.
    package var arguments: [String]

    /// x264's presets, fastest first.
    static let presets = [
        "ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow",
    ]

    /// Plans `rendition` of `source` into `output`.
    ///
    /// Remuxed (`-c copy`) when the rendition allows it and `reencodeReasons` is empty;
    /// else encoded with x264 (High profile, 4:2:0, CRF), turned upright by ffmpeg's
    /// autorotation (which leaves no display matrix in the output), deinterlaced, scaled into the
    /// longest edge with square pixels and even sides, HDR tone-mapped and BT.2020 converted
    /// to BT.709 (`colourFilters`). Frames
    /// keep their own times (`-fps_mode vfr`): a phone's variable frame rate is not padded
    /// with repeated frames to a constant one, which would judder. Metadata, chapters,
    /// subtitles and data tracks are never copied; the MP4 starts with its index
    /// (`+faststart`) so playback begins before the download ends. An HD clip that names no
    /// colour matrix is tagged BT.709, as its poster reads it (`ImpliedBT709`), copied or encoded.
    ///
    /// - Parameter threads: x264's thread count; `nil` lets ffmpeg use every core.
    /// - Throws: `VideoProblem.unsupported` for settings x264 refuses, or an ffmpeg without
    ///   libx264 when encoding is needed.
    package static func make(
        source: URL, info: VideoInfo, rendition: VideoRendition, output: URL, capabilities: FFmpegCapabilities,
        threads: Int? = nil
    ) throws(VideoProblem) -> TranscodePlan {
        let reasons = rendition.reencodeReasons(for: info)
        let withAudio: Bool
        if case .aac = rendition.audio, info.audio != nil { withAudio = true } else { withAudio = false }
        var arguments = FFmpegArguments.preamble + ["-progress", "pipe:1"] + FFmpegArguments.input(source)
        arguments += ["-map", "0:\(info.video.index)"]
        if withAudio, let audio = info.audio { arguments += ["-map", "0:\(audio.index)"] }
        arguments += ["-map_metadata", "-1", "-map_chapters", "-1", "-sn", "-dn"]
        if !withAudio { arguments += ["-an"] }

        let implied = ImpliedBT709.applies(to: info)
        if rendition.allowsRemux && reasons.isEmpty {
            // The stream's SEI messages go (NAL type 6): their user data may carry a place (a
            // dashcam's, a drone's telemetry) or the encoder's settings; playback needs none.
            let filters = ["filter_units=remove_types=6"] + (implied ? [ImpliedBT709.bitstreamFilter] : [])
            arguments += ["-c", "copy", "-bsf:v", filters.joined(separator: ",")]
            arguments += (implied ? ImpliedBT709.tags : []) + trailer(output)
            return TranscodePlan(
                method: .remuxed, reasons: [], size: info.displaySize, toneMapping: nil, hasAudio: withAudio,
                arguments: arguments)
        }

        try check(rendition, capabilities: capabilities)
        let size = rendition.encodedSize(for: info)
        let (filters, toneMapping, isBT709) = videoFilters(info: info, size: size, capabilities: capabilities)
        arguments += ["-vf", filters.joined(separator: ",")]
        arguments += [
            "-c:v", "libx264", "-profile:v", "high", "-preset", rendition.preset, "-crf", String(rendition.crf),
        ]
        if isBT709 {
            arguments += ImpliedBT709.tags + ["-color_range", "tv"]
        } else if implied {
            arguments += ImpliedBT709.tags
        }
        arguments += capabilities.hasFPSMode ? ["-fps_mode", "vfr"] : ["-vsync", "vfr"]
        if let threads, threads > 0 { arguments += ["-threads", String(threads)] }
        arguments += ["-flags:v", "+bitexact"]
        if withAudio, case .aac(let bitRate) = rendition.audio {
            let channels = min(info.audio?.channels ?? 2, 2)
            arguments += [
                "-c:a", "aac", "-b:a", String(max(8000, bitRate)), "-ac", String(channels), "-flags:a", "+bitexact",
            ]
        }
        arguments += trailer(output)
        return TranscodePlan(
            method: .encoded, reasons: rendition.allowsRemux ? reasons : ["remuxing is off"], size: size,
            toneMapping: toneMapping, hasAudio: withAudio, arguments: arguments)
    }

    /// An MP4 with its index first, no encoder version strings, overwriting `output`.
    static func trailer(_ output: URL) -> [String] {
        ["-fflags", "+bitexact", "-movflags", "+faststart", "-f", "mp4", "-y", FFmpegArguments.url(output)]
    }

    static func check(_ rendition: VideoRendition, capabilities: FFmpegCapabilities) throws(VideoProblem) {
        guard capabilities.hasLibx264 else {
            throw .unsupported("this ffmpeg has no libx264 encoder (Debian's ffmpeg has it)")
        }
        guard presets.contains(rendition.preset) else {
            throw .unsupported("x264 preset \(rendition.preset) (one of \(presets.joined(separator: ", ")))")
        }
        guard (0...51).contains(rendition.crf) else { throw .unsupported("CRF \(rendition.crf) (0 to 51)") }
        guard rendition.longestEdge >= 2 else { throw .unsupported("a longest edge of \(rendition.longestEdge) px") }
    }
}
