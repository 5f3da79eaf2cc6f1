/// Every setting with its key and the values it accepts: the one place that knows the
/// ranges. The `layout` command, a lab tool, deliberately accepts wider ones of its own.
extension SiteConfiguration {
    package static let title = SiteSetting("title", \.title, .optionalText("text"))
    package static let language = SiteSetting("language", \.language, .languageTag)
    package static let templates = SiteSetting("templates", \.templates, .optionalText("a folder path"))
    package static let description = SiteSetting("description", \.description, .optionalText("text"))
    package static let author = SiteSetting("author", \.author, .optionalText("text"))
    package static let baseURL = SiteSetting("base_url", \.baseURL, .siteURL)
    package static let sort = SiteSetting("sort", \.sort, .choice)
    package static let reverse = SiteSetting("reverse", \.reverse, .flag)
    package static let albumSort = SiteSetting("album_sort", \.albumSort, .choice)
    package static let reverseAlbums = SiteSetting("reverse_albums", \.reverseAlbums, .flag)
    package static let ignore = SiteSetting("ignore", \.ignore, .textList("file patterns"))
    package static let hidden = SiteSetting("hidden", \.hidden, .textList("file patterns"))
    package static let followLinks = SiteSetting("follow_links", \.followLinks, .flag)
    package static let allowHTML = SiteSetting("allow_html", \.allowHTML, .flag)

    package static let rowHeight = SiteSetting("row_height", in: "layout", \.layout.rowHeight, .number(40...2000))
    package static let gap = SiteSetting("gap", in: "layout", \.layout.gap, .number(0...200))
    package static let minTileWidth = SiteSetting(
        "min_tile_width", in: "layout", \.layout.minTileWidth, .number(0...1000))
    package static let breakpoints = SiteSetting(
        "breakpoints", in: "layout", \.layout.breakpoints, .ascendingWidths(100...20_000))

    package static let thumbnailHeight = SiteSetting(
        "thumbnail_height", in: "images", \.images.thumbnailHeight, .wholeNumber(32...4096))
    package static let displaySize = SiteSetting(
        "display_size", in: "images", \.images.displaySize, .wholeNumber(64...16384))
    package static let quality = SiteSetting("quality", in: "images", \.images.quality, .wholeNumber(1...100))
    package static let maxMegapixels = SiteSetting(
        "max_megapixels", in: "images", \.images.maxMegapixels, .wholeNumber(1...10_000))
    package static let formats = SiteSetting("formats", in: "images", \.images.formats, .modernFormats)
    package static let webpQuality = SiteSetting(
        "webp_quality", in: "images", \.images.webpQuality, .optionalWholeNumber(1...100, unset: "matched to quality"))
    package static let avifQuality = SiteSetting(
        "avif_quality", in: "images", \.images.avifQuality, .optionalWholeNumber(1...100, unset: "matched to quality"))

    /// All settings, in the order a configuration file lists them.
    static let settings: [AnySiteSetting] = [
        title.erased, language.erased, templates.erased, description.erased, author.erased, baseURL.erased,
        sort.erased, reverse.erased, albumSort.erased, reverseAlbums.erased, ignore.erased, hidden.erased,
        followLinks.erased, allowHTML.erased,
        rowHeight.erased, gap.erased, minTileWidth.erased, breakpoints.erased,
        thumbnailHeight.erased, displaySize.erased, quality.erased, maxMegapixels.erased,
        formats.erased, webpQuality.erased, avifQuality.erased,
    ]
}
