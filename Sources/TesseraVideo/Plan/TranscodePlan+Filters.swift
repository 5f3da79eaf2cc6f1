import TesseraCore

extension TranscodePlan {
    /// The video filters after ffmpeg's autorotation: deinterlace (one frame per frame,
    /// only those flagged interlaced), scale to `size` with square pixels, bring HDR to
    /// SDR, end in 8-bit 4:2:0.
    static func videoFilters(
        info: VideoInfo, size: PixelSize, capabilities: FFmpegCapabilities
    ) -> (filters: [String], toneMapping: ToneMapping?) {
        var filters: [String] = []
        if info.video.isInterlaced { filters.append("yadif=mode=send_frame:deint=interlaced") }
        if size != info.displaySize || info.sampleAspectRatio != nil {
            filters.append("scale=\(size.width):\(size.height):flags=lanczos")
        }
        let toneMapping = toneMappingFilters(info: info, capabilities: capabilities)
        filters += toneMapping.filters
        filters.append("setsar=1")
        if filters.last(where: { $0.hasPrefix("format=") }) != "format=yuv420p" { filters.append("format=yuv420p") }
        return (filters, toneMapping.method)
    }

    /// HDR to SDR BT.709: by linear light and Hable's curve with zimg, else (an ffmpeg
    /// without zimg) a colour-matrix conversion that leaves the picture flat but viewable.
    /// Nothing for SDR.
    static func toneMappingFilters(
        info: VideoInfo, capabilities: FFmpegCapabilities
    ) -> (filters: [String], method: ToneMapping?) {
        guard info.isHDR else { return ([], nil) }
        let video = info.video
        if capabilities.toneMapsWithZimg {
            let transfer = video.transfer == .pq ? "smpte2084" : "arib-std-b67"
            let matrix = video.matrix == "bt2020c" ? "2020_cl" : video.matrix == "bt709" ? "709" : "2020_ncl"
            let primaries = video.primaries == "bt709" ? "709" : "2020"
            let range = video.range == "pc" ? "full" : "limited"
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
        if capabilities.hasColorspaceFilter {
            let range = video.range == "pc" ? "pc" : "tv"
            return (
                ["colorspace=all=bt709:iall=bt2020:itrc=bt2020-10:irange=\(range):range=tv:format=yuv420p"],
                .approximate
            )
        }
        return ([], .approximate)
    }
}
