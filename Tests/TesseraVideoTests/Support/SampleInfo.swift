import TesseraCore
import TesseraVideo

@testable import TesseraCore

/// `VideoInfo` values for the plan tests, changed one fact at a time from a clip that is
/// already web-playable: 1280×720 H.264 High 4:2:0 with AAC stereo in MP4, 4 Mbit/s.
enum SampleInfo {
    static func webPlayable(
        width: Int = 1280, height: Int = 720, codec: String = "h264", profile: String? = "High",
        pixelFormat: String? = "yuv420p", transfer: VideoTransfer = .sdr, rotation: Int = 0,
        audio: AudioStreamInfo? = AudioStreamInfo(
            index: 1, codec: "aac", profile: "LC", channels: 2, sampleRate: 48000),
        container: String = "mov,mp4,m4a,3gp,3g2,mj2", bitRate: Int? = 4_000_000, duration: Double? = 10,
        interlaced: Bool = false
    ) -> VideoInfo {
        VideoInfo(
            container: container, duration: duration, codedSize: PixelSize(width: width, height: height),
            rotation: rotation,
            video: VideoStreamInfo(
                index: 0, codec: codec, profile: profile, pixelFormat: pixelFormat, frameRate: 30, transfer: transfer,
                transferName: transfer == .pq ? "smpte2084" : transfer == .hlg ? "arib-std-b67" : "bt709",
                primaries: transfer == .sdr ? "bt709" : "bt2020", matrix: transfer == .sdr ? "bt709" : "bt2020nc",
                range: "tv", bitRate: bitRate, isInterlaced: interlaced),
            audio: audio)
    }

    /// SDR HEVC in BT.2020's gamut, as some phones record it.
    static func wideGamut() -> VideoInfo {
        var info = webPlayable(codec: "hevc", profile: "Main 10", pixelFormat: "yuv420p10le")
        info.video.primaries = "bt2020"
        info.video.matrix = "bt2020nc"
        info.video.transferName = "bt2020-10"
        return info
    }
}
