extension SiteConfiguration {
    /// The images made from each photo: the `images` section.
    package struct Images: Sendable, Hashable, Codable {
        /// Height of a grid thumbnail at 1x, in px; the 2x one is twice as tall (`thumbnail_height`).
        package var thumbnailHeight: Int
        /// Longest edge of the image on a photo's page, in px; never enlarged (`display_size`).
        package var displaySize: Int
        /// JPEG quality of every generated image (`quality`).
        package var quality: Int
        /// Photos with more pixels than this are skipped before decoding (`max_megapixels`).
        package var maxMegapixels: Int

        /// The defaults of every site that does not set them (the engine's `BuildSettings`
        /// takes its defaults from here).
        package init(thumbnailHeight: Int = 360, displaySize: Int = 2048, quality: Int = 82, maxMegapixels: Int = 100) {
            self.thumbnailHeight = thumbnailHeight
            self.displaySize = displaySize
            self.quality = quality
            self.maxMegapixels = maxMegapixels
        }

        enum CodingKeys: String, CodingKey {
            case thumbnailHeight = "thumbnail_height"
            case displaySize = "display_size"
            case quality
            case
                maxMegapixels = "max_megapixels"
        }
    }
}
