/// The facts of the video stream that decide how it is published.
package struct VideoStreamInfo: Sendable, Hashable, Codable {
    /// The stream's index in the file, as ffmpeg's `-map 0:N` counts.
    package var index: Int
    /// ffmpeg's codec name: `h264`, `hevc`, `vp9`, `av1`, `mpeg4` …
    var codec: String
    /// The codec profile as ffprobe names it: `High`, `Main 10`, `Constrained Baseline` …
    var profile: String?
    /// ffmpeg's pixel format: `yuv420p`, `yuv420p10le`, `yuvj420p` …
    var pixelFormat: String?
    /// Frames per second on average (`avg_frame_rate`), else the stream's base rate.
    var frameRate: Double?
    /// Whether frames come at uneven intervals (phones slow their rate in dim light): the
    /// average rate differs from the base rate by more than 1 %.
    var isVariableFrameRate: Bool
    /// How the picture's values map to light: SDR, or HDR as PQ or HLG.
    package var transfer: VideoTransfer
    /// The transfer characteristic's name as ffprobe gives it (`bt709`, `smpte2084` …).
    var transferName: String?
    /// Colour primaries (`bt709`, `bt2020` …).
    package var primaries: String?
    /// The YCbCr matrix (`bt709`, `bt2020nc`, `smpte170m` …).
    package var matrix: String?
    /// `tv` (limited) or `pc` (full) range.
    package var range: String?
    /// Bits per second of the video stream alone, when the container says.
    var bitRate: Int?
    /// Whether frames are stored as two interlaced fields (AVCHD `.mts`, DV, broadcast),
    /// which a progressive screen shows combed unless they are deinterlaced.
    package var isInterlaced: Bool

    package init(
        index: Int, codec: String, profile: String? = nil, pixelFormat: String? = nil, frameRate: Double? = nil,
        isVariableFrameRate: Bool = false, transfer: VideoTransfer = .sdr, transferName: String? = nil,
        primaries: String? = nil, matrix: String? = nil, range: String? = nil, bitRate: Int? = nil,
        isInterlaced: Bool = false
    ) {
        self.index = index
        self.codec = codec
        self.profile = profile
        self.pixelFormat = pixelFormat
        self.frameRate = frameRate
        self.isVariableFrameRate = isVariableFrameRate
        self.transfer = transfer
        self.transferName = transferName
        self.primaries = primaries
        self.matrix = matrix
        self.range = range
        self.bitRate = bitRate
        self.isInterlaced = isInterlaced
    }
}
