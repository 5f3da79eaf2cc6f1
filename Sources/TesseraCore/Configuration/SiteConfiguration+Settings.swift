/// Every setting with its key and the values it accepts: the one place that knows the
/// ranges. The `layout` command, a lab tool, deliberately accepts wider ones of its own.
extension SiteConfiguration {
    public static let title = SiteSetting("title", \.title, .optionalText("text"))
    public static let language = SiteSetting("language", \.language, .languageTag)
    public static let templates = SiteSetting("templates", \.templates, .optionalText("a folder path"))
    public static let baseURL = SiteSetting("base_url", \.baseURL, .siteURL)

    public static let rowHeight = SiteSetting("row_height", in: "layout", \.layout.rowHeight, .number(40...2000))
    public static let gap = SiteSetting("gap", in: "layout", \.layout.gap, .number(0...200))
    public static let minTileWidth = SiteSetting("min_tile_width", in: "layout", \.layout.minTileWidth, .number(0...1000))
    public static let breakpoints = SiteSetting(
        "breakpoints", in: "layout", \.layout.breakpoints, .ascendingWidths(100...20_000))

    public static let thumbnailHeight = SiteSetting(
        "thumbnail_height", in: "images", \.images.thumbnailHeight, .wholeNumber(32...4096))
    public static let displaySize = SiteSetting("display_size", in: "images", \.images.displaySize, .wholeNumber(64...16384))
    public static let quality = SiteSetting("quality", in: "images", \.images.quality, .wholeNumber(1...100))
    public static let maxMegapixels = SiteSetting(
        "max_megapixels", in: "images", \.images.maxMegapixels, .wholeNumber(1...10_000))

    /// All settings, in the order a configuration file lists them.
    static let settings: [AnySiteSetting] = [
        title.erased, language.erased, templates.erased, baseURL.erased,
        rowHeight.erased, gap.erased, minTileWidth.erased, breakpoints.erased,
        thumbnailHeight.erased, displaySize.erased, quality.erased, maxMegapixels.erased,
    ]
}
