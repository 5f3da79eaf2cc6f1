import Foundation
import TesseraCore

/// The ffmpeg command that writes a poster frame: a pure function, like `TranscodePlan`.
///
/// From `start`, the first frame whose mean luma is above `darkLuma` within `window`
/// seconds is taken (fades from black, a hand over the lens); `mustBeBright: false` takes
/// the first frame whatever it is. The frame is turned upright, deinterlaced, tone-mapped if HDR, scaled
/// to `size` with square pixels and written as 8-bit RGB PNG without colour chunks; its time
/// goes to standard output.
struct PosterPlan: Sendable, Hashable {
    /// Mean luma (8-bit, 16 is video black) a frame must exceed not to count as black.
    static let darkLuma = 24
    /// How many seconds past the start are searched for a frame that is not black.
    static let window = 5.0

    var start: Double
    var size: PixelSize
    var arguments: [String]

    static func make(
        source: URL, info: VideoInfo, request: PosterRequest, start: Double, mustBeBright: Bool, output: URL,
        capabilities: FFmpegCapabilities
    ) -> PosterPlan {
        let size = request.size(for: info)
        var filters = info.video.isInterlaced ? ["yadif=mode=send_frame:deint=interlaced"] : []
        let colour = TranscodePlan.colourFilters(info: info, capabilities: capabilities).filters
        filters += colour
        if colour.isEmpty { filters.append("format=yuv420p") }
        if mustBeBright {
            filters += [
                "signalstats",
                "metadata=mode=select:key=lavfi.signalstats.YAVG:value=\(darkLuma):function=greater",
            ]
        }
        filters.append("metadata=mode=print:file=-")
        let inputMatrix = colour.isEmpty ? Self.matrix(info) : "bt709"
        filters.append("scale=\(size.width):\(size.height):flags=lanczos:in_color_matrix=\(inputMatrix)")
        // ffmpeg's PNG encoder writes the frame's primaries and transfer as cHRM and gAMA
        // (BT.709's gamma 1/1.961, PAL's 1/2.8); the photo pipeline would then convert the
        // frame to sRGB a second time, a BT.709 grey 128 becoming 139. Left unknown, the PNG's
        // values are taken as sRGB, as a browser takes the video's.
        filters += ["setsar=1", "format=rgb24", "setparams=color_primaries=unknown:color_trc=unknown"]
        let arguments =
            FFmpegArguments.preamble
            + FFmpegArguments.input(source, seek: start, window: mustBeBright ? window : nil)
            + ["-map", "0:\(info.video.index)", "-an", "-sn", "-dn", "-vf", filters.joined(separator: ",")]
            + ["-frames:v", "1", "-map_metadata", "-1", "-fflags", "+bitexact", "-c:v", "png"]
            + ["-compression_level", "1", "-f", "image2", "-update", "1", "-y", FFmpegArguments.url(output)]
        return PosterPlan(start: start, size: size, arguments: arguments)
    }

    /// The YCbCr matrix to read an unconverted frame by: BT.709 when an HD clip does not say
    /// (the convention most players follow; Chromium's is BT.601, so its MP4 is tagged BT.709,
    /// `ImpliedBT709`), else what the clip says. (A frame converted by
    /// `TranscodePlan.colourFilters` is BT.709.)
    static func matrix(_ info: VideoInfo) -> String {
        switch info.video.matrix {
        case "bt709": return "bt709"
        case "smpte170m", "bt470bg": return "bt601"
        case "bt2020nc", "bt2020c": return "bt2020"
        default:
            return info.codedSize.width >= 1280 || info.codedSize.height >= 720 ? "bt709" : "bt601"
        }
    }

    /// The frame's time in the clip, from the `metadata` filter's print-out
    /// (`frame:0 pts:512 pts_time:0.033333`), which counts from the seek point.
    static func frameTime(in printout: String, start: Double) -> Double? {
        for line in printout.split(separator: "\n") {
            guard let field = line.split(separator: " ").first(where: { $0.hasPrefix("pts_time:") }),
                let seconds = Double(field.dropFirst("pts_time:".count)), seconds.isFinite
            else { continue }
            return start + max(0, seconds)
        }
        return nil
    }
}
