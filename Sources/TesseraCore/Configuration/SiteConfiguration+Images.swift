extension SiteConfiguration {
    /// The images made from each photo: the `images` section.
    struct Images: Sendable, Hashable, Codable {
        /// Height of a grid thumbnail at 1x, in px; the 2x one is twice as tall (`thumbnail_height`).
        var thumbnailHeight: Int
        /// Longest edge of the image on a photo's page, in px; never enlarged (`display_size`).
        var displaySize: Int
        /// JPEG quality of every generated image (`quality`); WebP and AVIF get the quality
        /// that looks as good (see `RenditionRequest.quality(for:)`).
        var quality: Int
        /// Photos with more pixels than this are skipped before decoding (`max_megapixels`).
        var maxMegapixels: Int
        /// The formats every image is also written in beside JPEG, offered to browsers that
        /// take them (`formats`); empty for JPEG only.
        var formats: [RenditionFormat]
        /// WebP's own quality, 1–100, instead of the one matched to `quality` (`webp_quality`).
        var webpQuality: Int?
        /// AVIF's own quality, 1–100, instead of the one matched to `quality` (`avif_quality`).
        var avifQuality: Int?

        /// The formats a site gets unless it says otherwise: AVIF, measured by `make bench`
        /// (README, "Modern formats"): a third fewer bytes than JPEG at equal SSIM for about
        /// 40 ms more per photo; WebP saves less and costs twice that.
        static let defaultFormats: [RenditionFormat] = [.avif]

        /// The defaults of every site that does not set them.
        init(
            thumbnailHeight: Int = 360, displaySize: Int = 2048, quality: Int = 82, maxMegapixels: Int = 100,
            formats: [RenditionFormat] = defaultFormats, webpQuality: Int? = nil, avifQuality: Int? = nil
        ) {
            self.thumbnailHeight = thumbnailHeight
            self.displaySize = displaySize
            self.quality = quality
            self.maxMegapixels = maxMegapixels
            self.formats = formats
            self.webpQuality = webpQuality
            self.avifQuality = avifQuality
        }

        enum CodingKeys: String, CodingKey {
            case thumbnailHeight = "thumbnail_height"
            case displaySize = "display_size"
            case quality
            case maxMegapixels = "max_megapixels"
            case formats
            case webpQuality = "webp_quality"
            case avifQuality = "avif_quality"
        }
    }
}
