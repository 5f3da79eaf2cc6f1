/// Every setting, one row each: its key, the values it accepts, the flag that overrides it
/// and its help. The one place that knows the ranges; the `layout` command, a lab tool,
/// deliberately accepts wider ones of its own.
extension SiteConfiguration {
    static let title = SiteSetting(
        "title", \.title, .optionalText("text"),
        flag: SettingFlag("TEXT", help: "The home page's title.", defaultText: "the input folder's name"))
    static let description = SiteSetting("description", \.description, .optionalText("text"))
    static let author = SiteSetting("author", \.author, .optionalText("text"))
    static let language = SiteSetting("language", \.language, .languageTag)
    static let templates = SiteSetting(
        "templates", \.templates, .optionalText("a folder path"),
        flag: SettingFlag(
            "DIR", help: "A folder of templates to use instead of the built-in ones (copy Templates/ to start)."))
    static let sort = SiteSetting(
        "sort", \.sort, .choice, flag: SettingFlag("KEY", help: "Order photos by 'name' or by 'date' taken."))
    static let reverse = SiteSetting("reverse", \.reverse, .flag)
    static let albumSort = SiteSetting("album_sort", \.albumSort, .choice)
    static let reverseAlbums = SiteSetting("reverse_albums", \.reverseAlbums, .flag)
    static let baseURL = SiteSetting(
        "base_url", \.baseURL, .siteURL,
        flag: SettingFlag(
            "URL", help: "Where the site will be published; adds canonical links, link previews, a sitemap and a feed.")
    )
    static let ignore = SiteSetting("ignore", \.ignore, .textList("file patterns"))
    static let hidden = SiteSetting("hidden", \.hidden, .textList("file patterns"))
    static let followLinks = SiteSetting("follow_links", \.followLinks, .flag)
    static let allowHTML = SiteSetting("allow_html", \.allowHTML, .flag)

    static let rowHeight = SiteSetting(
        "row_height", in: "layout", \.layout.rowHeight, .number(40...2000),
        flag: SettingFlag("PX", help: "Target height of a row of photos."))
    static let gap = SiteSetting(
        "gap", in: "layout", \.layout.gap, .number(0...200), flag: SettingFlag("PX", help: "Space between photos."))
    static let minTileWidth = SiteSetting(
        "min_tile_width", in: "layout", \.layout.minTileWidth, .number(0...1000),
        flag: SettingFlag("PX", help: "Rows avoid tiles narrower than this."))
    static let breakpoints = SiteSetting(
        "breakpoints", in: "layout", \.layout.breakpoints, .ascendingWidths(100...20_000),
        flag: SettingFlag(
            "PX,PX,…", help: "Container widths the rows are computed for, ascending.",
            defaultText: "320 to 2560 in 15 % steps"))

    static let thumbnailHeight = SiteSetting(
        "thumbnail_height", in: "images", \.images.thumbnailHeight, .wholeNumber(32...4096),
        flag: SettingFlag(
            "PX", help: "Height of grid thumbnails at 1x (also made at \(RenditionLadder.otherThumbnailSizes))."))
    static let displaySize = SiteSetting(
        "display_size", in: "images", \.images.displaySize, .wholeNumber(64...16384),
        flag: SettingFlag("PX", help: "Longest edge of the image on a photo's page; never enlarged."))
    static let quality = SiteSetting(
        "quality", in: "images", \.images.quality, .wholeNumber(1...100),
        flag: SettingFlag("N", help: "JPEG quality of generated images, 1–100."))
    static let maxMegapixels = SiteSetting(
        "max_megapixels", in: "images", \.images.maxMegapixels, .wholeNumber(1...10_000),
        flag: SettingFlag("N", help: "Skip photos larger than this many megapixels."))
    static let formats = SiteSetting(
        "formats", in: "images", \.images.formats, .modernFormats,
        flag: SettingFlag("LIST", help: "Formats written beside JPEG for browsers that take them: avif, webp, or none.")
    )
    static let webpQuality = SiteSetting(
        "webp_quality", in: "images", \.images.webpQuality, .optionalWholeNumber(1...100, unset: "matched to quality"),
        flag: SettingFlag("N", help: "WebP quality, 1–100, instead of the one as good as JPEG at --quality."))
    static let avifQuality = SiteSetting(
        "avif_quality", in: "images", \.images.avifQuality, .optionalWholeNumber(1...100, unset: "matched to quality"),
        flag: SettingFlag("N", help: "AVIF quality, 1–100, instead of the one as good as JPEG at --quality."))

    /// All settings, in the order a configuration file lists them; their flags, in the same
    /// order, are what `build --help` and `serve --help` list.
    package static let settings: [AnySiteSetting] = [
        title.erased, description.erased, author.erased, language.erased, templates.erased,
        sort.erased, reverse.erased, albumSort.erased, reverseAlbums.erased, baseURL.erased,
        ignore.erased, hidden.erased, followLinks.erased, allowHTML.erased,
        rowHeight.erased, gap.erased, minTileWidth.erased, breakpoints.erased,
        thumbnailHeight.erased, displaySize.erased, quality.erased, maxMegapixels.erased,
        formats.erased, webpQuality.erased, avifQuality.erased,
    ]
}
