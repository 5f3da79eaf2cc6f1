/// What a video's container says about it, read by `ffprobe` without decoding a frame.
///
/// Values a file does not give are `nil`; a clip without a readable video stream is not a
/// `VideoInfo` but a `VideoProblem`. No location is kept, only whether there is one.
package struct VideoInfo: Sendable, Hashable, Codable {
    /// ffprobe's demuxer names, e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `matroska,webm`.
    var container: String
    /// Seconds, from the container or else the video stream.
    package var duration: Double?
    /// The size of the stored frames, before rotation and pixel aspect.
    package var codedSize: PixelSize
    /// Pixel aspect (`sample_aspect_ratio`), when it is given and not square.
    package var sampleAspectRatio: AspectRatio?
    /// How far the picture is turned clockwise to be seen upright: 0, 90, 180 or 270, from
    /// the display matrix (or the legacy `rotate` tag), to the nearest quarter turn.
    var rotation: Int
    /// The video stream.
    package var video: VideoStreamInfo
    /// The audio stream that would be published, if the file has one.
    package var audio: AudioStreamInfo?
    /// When it was recorded, from the container's tags.
    var recorded: RecordingDate?
    /// The names of the tags that carry a place (`location`, `com.apple.quicktime.location.ISO6709`,
    /// `©xyz` …), never their values: none of them is ever published.
    var locationTags: [String]
    /// The whole file's bit rate in bits per second, when known.
    var bitRate: Int?

    package init(
        container: String, duration: Double?, codedSize: PixelSize, sampleAspectRatio: AspectRatio? = nil,
        rotation: Int = 0, video: VideoStreamInfo, audio: AudioStreamInfo? = nil, recorded: RecordingDate? = nil,
        locationTags: [String] = [], bitRate: Int? = nil
    ) {
        self.container = container
        self.duration = duration
        self.codedSize = codedSize
        self.sampleAspectRatio = sampleAspectRatio
        self.rotation = rotation
        self.video = video
        self.audio = audio
        self.recorded = recorded
        self.locationTags = locationTags
        self.bitRate = bitRate
    }

    /// The size a viewer sees: pixel aspect applied to the width, then turned (a portrait
    /// phone clip stored as 1920×1080 and turned 90° is 1080×1920).
    package var displaySize: PixelSize {
        var width = codedSize.width
        if let ratio = sampleAspectRatio {
            width = ratio.scaled(width)
        }
        let square = PixelSize(width: max(1, width), height: max(1, codedSize.height))
        return rotation == 90 || rotation == 270 ? PixelSize(width: square.height, height: square.width) : square
    }

    /// Whether a place is recorded anywhere in the container's tags.
    var hasLocation: Bool { !locationTags.isEmpty }

    /// Whether the video is HDR (PQ or HLG) and needs tone-mapping for an SDR screen.
    package var isHDR: Bool { video.transfer != .sdr }

    /// Whether the video is SDR in BT.2020's wider gamut (some phones and cameras record it):
    /// whatever takes it for BT.709 shows it desaturated, so it is never copied as it is
    /// and its colours are converted to BT.709 in the video and its poster.
    package var hasWideGamutSDR: Bool { !isHDR && video.primaries == "bt2020" }

    /// Whether the container is the QuickTime/MP4 family (MP4, MOV, M4V, 3GP).
    var isMP4Family: Bool {
        container.split(separator: ",").contains { $0 == "mov" || $0 == "mp4" }
    }
}
