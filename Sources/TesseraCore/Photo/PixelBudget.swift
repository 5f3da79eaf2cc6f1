/// The one pixel limit of a build (`images.max_megapixels`): a photo with more pixels is
/// skipped before it is decoded, with the limit named. The read stage checks every header
/// with it, the imaging port the header it reads and the picture it decodes.
package struct PixelBudget: Sendable, Hashable, Codable {
    /// The most pixels a photo may have, in millions.
    var megapixels: Int

    init(megapixels: Int) {
        self.megapixels = megapixels
    }

    /// The limit a site sets in its `images` section.
    init(_ images: SiteConfiguration.Images) {
        self.init(megapixels: images.maxMegapixels)
    }

    /// - Throws: `PhotoProblem.tooLarge` when `size` has more pixels than the budget.
    package func check(_ size: PixelSize) throws(PhotoProblem) {
        guard size.pixelCount <= megapixels * 1_000_000 else {
            throw .tooLarge(size, limitMegapixels: megapixels)
        }
    }
}
