/// How an HDR video's light is brought into SDR BT.709.
package enum ToneMapping: String, Sendable, Hashable, Codable {
    /// Linear light through zimg (`zscale`), Hable's filmic curve (`tonemap`), BT.709 out:
    /// highlights roll off, mid-tones keep their brightness.
    case filmic
    /// ffmpeg without zimg: BT.2020 colours converted to BT.709 (`colorspace`) but the HDR
    /// curve read as SDR, so the picture looks flat. Install Debian's ffmpeg to get
    /// `filmic`.
    case approximate
}
