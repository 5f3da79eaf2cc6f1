/// Everything that shapes the output, besides the photos themselves: the engine's input,
/// made from a `SiteConfiguration` (which owns the defaults) and how the build runs.
public struct BuildSettings: Sendable, Hashable {
    /// Height of a grid thumbnail at 1x, in pixels; the 2x thumbnail is twice as tall.
    public var thumbnailHeight: Int
    /// Longest edge of the image shown on a photo's page.
    public var displayLongEdge: Int
    /// JPEG quality of every generated image (1–100).
    public var quality: Int
    /// Photos with more pixels than this are skipped before decoding.
    public var maxMegapixels: Int
    /// How many photos are decoded at once.
    public var jobs: Int
    /// Regenerate every image even when the manifest says it is up to date.
    public var force: Bool
    /// The home page's title; the input folder's name when nil.
    public var title: String?
    /// Which build of Tessera makes the pages (version and executable): pages made by
    /// another one are rendered again, since its renderer may write them differently.
    public var generator: String
    /// The pages' language (`<html lang>`).
    public var language: String
    /// Where the site will be published, if known (see `SiteConfiguration.baseURL`).
    public var baseURL: String?
    /// The home page's `<meta name="description">`.
    public var description: String?
    /// The pages' `<meta name="author">`.
    public var author: String?
    /// How photos and albums are ordered where an album's `index.md` does not say, and
    /// which photos and albums are hidden by pattern.
    public var order = AlbumOrder()
    /// Patterns of files and folders left out entirely (`ignore:`).
    public var ignore: [String] = []
    /// Patterns of photos and albums built but not listed (`hidden:`).
    public var hidden: [String] = []
    /// Follow symbolic links that lead outside the input folder.
    public var followLinks = false
    /// Let raw HTML in Markdown reach the pages.
    public var allowHTML = false

    public init(
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
    /// thumbnail at 2x and 1x.
    public var renditionTargets: [RenditionTarget] {
        [
            RenditionTarget(role: .display, bound: .longEdge(displayLongEdge), suffix: ""),
            RenditionTarget(role: .thumbnail2x, bound: .height(2 * thumbnailHeight), suffix: ".thumb2x"),
            RenditionTarget(role: .thumbnail, bound: .height(thumbnailHeight), suffix: ".thumb"),
        ]
    }

    /// How images are encoded.
    public var renditionRequest: RenditionRequest {
        RenditionRequest(format: .jpeg, quality: quality, colour: .sRGB)
    }
}
