/// How far a transcode has come, as ffmpeg reports it.
package struct TranscodeProgress: Sendable, Hashable {
    /// Seconds of the clip written so far.
    var seconds: Double
    /// `seconds` over the clip's duration, 0…1; `nil` when the duration is unknown.
    var fraction: Double?

    package init(seconds: Double, fraction: Double?) {
        self.seconds = seconds
        self.fraction = fraction
    }
}
