extension VideoRendition {
    /// H.264 profiles every browser decodes.
    static let playableProfiles: Set<String> = ["Constrained Baseline", "Baseline", "Main", "High"]

    /// Why the clip cannot be copied as it is into the published MP4, in words for the
    /// build's report; empty when it can (H.264 up to High, 8-bit 4:2:0, progressive, SDR, upright,
    /// square pixels, within `longestEdge` and the bit-rate limit, AAC in at most two channels or
    /// no sound, from an MP4 or MOV).
    package func reencodeReasons(for info: VideoInfo) -> [String] {
        var reasons: [String] = []
        if !info.isMP4Family { reasons.append("the container is \(info.container), not MP4 or MOV") }
        let video = info.video
        if video.codec != "h264" {
            reasons.append("the video is \(video.codec), not H.264")
        } else if let profile = video.profile, !Self.playableProfiles.contains(profile) {
            reasons.append("H.264 profile \(profile) is beyond High")
        } else if video.profile == nil {
            reasons.append("the H.264 profile is unknown")
        }
        if video.pixelFormat != "yuv420p" {
            reasons.append("the pixel format is \(video.pixelFormat ?? "unknown"), not yuv420p")
        }
        if video.isInterlaced { reasons.append("it is interlaced") }
        if info.isHDR { reasons.append("it is HDR (\(video.transfer.rawValue.uppercased())) and needs tone-mapping") }
        if info.hasWideGamutSDR { reasons.append("its colours are BT.2020") }
        if info.rotation != 0 { reasons.append("it is stored turned by \(info.rotation)°") }
        if let ratio = info.sampleAspectRatio, !ratio.isSquare {
            reasons.append("its pixels are not square (\(ratio))")
        }
        let display = info.displaySize
        if max(display.width, display.height) > longestEdge {
            reasons.append("\(display) is larger than \(longestEdge) px")
        }
        if let limit = remuxBitRateLimit {
            if let rate = video.bitRate ?? info.bitRate {
                if rate > limit { reasons.append("\(rate / 1000) kbit/s is more than \(limit / 1000) kbit/s") }
            } else {
                reasons.append("its bit rate is unknown")
            }
        }
        if info.duration == nil { reasons.append("its duration is unknown") }
        if case .aac = audio, let sound = info.audio {
            if sound.codec != "aac" {
                reasons.append("the sound is \(sound.codec), not AAC")
            } else if let channels = sound.channels, channels > 2 {
                // The rendition promises stereo at most: a 5.1 track is mixed down, not copied.
                reasons.append("the sound has \(channels) channels, more than 2")
            }
        }
        return reasons
    }
}
