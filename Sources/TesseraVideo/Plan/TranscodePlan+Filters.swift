import TesseraCore

extension TranscodePlan {
    /// The video filters after ffmpeg's autorotation: deinterlace (one frame per frame,
    /// only those flagged interlaced), scale to `size` with square pixels (by BT.709 for a
    /// clip `ImpliedBT709` applies to), bring HDR to SDR BT.709 (`colourFilters`), end in
    /// 8-bit 4:2:0. `isBT709` says the output is to be tagged BT.709 because its colours
    /// were converted (or, HDR, approximated) to it.
    static func videoFilters(
        info: VideoInfo, size: PixelSize, capabilities: FFmpegCapabilities
    ) -> (filters: [String], toneMapping: ToneMapping?, isBT709: Bool) {
        var filters: [String] = []
        if info.video.isInterlaced { filters.append("yadif=mode=send_frame:deint=interlaced") }
        var scale: [String] = []
        if size != info.displaySize || info.sampleAspectRatio != nil {
            scale.append("\(size.width):\(size.height):flags=lanczos")
        }
        // Where ImpliedBT709 applies no colour filter follows, so this scale's output is the
        // chain's 4:2:0 (setsar passes formats through): an RGB frame becomes YCbCr here.
        if ImpliedBT709.applies(to: info) { scale.append(ImpliedBT709.scaleMatrices) }
        if !scale.isEmpty { filters.append("scale=" + scale.joined(separator: ":")) }
        let colour = colourFilters(info: info, capabilities: capabilities)
        filters += colour.filters
        filters.append("setsar=1")
        if filters.last(where: { $0.hasPrefix("format=") }) != "format=yuv420p" { filters.append("format=yuv420p") }
        return (filters, colour.toneMapping, colour.toneMapping != nil || !colour.filters.isEmpty)
    }

    /// The picture brought to SDR BT.709, what every browser and the posters' sRGB assume:
    /// HDR by linear light and Hable's curve with zimg, else (an ffmpeg without zimg) a
    /// colour-matrix conversion that leaves the picture flat but viewable; SDR in BT.2020's
    /// wider gamut (some phones and cameras) converted to BT.709's primaries, without a
    /// curve. Nothing for SDR BT.709, or when this ffmpeg has neither filter.
    static func colourFilters(
        info: VideoInfo, capabilities: FFmpegCapabilities
    ) -> (filters: [String], toneMapping: ToneMapping?) {
        let video = info.video
        let range = video.range == "pc" ? "full" : "limited"
        let matrix = video.matrix == "bt2020c" ? "2020_cl" : video.matrix == "bt709" ? "709" : "2020_ncl"
        if info.isHDR {
            if capabilities.toneMapsWithZimg {
                let transfer = video.transfer == .pq ? "smpte2084" : "arib-std-b67"
                let primaries = video.primaries == "bt709" ? "709" : "2020"
                // npl=100: HDR's reference white (203 nits, PQ's 58 % or HLG's 75 %) lands at
                // the same SDR grey, about three quarters of white.
                return (
                    [
                        "zscale=tin=\(transfer):min=\(matrix):pin=\(primaries):rin=\(range):t=linear:npl=100",
                        "format=gbrpf32le", "zscale=p=709", "tonemap=tonemap=hable:desat=0",
                        "zscale=t=709:m=709:r=limited", "format=yuv420p",
                    ], .filmic
                )
            }
            return (bt2020ByColorspace(info: info, capabilities: capabilities), .approximate)
        }
        guard info.hasWideGamutSDR else { return ([], nil) }
        if capabilities.toneMapsWithZimg {
            // SDR BT.2020's curve is BT.709's; only the primaries (and the matrix) change.
            return (
                [
                    "zscale=tin=709:min=\(matrix):pin=2020:rin=\(range):t=linear", "format=gbrpf32le",
                    "zscale=p=709", "zscale=t=709:m=709:r=limited", "format=yuv420p",
                ], nil
            )
        }
        return (bt2020ByColorspace(info: info, capabilities: capabilities), nil)
    }

    /// ffmpeg's `colorspace` filter from BT.2020 to BT.709, when it has one.
    static func bt2020ByColorspace(info: VideoInfo, capabilities: FFmpegCapabilities) -> [String] {
        guard capabilities.hasColorspaceFilter else { return [] }
        let range = info.video.range == "pc" ? "pc" : "tv"
        return ["colorspace=all=bt709:iall=bt2020:itrc=bt2020-10:irange=\(range):range=tv:format=yuv420p"]
    }
}
