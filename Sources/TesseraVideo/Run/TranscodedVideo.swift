import TesseraCore

/// What `transcode` made, read back from the file it wrote.
package struct TranscodedVideo: Sendable, Hashable, Codable {
    /// How the file was made.
    package enum Method: String, Sendable, Hashable, Codable {
        /// The streams were copied into a new MP4, without their metadata.
        case remuxed
        /// The video was encoded anew with x264 (and the sound with AAC).
        case encoded
    }

    var method: Method
    /// Why it was re-encoded rather than copied; empty when remuxed.
    var reasons: [String]
    /// The published picture's size (its display size: nothing in it is turned).
    var size: PixelSize
    /// Seconds, as the new file says.
    var duration: Double?
    var hasAudio: Bool
    /// How HDR was brought to SDR, when it was.
    var toneMapping: ToneMapping?
    var byteCount: Int

    package init(
        method: Method, reasons: [String], size: PixelSize, duration: Double?, hasAudio: Bool,
        toneMapping: ToneMapping?, byteCount: Int
    ) {
        self.method = method
        self.reasons = reasons
        self.size = size
        self.duration = duration
        self.hasAudio = hasAudio
        self.toneMapping = toneMapping
        self.byteCount = byteCount
    }
}
