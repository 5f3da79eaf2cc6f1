/// How the imaging stage encodes a photo's renditions: the settings every image of a build
/// shares, beside each rendition's own size and format.
package struct RenditionRequest: Sendable, Hashable, Codable {
    /// The format renditions are planned in.
    var format: RenditionFormat
    /// Encoder quality, 1–100.
    var quality: Int
    /// What happens to a photo's colour profile.
    var colour: ColourPolicy
    /// WebP's quality when set, instead of the one matched to `quality`.
    var webpQuality: Int?
    /// AVIF's quality when set, instead of the one matched to `quality`.
    var avifQuality: Int?
    /// How AVIF images are encoded beyond their quality; nil in the request of an image in
    /// another format (`only(_:)`), so their fingerprints never hold it.
    package var avifEncoding: AVIFEncoding?
    /// The ladder of sizes a photo's images are made on. An image's pixels depend on the
    /// larger sizes of its photo (the decode covers the largest; a size is resampled from
    /// one twice as large), so the ladder is in every image's recipe: a thumbnail kept after
    /// the display size changed differed from a clean build's. Nil for the ladder every
    /// image was made on before it was in the recipe (`RenditionLadder.beforeRecipes`), so
    /// those images keep their fingerprints.
    var ladder: RenditionLadder?

    init(
        format: RenditionFormat = .jpeg, quality: Int = 82, colour: ColourPolicy = .sRGB,
        avifEncoding: AVIFEncoding? = .standard
    ) {
        self.format = format
        self.quality = quality
        self.colour = colour
        self.avifEncoding = avifEncoding
    }

    /// How a site's images are encoded: JPEG at the `images` section's quality, with the
    /// qualities set for WebP and AVIF.
    init(_ images: SiteConfiguration.Images) {
        self.init(format: .jpeg, quality: images.quality, colour: .sRGB)
        webpQuality = images.webpQuality
        avifQuality = images.avifQuality
        let ladder = RenditionLadder(images)
        self.ladder = ladder == .beforeRecipes ? nil : ladder
    }

    /// The quality to give `format`'s encoder, on that encoder's own 1–100 scale: the one
    /// set for it, else the one that looks as good as the JPEG at `quality` (see
    /// `matchedQuality`).
    package func quality(for format: RenditionFormat) -> Int {
        switch format {
        case .jpeg: return quality
        case .webp: return webpQuality ?? Self.matchedQuality(format, jpeg: quality)
        case .avif: return avifQuality ?? Self.matchedQuality(format, jpeg: quality)
        }
    }

    /// What one image of `format` is made with: its own quality and nothing another format
    /// uses, so that a fingerprint changes only with what changes the file.
    func only(_ format: RenditionFormat) -> RenditionRequest {
        var request = RenditionRequest(
            format: format, quality: quality(for: format), colour: colour,
            avifEncoding: format == .avif ? avifEncoding ?? .standard : nil)
        request.ladder = ladder
        return request
    }

    /// The quality of `format` whose images have the same mean SSIM as JPEGs at `jpeg`,
    /// interpolated between the pairs `make bench` measured on its photos.
    static func matchedQuality(_ format: RenditionFormat, jpeg: Int) -> Int {
        let pairs: [(jpeg: Int, matched: Int)]
        switch format {
        case .jpeg: return jpeg
        case .webp: pairs = matchedWebP
        case .avif: pairs = matchedAVIF
        }
        guard let upper = pairs.firstIndex(where: { $0.jpeg >= jpeg }) else { return pairs.last!.matched }
        if upper == 0 { return pairs[0].matched }
        let (a, b) = (pairs[upper - 1], pairs[upper])
        let t = Double(jpeg - a.jpeg) / Double(b.jpeg - a.jpeg)
        return Int((Double(a.matched) + t * Double(b.matched - a.matched)).rounded())
    }

    /// JPEG quality → WebP quality of equal mean SSIM, measured on 40 of the bench's photos
    /// (`bench/formats.py --jpeg-qualities 50,70,82,90,95`, AVIF at speed 9; the pair at 82
    /// again with the 1.5x thumbnails; README, "Modern formats"), interpolated linearly
    /// between.
    static let matchedWebP: [(jpeg: Int, matched: Int)] = [
        (1, 1), (50, 55), (70, 78), (82, 87), (90, 94), (95, 99), (100, 100),
    ]
    /// JPEG quality → AVIF quality of equal mean SSIM on the thumbnails AVIF is made for
    /// (2x, 1x and 0.5x), matched on each of the three and the highest kept, so no AVIF
    /// file is below its JPEG's SSIM: on 40 of the bench's photos, JPEG at 50, 70, 82,
    /// 90 and 95 against AVIF from 40 to 95 in steps of 5 (README, "Modern formats"); the
    /// 2x needs the most at every quality (at 82: 73.3, the 1x 69.4, the 0.5x 67.3).
    static let matchedAVIF: [(jpeg: Int, matched: Int)] = [
        (1, 1), (50, 50), (70, 60), (82, 73), (90, 84), (95, 92), (100, 100),
    ]
}

/// What the imaging stage does with a photo's colours.
enum ColourPolicy: String, Sendable, Hashable, Codable {
    /// Images come out in sRGB, the colour space browsers assume for untagged images.
    case sRGB
}
