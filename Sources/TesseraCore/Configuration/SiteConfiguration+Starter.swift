extension SiteConfiguration {
    /// The commented `tessera.yaml` that `tessera init` writes: every key with its default,
    /// commented out, so the file reads as the defaults until a line is uncommented.
    ///
    /// - Parameter templates: a templates folder to name, uncommented (`init --templates`).
    package static func starterYAML(templates: String? = nil) -> String {
        let defaults = SiteConfiguration()
        let layout = defaults.layout
        let images = defaults.images
        let templatesLine = templates.map { "templates: \($0)" } ?? "# templates: my-theme"
        return """
            # tessera.yaml: the site's settings. Every line is optional; the values shown are
            # the defaults. Flags given to 'tessera build' override this file.
            version: \(currentVersion)

            # title: My Photographs   # the home page's title (default: the folder's name)
            # description: Pictures of places I walked to.
            # author: Ana Lima
            # language: \(defaults.language)
            \(templatesLine)   # a folder of templates instead of the built-in ones

            # Order: by file name ('name', IMG_2 before IMG_10) or by date taken ('date').
            # An album's index.md may say otherwise for itself (sort:, reverse:, order:).
            # sort: \(defaults.sort.rawValue)
            # reverse: \(defaults.reverse)
            # album_sort: \(defaults.albumSort.rawValue)
            # reverse_albums: \(defaults.reverseAlbums)

            # Where the site will be published: pages get canonical links and link previews,
            # the site a sitemap and a feed. Without it every link stays relative.
            # base_url: https://example.org/photos/

            # Left out of the site entirely (also any folder holding a .nomedia file):
            # ignore:
            #   - "*.tmp"
            #   - drafts
            # Built but not listed in albums (as 'hidden: true' in index.md or a sidecar):
            # hidden:
            #   - "outtakes/*"

            # follow_links: \(defaults.followLinks)   # follow symbolic links leading outside the folder
            # allow_html: \(defaults.allowHTML)   # let raw HTML in index.md and sidecars through

            # layout:
            #   row_height: \(layout.rowHeight.plainText)
            #   gap: \(layout.gap.plainText)
            #   min_tile_width: \(layout.minTileWidth.plainText)

            # images:
            #   thumbnail_height: \(images.thumbnailHeight)
            #   display_size: \(images.displaySize)
            #   quality: \(images.quality)
            #   max_megapixels: \(images.maxMegapixels)
            #   formats: [\(images.formats.map(\.rawValue).joined(separator: ", "))]   # beside JPEG; [] for JPEG only
            #   webp_quality: null   # null: as good as JPEG at quality
            #   avif_quality: null

            """
    }
}
