/// Every setting, one row each: its key, the values it accepts, the flag that overrides it,
/// its help and its lines in the starter file. The one place that knows the ranges; the
/// `layout` command, a lab tool, deliberately accepts wider ones of its own.
extension SiteConfiguration {
    static let title = SiteSetting(
        "title", \.title, .optionalText("text"),
        flag: SettingFlag("TEXT", help: "The home page's title.", defaultText: "the input folder's name"),
        starter: StarterLines(
            opensGroup: true, value: .text("My Photographs"),
            comment: "the home page's title (default: the folder's name)"))
    static let description = SiteSetting(
        "description", \.description, .optionalText("text"),
        starter: StarterLines(value: .text("Pictures of places I walked to.")))
    static let author = SiteSetting(
        "author", \.author, .optionalText("text"), starter: StarterLines(value: .text("Ana Lima")))
    static let language = SiteSetting("language", \.language, .languageTag)
    static let templates = SiteSetting(
        "templates", \.templates, .optionalText("a folder path"),
        flag: SettingFlag(
            "DIR", help: "A folder of templates to use instead of the built-in ones (copy Templates/default/ to start)."
        ),
        starter: StarterLines(value: .text("my-theme"), comment: "a folder of templates instead of the built-in ones"))
    static let theme = SiteSetting(
        "theme", \.theme, .builtInTheme,
        flag: SettingFlag("NAME", help: "The built-in theme to draw the site with ('tessera themes' lists them)."),
        starter: StarterLines(
            comment: "or " + Theme.builtInNames.filter { $0 != DefaultTemplates.defaultTheme }.joined(separator: ", ")
                + "; 'tessera themes' describes them"))
    static let sort = SiteSetting(
        "sort", \.sort, .choice,
        flag: SettingFlag(
            "KEY", help: "Order photos by 'name', by 'date' taken or by their sidecars' 'order:' values."),
        starter: StarterLines(
            opensGroup: true,
            heading: [
                "Order: by file name ('name', IMG_2 before IMG_10), by date taken ('date') or by the",
                "photos' sidecars' order: values ('order').",
                "An album's index.md may say otherwise for itself (sort:, reverse:, order:).",
            ]))
    static let reverse = SiteSetting("reverse", \.reverse, .flag)
    static let albumSort = SiteSetting("album_sort", \.albumSort, .choice)
    static let reverseAlbums = SiteSetting("reverse_albums", \.reverseAlbums, .flag)
    static let baseURL = SiteSetting(
        "base_url", \.baseURL, .siteURL(published: true),
        flag: SettingFlag(
            "URL", help: "Where the site will be published; adds canonical links, link previews, a sitemap and a feed."),
        starter: StarterLines(
            opensGroup: true,
            heading: [
                "Where the site will be published: pages get canonical links and link previews,",
                "the site a sitemap and a feed. Without it every link stays relative.",
            ],
            value: .text("https://example.org/photos/")))
    static let ignore = SiteSetting(
        "ignore", \.ignore, .textList("file patterns"),
        starter: StarterLines(
            opensGroup: true, heading: ["Left out of the site entirely (also any folder holding a .nomedia file):"],
            value: .list(["\"*.tmp\"", "drafts/"]), comment: "a pattern ending in / is for folders only"))
    static let ignoreFiles = SiteSetting(
        "ignore_files", \.ignoreFiles, .textList("file patterns"),
        starter: StarterLines(value: .text("[\"*backup*\"]"), comment: "for files only, never a folder"))
    static let hidden = SiteSetting(
        "hidden", \.hidden, .textList("file patterns"),
        starter: StarterLines(
            heading: ["Built but not listed in albums (as 'hidden: true' in index.md or a sidecar):"],
            value: .list(["\"outtakes/*\""])))
    static let followLinks = SiteSetting(
        "follow_links", \.followLinks, .flag,
        starter: StarterLines(opensGroup: true, comment: "follow symbolic links leading outside the folder"))
    static let allowHTML = SiteSetting(
        "allow_html", \.allowHTML, .flag,
        starter: StarterLines(comment: "let raw HTML in index.md and sidecars through"))
    static let originals = SiteSetting(
        "originals", \.originals, .choice,
        starter: StarterLines(
            opensGroup: true,
            heading: [
                "Each photo's original for download: 'none', 'stripped' (its pixels, no metadata)",
                "or 'as-is' (the file itself; a GPS position in one is warned about). An album's",
                "index.md may say otherwise for itself and the albums below it (originals:, zip:).",
            ]))
    static let zip = SiteSetting(
        "zip", \.zip, .flag, starter: StarterLines(comment: "a ZIP of each album's photos, linked on its page"))

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
            defaultText: "320 to 2560 in 15 % steps"),
        // Sixteen widths: the starter file leaves them out rather than list them all.
        starter: nil)
    static let pageSize = SiteSetting(
        "page_size", in: "layout", \.layout.pageSize, .wholeNumber(2...100_000),
        flag: SettingFlag(
            "N", help: "Albums with more photos are cut into pages of at most this many, each ending a row."))

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
        flag: SettingFlag(
            "LIST", help: "Formats written beside JPEG for browsers that take them: avif, webp, or none."),
        starter: StarterLines(
            value: .text("[\(SiteConfiguration().images.formats.map(\.rawValue).joined(separator: ", "))]"),
            comment: "beside JPEG; [] for JPEG only"))
    static let webpQuality = SiteSetting(
        "webp_quality", in: "images", \.images.webpQuality, .optionalWholeNumber(1...100, unset: "matched to quality"),
        flag: SettingFlag("N", help: "WebP quality, 1–100, instead of the one as good as JPEG at --quality."),
        starter: StarterLines(comment: "null: as good as JPEG at quality"))
    static let avifQuality = SiteSetting(
        "avif_quality", in: "images", \.images.avifQuality, .optionalWholeNumber(1...100, unset: "matched to quality"),
        flag: SettingFlag("N", help: "AVIF quality, 1–100, instead of the one as good as JPEG at --quality."))

    static let videoLongestEdge = SiteSetting(
        "longest_edge", in: "videos", \.videos.longestEdge, .wholeNumber(144...4096),
        starter: StarterLines(
            heading: ["Each clip's web video (H.264 and AAC in MP4); its poster is made as a photo is."],
            comment: "px; smaller clips keep their size"))
    static let videoCRF = SiteSetting(
        "crf", in: "videos", \.videos.crf, .wholeNumber(1...51),
        starter: StarterLines(
            comment: "x264's quality, 1–51: lower is better and larger; 3 steps about halve the bytes"))

    /// All settings, in the order a configuration file lists them; their flags, in the same
    /// order, are what `build --help` and `serve --help` list.
    package static let settings: [AnySiteSetting] = [
        title.erased, description.erased, author.erased, language.erased, theme.erased, templates.erased,
        sort.erased, reverse.erased, albumSort.erased, reverseAlbums.erased, baseURL.erased,
        ignore.erased, ignoreFiles.erased, hidden.erased, followLinks.erased, allowHTML.erased,
        originals.erased, zip.erased,
        rowHeight.erased, gap.erased, minTileWidth.erased, breakpoints.erased, pageSize.erased,
        thumbnailHeight.erased, displaySize.erased, quality.erased, maxMegapixels.erased,
        formats.erased, webpQuality.erased, avifQuality.erased,
        videoLongestEdge.erased, videoCRF.erased,
    ]
}
