import Foundation
import TesseraCore

extension ProbeReport {
    /// The fuzz harness's entry point (seeds: `Tests/TesseraVideoTests/Fixtures/ffprobe/`):
    /// any bytes as ffprobe's report, through everything that reads one — the facts, both
    /// renditions' plans with and without zimg, the poster's plan, the manifest's Codable
    /// round trip. It must never crash or hang; the properties below stop the process
    /// when broken.
    package static func fuzz(_ bytes: [UInt8]) {
        guard let info = try? parse(bytes).videoInfo() else { return }
        let source = URL(fileURLWithPath: "/fuzz/in.mov")
        let output = URL(fileURLWithPath: "/fuzz/out.mp4")
        var withoutZimg = FFmpegCapabilities.debian12
        withoutZimg.toneMapsWithZimg = false
        let display = info.displaySize
        precondition(display.width > 0 && display.height > 0, "displayed size \(display)")
        for rendition in [VideoRendition.web, .motion] {
            let encoded = rendition.encodedSize(for: info)
            precondition(
                encoded.width % 2 == 0 && encoded.height % 2 == 0 && encoded.width >= 2 && encoded.height >= 2,
                "encoded size \(encoded) is not even")
            precondition(
                max(encoded.width, encoded.height)
                    <= max(rendition.longestEdge, max(display.width, display.height) + 1),
                "encoded size \(encoded) is larger than both the limit and the clip")
            for capabilities in [FFmpegCapabilities.debian12, withoutZimg] {
                if let plan = try? TranscodePlan.make(
                    source: source, info: info, rendition: rendition, output: output, capabilities: capabilities)
                {
                    precondition(plan.size == rendition.outputSize(for: info), "planned \(plan.size)")
                    precondition(plan.arguments.contains("-map_metadata"), "metadata would be copied")
                }
            }
        }
        let request = PosterRequest()
        let start = request.startTime(for: info)
        precondition(start.isFinite && start >= 0, "poster at \(start) s")
        _ = PosterPlan.make(
            source: source, info: info, request: request, start: start, mustBeBright: true, output: output,
            capabilities: .debian12)
        if let data = try? JSONEncoder().encode(info) {
            precondition((try? JSONDecoder().decode(VideoInfo.self, from: data)) == info, "the manifest's copy differs")
        }
    }
}
