/// The images every photo is made in, and which of them each place on a page offers: the
/// one owner of the thumbnail ladder (its roles, sizes and file-name suffixes).
///
/// The display image is bounded by `images.display_size` on its longest edge; the grid
/// thumbnail is `images.thumbnail_height` tall at 1x and also made at 2x and 0.5x.
struct RenditionLadder: Sendable, Hashable, Codable {
    /// One size of the grid thumbnail.
    struct Step: Sendable, Hashable {
        var role: Rendition.Role
        /// Its height in halves of the 1x height: 4 for 2x, 1 for 0.5x (whole numbers, so
        /// the heights are `halves × thumbnail_height / 2`, rounded down).
        var halves: Int
        /// Appended to the photo's slug: `beach.thumb2x.jpg` has `.thumb2x`.
        var suffix: String

        /// Its height as a multiple of the 1x height: 2, 1 or 0.5.
        var factor: Double { Double(halves) / 2 }
    }

    /// The display image's role; its file is the photo's slug alone (`beach.jpg`).
    static let display = Rendition.Role.display
    /// The grid thumbnail's sizes, largest first: the same three in every format, each
    /// made from the one above by a whole factor. A 1.5x size was made in JPEG only (AVIF
    /// never had it: below), so only browsers without AVIF could use it; leaving it out
    /// saved 5 % of a default build's CPU time and 10 % of its bytes on the bench's photos
    /// (README, "Modern formats"), and such a browser takes the 2x JPEG for a tile
    /// between the 1x and 1.5x widths, as every browser takes the 2x AVIF there.
    static let thumbnails = [
        Step(role: .thumbnail2x, halves: 4, suffix: ".thumb2x"),
        Step(role: .thumbnail, halves: 2, suffix: ".thumb"),
        Step(role: .thumbnail0_5x, halves: 1, suffix: ".thumb0.5x"),
    ]

    /// The files a grid tile offers, smallest first. Rows are 100 px tall and more, so the
    /// 0.5x file would only lengthen every tile's markup (about 18 KB on 200 tiles).
    static let tileRoles: [Rendition.Role] = [.thumbnail, .thumbnail2x]
    /// The files a cover offers: the tile's and the 0.5x one, a laptop's 170-px-tall cover
    /// at pixel ratio 1.
    static let coverRoles: [Rendition.Role] = [.thumbnail0_5x, .thumbnail, .thumbnail2x]

    /// The roles only album cards offer, made only for the photos that are covers
    /// (`NamingPlan.keepingCoverOnlyRenditions`): the 0.5x thumbnail. Made for every photo,
    /// its JPEG and AVIF were 6 % of a default build's CPU time on `make bench`'s photos.
    static let coverOnlyRoles: Set<Rendition.Role> = [.thumbnail0_5x]

    /// The roles made in AVIF (when the site makes it): every thumbnail, not the display
    /// image. A browser keeps to the AVIF `<source>` and takes there the narrowest file as
    /// wide as the tile: a phone at pixel ratio 2 or 3 and a screen at 1 take the 1x for
    /// most tiles (with a 1.5x AVIF instead of the 1x, they took the 1.5x, 2.25 times the
    /// pixels, and `make viewer-bench` measured 1.6 and 3.6 times the bytes by the load
    /// event), a screen at 2 the 2x. AVIF costs build time in proportion to pixels, and the
    /// display image holds 61 % of a photo's, so it is not made in it (README, "Modern
    /// formats"). WebP, off by default, is made in every role.
    static let avifRoles: Set<Rendition.Role> = [.thumbnail2x, .thumbnail, .thumbnail0_5x]

    /// How much wider and taller than a rendition the next larger one may be and still
    /// stand in for it: a quarter. A photo 400 px tall has a 2x thumbnail of 400 px (the
    /// photo itself) and a 1x of 360, nearly the same pixels; its 1x is not made, and its
    /// tiles offer the 2x file alone: at most 1.56 times the pixels for the screens that
    /// took the 1x (pixel ratio 1, mostly). On 3,000 photos of 600 px
    /// (`bench/work/album-3k`) that saved 18–20 % of a default build's time, and those
    /// tiles' AVIF bytes grew 1.22× (README, "Modern formats"); a camera's photo, far
    /// larger than its thumbnails, never meets it.
    static let standInMargin = (numerator: 5, denominator: 4)

    /// Whether `larger` can stand in for `size` (`standInMargin`): at most a quarter wider
    /// and taller, and not smaller.
    static func isNearlyAsLarge(_ larger: PixelSize, as size: PixelSize) -> Bool {
        larger.width >= size.width && larger.height >= size.height
            && larger.width * standInMargin.denominator <= size.width * standInMargin.numerator
            && larger.height * standInMargin.denominator <= size.height * standInMargin.numerator
    }

    /// The thumbnail sizes besides 1x, smallest first, as help says them: "0.5x and 2x".
    static var otherThumbnailSizes: String {
        let names = thumbnails.filter { $0.halves != 2 }.sorted { $0.halves < $1.halves }
            .map { "\($0.factor.plainText)x" }
        return names.dropLast().joined(separator: ", ") + (names.count > 1 ? " and " : "") + (names.last ?? "")
    }

    /// Longest edge of the display image, in px.
    var displaySize: Int
    /// Height of the 1x thumbnail, in px.
    var thumbnailHeight: Int

    init(displaySize: Int, thumbnailHeight: Int) {
        self.displaySize = displaySize
        self.thumbnailHeight = thumbnailHeight
    }

    /// The ladder of the default settings when images' recipes did not yet hold their
    /// ladder: fingerprints leave it out (`RenditionRequest.ladder`). Fixed, whatever the
    /// defaults become.
    static let beforeRecipes = RenditionLadder(displaySize: 2048, thumbnailHeight: 360)

    /// The ladder a site's `images` section sets.
    init(_ images: SiteConfiguration.Images) {
        self.init(displaySize: images.displaySize, thumbnailHeight: images.thumbnailHeight)
    }

    /// The images every photo gets, largest first: the display image, then the grid
    /// thumbnail at 2x, 1x and 0.5x; AVIF only for `avifRoles`.
    var targets: [RenditionTarget] {
        [
            RenditionTarget(
                role: Self.display, bound: .longEdge(displaySize), suffix: "",
                excludedFormats: Self.excluded(Self.display))
        ]
            + Self.thumbnails.map { step in
                RenditionTarget(
                    role: step.role, bound: .height(step.halves * thumbnailHeight / 2), suffix: step.suffix,
                    excludedFormats: Self.excluded(step.role))
            }
    }

    /// The formats `role` is not made in.
    private static func excluded(_ role: Rendition.Role) -> Set<RenditionFormat> {
        avifRoles.contains(role) ? [] : [.avif]
    }
}
