import TesseraCore

/// Screenshots, diagrams and other flat-colour graphics: their text and hard edges go soft
/// and ring at the quality that suits photos, so their JPEG and WebP images are encoded at
/// `quality` instead (AVIF, made only for grid thumbnails, is left as asked).
///
/// Told apart cheaply from the decoded picture, only for PNG and GIF files (a camera's
/// JPEG is a photo): a sample of at most 64 × 64 pixels on an even grid has at most 256
/// distinct colours (a palette, or a few flat fills with anti-aliased text), or its 8
/// commonest colours cover more than half of it (flat backgrounds around a picture). A
/// photo's noise and gradients make nearly every sampled pixel a colour of its own.
enum FlatGraphic {
    /// The formats a flat graphic is recognised in.
    static let sources: Set<MediaFormat> = [.png, .gif]
    /// The JPEG and WebP quality a flat graphic is encoded at when less is asked.
    static let quality = 95
    /// The sample's side, in pixels.
    static let sampleSide = 64

    /// The quality to encode `format` at, `asked` being a photo's.
    static func quality(_ asked: Int, for format: RenditionFormat) -> Int {
        format == .avif ? asked : max(asked, quality)
    }

    /// Whether the picture of a `format` file is a flat graphic.
    static func isFlat(_ image: YCbCrImage, format: MediaFormat) -> Bool {
        guard sources.contains(format), image.size.width > 0, image.size.height > 0 else { return false }
        var counts: [UInt32: Int] = [:]
        let across = min(sampleSide, image.size.width)
        let down = min(sampleSide, image.size.height)
        for row in 0..<down {
            let y = row * image.size.height / down
            for column in 0..<across {
                let x = column * image.size.width / across
                var colour = UInt32(image.luma.samples[y * image.luma.width + x]) << 16
                for (index, plane) in image.chroma.enumerated() {
                    let cx = min(x / image.chromaStep.across, plane.width - 1)
                    let cy = min(y / image.chromaStep.down, plane.height - 1)
                    colour |= UInt32(plane.samples[cy * plane.width + cx]) << (8 * UInt32(1 - index))
                }
                counts[colour, default: 0] += 1
            }
        }
        if counts.count <= 256 { return true }
        let commonest = counts.values.sorted(by: >).prefix(8).reduce(0, +)
        return commonest * 2 > across * down
    }
}
