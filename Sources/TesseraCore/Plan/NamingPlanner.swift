/// Gives every album and photo of the catalog its slug, page and image files.
struct NamingPlanner: Sendable {
    /// The folder inside each album that holds its generated images.
    static let mediaFolder = "_media"

    /// The renditions every photo gets, largest first.
    var targets: [RenditionTarget]
    /// The format every image is written in, which every browser shows.
    var format: RenditionFormat
    /// Formats each image is also written in, best first, for browsers that take them.
    var alternatives: [RenditionFormat]

    init(targets: [RenditionTarget], format: RenditionFormat, alternatives: [RenditionFormat] = []) {
        self.targets = targets
        self.format = format
        self.alternatives = alternatives.filter { $0 != format }
    }

    /// Names everything in `catalog`. `infos` holds the header of every readable photo by
    /// `PhotoFile.key`; the others get a page name but no images. The stills in `motions`
    /// (Live and Motion Photos, animated GIFs) also get their motion's MP4.
    func plan(_ catalog: Catalog, infos: [String: PhotoInfo], motions: Set<String> = []) -> NamingPlan {
        var plan = NamingPlan()
        name(catalog.root, folder: "", infos: infos, motions: motions, into: &plan)
        return plan
    }

    private func name(
        _ album: Album, folder: String, infos: [String: PhotoInfo], motions: Set<String>, into plan: inout NamingPlan
    ) {
        plan.albumFolders[album.key] = folder
        // `404` at the root is the site's 404 page.
        var names = SlugAllocator(reserved: folder.isEmpty ? ["index", "404"] : ["index"])
        // Every file claims its name, readable or not, so that one photo failing never
        // renames the others.
        for file in album.photos {
            var base = Slug.forPhoto(fileName: file.fileName)
            // `page-2`, `page-3` … are the album's further pages when it is cut into pages.
            if AlbumPagination.isPageSlug(base) { base += "-photo" }
            // `page` and `Page` would become `page` and `page-2`: the second one a page's name.
            var slug = names.claim(base)
            while AlbumPagination.isPageSlug(slug) { slug = names.claim(base + "-photo") }
            let info = infos[file.key]
            plan.photos[file.key] = PhotoNames(
                page: SitePath.join(folder, slug + ".html"),
                renditions: info.map { renditions(of: $0.uprightSize, slug: slug, folder: folder) } ?? [],
                video: info?.kind == .video
                    ? SitePath.join(SitePath.join(folder, Self.mediaFolder), slug + ".mp4") : nil,
                motion: info != nil && info?.kind != .video && motions.contains(file.key)
                    ? SitePath.join(SitePath.join(folder, Self.mediaFolder), slug + ".motion.mp4") : nil)
        }
        for child in album.albums {
            let slug = names.claim(Slug.make(child.name, fallback: "album"))
            name(child, folder: SitePath.join(folder, slug), infos: infos, motions: motions, into: &plan)
        }
    }

    /// One rendition per target and format: for each target, the main format's first,
    /// then the alternatives, best first, but not those the target excludes
    /// (`RenditionTarget.excludedFormats`). Each is never larger than the one before it, and
    /// one whose size and format equal an earlier one's shares its file. A target nearly as
    /// large as the one before it takes that one's size (`RenditionLadder.isNearlyAsLarge`),
    /// so a small photo's 1x thumbnail is its 2x one. A size is made in a format when any
    /// target of that size is, so a display image as small as a thumbnail offers the
    /// thumbnail's AVIF, and no pixels are encoded twice.
    func renditions(of upright: PixelSize, slug: String, folder: String) -> [Rendition] {
        let media = SitePath.join(folder, Self.mediaFolder)
        var sizes: [PixelSize] = []
        var scale = 1.0
        for target in targets {
            scale = min(scale, target.scale(for: upright))
            let size = upright.scaled(by: scale)
            if let larger = sizes.last, RenditionLadder.isNearlyAsLarge(larger, as: size) {
                sizes.append(larger)
            } else {
                sizes.append(size)
            }
        }
        func isMade(_ format: RenditionFormat, at size: PixelSize) -> Bool {
            format == self.format
                || zip(targets, sizes).contains { $0.1 == size && !$0.0.excludedFormats.contains(format) }
        }
        var made: [Rendition] = []
        for (target, size) in zip(targets, sizes) {
            for format in [format] + alternatives where isMade(format, at: size) {
                if var same = made.first(where: { $0.size == size && $0.format == format }) {
                    same.role = target.role
                    made.append(same)
                } else {
                    let path = SitePath.join(media, "\(slug)\(target.suffix).\(format.fileExtension)")
                    made.append(Rendition(role: target.role, path: path, size: size, format: format))
                }
            }
        }
        return made
    }
}

extension PixelSize {
    /// This size scaled by `factor`, rounded, at least 1×1.
    func scaled(by factor: Double) -> PixelSize {
        guard factor < 1 else { return self }
        return PixelSize(
            width: max(1, Int((Double(width) * factor).rounded())),
            height: max(1, Int((Double(height) * factor).rounded())))
    }
}
