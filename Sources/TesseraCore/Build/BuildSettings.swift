/// Everything that shapes the output, besides the photos themselves: the engine's input,
/// made from a `SiteConfiguration` (which owns the defaults) and how the build runs.
package struct BuildSettings: Sendable, Hashable {
    /// Height of a grid thumbnail at 1x, in pixels; the 2x thumbnail is twice as tall.
    package var thumbnailHeight: Int
    /// Longest edge of the image shown on a photo's page.
    package var displayLongEdge: Int
    /// JPEG quality of every generated image (1–100).
    package var quality: Int
    /// Photos with more pixels than this are skipped before decoding.
    package var maxMegapixels: Int
    /// The formats every image is also written in beside JPEG, best first. None unless
    /// set: `SiteConfiguration.buildSettings` sets it from `images.formats`, whose default
    /// is `SiteConfiguration.Images.defaultFormats`.
    package var formats: [RenditionFormat] = []
    /// WebP's own quality, when set instead of matched to `quality`.
    package var webpQuality: Int?
    /// AVIF's own quality, when set instead of matched to `quality`.
    package var avifQuality: Int?
    /// How many photos are decoded at once.
    package var jobs: Int
    /// Regenerate every image even when the manifest says it is up to date.
    package var force: Bool
    /// The home page's title; the input folder's name when nil.
    package var title: String?
    /// Which build of Tessera makes the pages (version and executable): pages made by
    /// another one are rendered again, since its renderer may write them differently.
    package var generator: String
    /// The pages' language (`<html lang>`).
    package var language: String
    /// Where the site will be published, if known (see `SiteConfiguration.baseURL`).
    package var baseURL: String?
    /// The home page's `<meta name="description">`.
    package var description: String?
    /// The pages' `<meta name="author">`.
    package var author: String?
    /// How photos and albums are ordered where an album's `index.md` does not say, and
    /// which photos and albums are hidden by pattern.
    package var order = AlbumOrder()
    /// Patterns of files and folders left out entirely (`ignore:`).
    package var ignore: [String] = []
    /// Patterns of photos and albums built but not listed (`hidden:`).
    package var hidden: [String] = []
    /// Follow symbolic links that lead outside the input folder.
    package var followLinks = false
    /// Let raw HTML in Markdown reach the pages.
    package var allowHTML = false

    package init(
        thumbnailHeight: Int = SiteConfiguration.Images().thumbnailHeight,
        displayLongEdge: Int = SiteConfiguration.Images().displaySize,
        quality: Int = SiteConfiguration.Images().quality,
        maxMegapixels: Int = SiteConfiguration.Images().maxMegapixels, jobs: Int = 2, force: Bool = false,
        title: String? = nil,
        generator: String = "", language: String = SiteConfiguration().language, baseURL: String? = nil
    ) {
        self.thumbnailHeight = thumbnailHeight
        self.displayLongEdge = displayLongEdge
        self.quality = quality
        self.maxMegapixels = maxMegapixels
        self.jobs = jobs
        self.force = force
        self.title = title
        self.generator = generator
        self.language = language
        self.baseURL = baseURL
    }

    /// The images every photo gets, largest first: the display image, then the grid
    /// thumbnail at 2x, 1.5x, 1x and 0.5x.
    package var renditionTargets: [RenditionTarget] {
        [
            RenditionTarget(role: .display, bound: .longEdge(displayLongEdge), suffix: ""),
            RenditionTarget(role: .thumbnail2x, bound: .height(2 * thumbnailHeight), suffix: ".thumb2x"),
            RenditionTarget(role: .thumbnail1_5x, bound: .height(3 * thumbnailHeight / 2), suffix: ".thumb1.5x"),
            RenditionTarget(role: .thumbnail, bound: .height(thumbnailHeight), suffix: ".thumb"),
            RenditionTarget(role: .thumbnail0_5x, bound: .height(thumbnailHeight / 2), suffix: ".thumb0.5x"),
        ]
    }

    /// How images are encoded.
    package var renditionRequest: RenditionRequest {
        var request = RenditionRequest(format: .jpeg, quality: quality, colour: .sRGB)
        request.webpQuality = webpQuality
        request.avifQuality = avifQuality
        return request
    }
}
