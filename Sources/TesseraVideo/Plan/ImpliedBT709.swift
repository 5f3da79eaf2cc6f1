import TesseraCore

/// BT.709 for an HD clip that does not name its colours: how its poster reads it, and what
/// its published MP4 is tagged, so that a browser reads it the same.
///
/// Such a clip is read as BT.709 (`PosterPlan.matrix`), but Chromium reads an untagged
/// stream as BT.601 whatever its size: a saturated green jumped by 25 levels from the
/// poster's when play was pressed. Its MP4 says BT.709 (primaries, transfer and matrix, as
/// the poster takes them all) in the H.264 stream's VUI and in the MP4's `colr` box.
enum ImpliedBT709 {
    /// ffmpeg's output options for BT.709's tags: what the encoder writes into the stream,
    /// and the MP4's `colr` box (a copied stream's too).
    static let tags = ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709"]

    /// The bitstream filter that writes the tags into a copied H.264 stream's VUI (1 is
    /// BT.709 in each of H.264's tables).
    static let bitstreamFilter = "h264_metadata=colour_primaries=1:transfer_characteristics=1:matrix_coefficients=1"

    /// The `scale` options that make an encoded clip's YCbCr BT.709 by what it is: a YCbCr
    /// frame is read as BT.709 and kept so; an RGB one (a GIF's, a screen recording's) is
    /// converted by BT.709, not by swscale's BT.601.
    static let scaleMatrices = "in_color_matrix=bt709:out_color_matrix=bt709"

    /// Whether `info` is such a clip: SDR, not BT.2020, naming no YCbCr matrix (ffprobe
    /// leaves `unknown` out), HD by `PosterPlan.matrix`'s measure. An SD clip is read as
    /// BT.601, as browsers read it untagged, and stays untagged.
    static func applies(to info: VideoInfo) -> Bool {
        let matrix = info.video.matrix ?? "unknown"
        return ["", "unknown", "unspecified", "reserved"].contains(matrix) && PosterPlan.matrix(info) == "bt709"
            && !info.isHDR && !info.hasWideGamutSDR
    }
}
