/// How a video's values map to light.
package enum VideoTransfer: String, Sendable, Hashable, Codable {
    /// Standard dynamic range (BT.709, BT.601, sRGB or untagged).
    case sdr
    /// HDR10 and Dolby Vision's base layer: SMPTE ST 2084 (`smpte2084`).
    case pq
    /// Hybrid log-gamma (`arib-std-b67`), as recent iPhones record.
    case hlg

    /// The transfer named by ffprobe's `color_transfer`.
    package init(ffprobeName: String?) {
        switch ffprobeName {
        case "smpte2084": self = .pq
        case "arib-std-b67": self = .hlg
        default: self = .sdr
        }
    }
}
