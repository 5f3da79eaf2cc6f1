/// Every setting with its key and the values it accepts: the one place that knows the
/// ranges. The `layout` command, a lab tool, deliberately accepts wider ones of its own.
extension SiteConfiguration {
    public static let title = SiteSetting("title", \.title, .optionalText("text"))
    public static let language = SiteSetting("language", \.language, .languageTag)
    public static let templates = SiteSetting("templates", \.templates, .optionalText("a folder path"))
    public static let description = SiteSetting("description", \.description, .optionalText("text"))
    public static let author = SiteSetting("author", \.author, .optionalText("text"))
    public static let baseURL = SiteSetting("base_url", \.baseURL, .siteURL)
    public static let sort = SiteSetting("sort", \.sort, .choice)
    public static let reverse = SiteSetting("reverse", \.reverse, .flag)
    public static let albumSort = SiteSetting("album_sort", \.albumSort, .choice)
    public static let reverseAlbums = SiteSetting("reverse_albums", \.reverseAlbums, .flag)
    public static let ignore = SiteSetting("ignore", \.ignore, .textList("file patterns"))
    public static let hidden = SiteSetting("hidden", \.hidden, .textList("file patterns"))
    public static let followLinks = SiteSetting("follow_links", \.followLinks, .flag)
    public static let allowHTML = SiteSetting("allow_html", \.allowHTML, .flag)

    public static let rowHeight = SiteSetting("row_height", in: "layout", \.layout.rowHeight, .number(40...2000))
    public static let gap = SiteSetting("gap", in: "layout", \.layout.gap, .number(0...200))
    public static let minTileWidth = SiteSetting(
        "min_tile_width", in: "layout", \.layout.minTileWidth, .number(0...1000))
    public static let breakpoints = SiteSetting(
        "breakpoints", in: "layout", \.layout.breakpoints, .ascendingWidths(100...20_000))

    public static let thumbnailHeight = SiteSetting(
        "thumbnail_height", in: "images", \.images.thumbnailHeight, .wholeNumber(32...4096))
    public static let displaySize = SiteSetting(
        "display_size", in: "images", \.images.displaySize, .wholeNumber(64...16384))
    public static let quality = SiteSetting("quality", in: "images", \.images.quality, .wholeNumber(1...100))
    public static let maxMegapixels = SiteSetting(
        "max_megapixels", in: "images", \.images.maxMegapixels, .wholeNumber(1...10_000))

    /// All settings, in the order a configuration file lists them.
    static let settings: [AnySiteSetting] = [
        title.erased, language.erased, templates.erased, description.erased, author.erased, baseURL.erased,
        sort.erased, reverse.erased, albumSort.erased, reverseAlbums.erased, ignore.erased, hidden.erased,
        followLinks.erased, allowHTML.erased,
        rowHeight.erased, gap.erased, minTileWidth.erased, breakpoints.erased,
        thumbnailHeight.erased, displaySize.erased, quality.erased, maxMegapixels.erased,
    ]
}
