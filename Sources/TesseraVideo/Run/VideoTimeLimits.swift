import TesseraCore

/// How long ffprobe and ffmpeg may run before they are stopped: generous (a slow machine
/// encodes 4K HEVC at a twentieth of real time), but never forever.
package struct VideoTimeLimits: Sendable, Hashable {
    /// Seconds for ffprobe, or one listing of ffmpeg's.
    package var probe: Double
    /// Seconds every encode may take whatever its length …
    package var base: Double
    /// … plus this many per second of clip.
    package var perClipSecond: Double
    /// When the clip's duration is unknown.
    package var unknownDuration: Double

    package init(probe: Double = 60, base: Double = 120, perClipSecond: Double = 30, unknownDuration: Double = 3 * 3600)
    {
        self.probe = probe
        self.base = base
        self.perClipSecond = perClipSecond
        self.unknownDuration = unknownDuration
    }

    /// The limit for a clip of `duration` seconds.
    package func transcode(duration: Double?) -> Double {
        guard let duration, duration.isFinite, duration >= 0 else { return unknownDuration }
        return base + perClipSecond * min(duration, 24 * 3600)
    }
}
