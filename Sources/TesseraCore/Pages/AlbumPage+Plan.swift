extension AlbumPage {
    /// The page of a planned album, complete: its tiles and cards placed by `layout`, the
    /// album's result of the layout stage. Links are relative to the album's folder.
    init(_ album: PlannedAlbum, site: SiteContext, layout: AlbumLayout) {
        let here = album.folder
        lang = site.language
        dir = site.words.rightToLeft ? "rtl" : nil
        words = site.pageWords
        title = album.title
        pageTitle = album.ancestors.isEmpty ? album.title : album.title + words.titleSeparator + site.title
        metaDescription = album.summary
        author = site.author
        description = album.description
        descriptionFolds = album.description.map { Self.folds($0, text: album.summary ?? "") } ?? false
        date = album.date
        extra = album.extra
        stylesheet = URLPath.relative(from: here, to: SiteContext.stylesheetPath)
        assets = SiteContext.assetsURL(from: here)
        canonical = site.absoluteURL(album.page)
        socialImage = album.cover.flatMap { site.absoluteURL($0.rendition(.display).path) }
        feed = site.baseURL == nil ? nil : URLPath.relative(from: here, to: SiteContext.feedPath)
        // Below the home page the trail ends with this album, as the current page.
        breadcrumbs = Breadcrumb.trail(album.ancestors.isEmpty ? [] : album.ancestors + [album.link], from: here)
        if !album.ancestors.isEmpty { breadcrumbs[breadcrumbs.count - 1].current = true }
        let contents = AlbumContents(album, words: site.words)
        photoCount = contents.photos
        videoCount = contents.videos
        self.contents = contents.text
        let listed = album.listedAlbums
        albumCount = listed.isEmpty ? nil : site.words.count("albums", listed.count)
        albums = listed.enumerated().map { index, child in
            let placed = layout.cards.indices.contains(index) ? layout.cards[index] : .unplaced
            let counted = AlbumContents(child, words: site.words)
            return AlbumCard(
                title: child.title, href: URLPath.relative(from: here, to: child.page),
                photoCount: counted.photos, videoCount: counted.videos, contents: counted.text,
                cover: child.cover.map {
                    ImageSource.thumbnail(of: $0, from: here, roles: RenditionLadder.coverRoles, metrics: site.metrics)
                }, loading: placed.loading, fetchPriority: placed.fetchPriority)
        }
        hasAlbums = !albums.isEmpty
        archive = album.archive.map { URLPath.relative(from: here, to: $0) }
        photos = album.photos.enumerated().map { index, photo in
            let placed = layout.tiles.indices.contains(index) ? layout.tiles[index] : .unplaced
            let thumbnail = ImageSource.thumbnail(
                of: photo, from: here, roles: RenditionLadder.tileRoles, metrics: site.metrics)
            // The photo's own size, not the thumbnail's rounded one: the attributes set the
            // tile's aspect ratio, which must be the photo's exactly.
            let upright = photo.info.uprightSize
            // The display image in each format, for the viewer: the tile's own files are
            // thumbnails, too small to be shown full screen.
            func display(_ format: RenditionFormat) -> String? {
                photo.rendition(.display, in: format).map {
                    "\(URLPath.relative(from: here, to: $0.path)) \($0.size.width)w"
                }
            }
            let main = display(photo.rendition(.display).format) ?? ""
            var sources = thumbnail.sources
            for index in sources.indices {
                let format = photo.alternativeFormats.first { $0.mimeType == sources[index].type }
                // AVIF is made for thumbnails only (`RenditionLadder.avifRoles`): a format
                // without the display image says so, and the viewer leaves that source out.
                guard let own = format.flatMap(display) else {
                    sources[index].display = PictureSource.noDisplayImage
                    continue
                }
                sources[index].display = own == format.map { Tile.display(main, as: $0) } ? nil : own
            }
            // The viewer plays a Live Photo's motion on press (`data-motion`), a GIF's loop on
            // its own (`data-loop`).
            let motion = photo.motion.map {
                ExtraField(key: $0.loops ? "loop" : "motion", value: URLPath.relative(from: here, to: $0.path))
            }
            return Tile(
                href: URLPath.relative(from: here, to: photo.page), src: thumbnail.src,
                srcset: thumbnail.srcset, sources: sources, width: upright.width, height: upright.height,
                alt: photo.alt ?? site.words.placement(of: index, in: album, kind: photo.kind),
                kind: photo.kind.rawValue,
                style: placed.style, sizes: placed.sizes,
                loading: placed.loading, video: photo.video.map { TileVideo($0, words: site.words, from: here) },
                fetchPriority: placed.fetchPriority, displayImage: main,
                details: Tile.details(of: photo, words: site.words)
                    + (photo.original.map { [ExtraField(key: "original", value: URLPath.relative(from: here, to: $0))] }
                        ?? []) + [motion].compactMap { $0 },
                motion: photo.motion.map(TileMotion.init))
        }
        hasPhotos = !photos.isEmpty
    }

    /// Gives the tiles and cards the places of `layout`, the album's layout: a page built
    /// with `AlbumLayout.unplaced` and then placed is the page built with `layout`.
    mutating func place(_ layout: AlbumLayout) {
        for index in photos.indices {
            let placed = layout.tiles.indices.contains(index) ? layout.tiles[index] : .unplaced
            photos[index].style = placed.style
            photos[index].sizes = placed.sizes
            photos[index].loading = placed.loading
            photos[index].fetchPriority = placed.fetchPriority
        }
        for index in albums.indices {
            let placed = layout.cards.indices.contains(index) ? layout.cards[index] : .unplaced
            albums[index].loading = placed.loading
            albums[index].fetchPriority = placed.fetchPriority
        }
    }
}

extension ImageSource {
    /// A photo's grid thumbnail, with every thumbnail file by width in `srcset`: with a
    /// `sizes` the browser picks the smallest one sharp enough. The files made in the
    /// photo's other formats become the `<picture>`'s sources, each only when it has the
    /// largest of `roles`: a browser takes the first source it can show, so one without it
    /// would give a large screen a blurrier image than the JPEG; one without a smaller file
    /// gives the next larger (`RenditionLadder.modernRoles`).
    static func thumbnail(
        of photo: PlannedPhoto, from here: String, roles: [Rendition.Role], metrics: ThemeMetrics
    ) -> ImageSource {
        // The files of `roles` in one format, smallest first, each once.
        func srcset(_ format: RenditionFormat) -> String? {
            guard let largest = roles.last, photo.rendition(largest, in: format) != nil else { return nil }
            var files: [Rendition] = []
            for role in roles {
                guard let file = photo.rendition(role, in: format) else { continue }
                if !files.contains(where: { $0.path == file.path }) { files.append(file) }
            }
            return files.map { "\(URLPath.relative(from: here, to: $0.path)) \($0.size.width)w" }
                .joined(separator: ", ")
        }
        let small = photo.rendition(.thumbnail)
        return ImageSource(
            src: URLPath.relative(from: here, to: small.path), srcset: srcset(small.format) ?? "",
            width: small.size.width, height: small.size.height,
            sizes: coverSizes(ratio: photo.info.uprightSize.aspectRatio, metrics: metrics),
            sources: photo.alternativeFormats.compactMap { format in
                srcset(format).map { PictureSource(type: format.mimeType, srcset: $0) }
            })
    }
}

extension ImageSource {
    /// How wide a cover of `ratio` (width ÷ height) is drawn on an album card: on phones
    /// letterboxed in a frame half the page wide (less its padding and gap) and the theme's
    /// narrow cover tall; above, its wide cover tall at its own ratio.
    static func coverSizes(ratio: Double, metrics: ThemeMetrics) -> String {
        let cards = metrics.cards
        let narrow = Int((cards.narrowCover * ratio).rounded(.up))
        let wide = Int((cards.wideCover * ratio).rounded(.up))
        return "(max-width: \(Int(cards.narrowWidth))px) min(\(metrics.narrowCoverColumn), \(narrow)px), \(wide)px"
    }
}

extension Breadcrumb {
    /// The links of a trail of albums, relative to the page in folder `here`.
    static func trail(_ albums: [AlbumLink], from here: String) -> [Breadcrumb] {
        albums.enumerated().map { index, album in
            Breadcrumb(first: index == 0, title: album.title, href: URLPath.relative(from: here, to: album.page))
        }
    }
}

extension AlbumPage {
    /// Page `number` (0 first) of an album cut into pages by `pagination`, from the
    /// album's whole page: its range of tiles, the sub-albums and the description on the
    /// first page alone, its own address and title, and the links to the others.
    func page(_ number: Int, of pagination: AlbumPagination, album: PlannedAlbum, site: SiteContext) -> AlbumPage {
        var page = self
        let path = AlbumPagination.path(of: number, folder: album.folder)
        let range = pagination.pages[number].clamped(to: photos.indices)
        let navigation = PageNavigation(
            page: number, of: pagination.pages.count, folder: album.folder, words: site.words, photos: range,
            photoCount: photos.count)
        page.photos = Array(photos[range])
        page.hasPhotos = !page.photos.isEmpty
        page.pagination = navigation
        if number > 0 {
            page.albums = []
            page.hasAlbums = false
            page.description = nil
            let own = title + words.titleSeparator + navigation.position
            page.pageTitle = album.ancestors.isEmpty ? own : own + words.titleSeparator + site.title
            page.canonical = site.absoluteURL(path)
        }
        return page
    }
}

extension AlbumPage {
    /// The characters of text beyond which a description folds on a phone: about four lines
    /// at 375 px.
    static let foldingLength = 200
    /// The blocks (paragraphs, list items, headings) beyond which it folds, however short.
    static let foldingBlocks = 4

    /// Whether a description, `html` with `text` its words, is longer than a phone's first
    /// lines should hold.
    static func folds(_ html: String, text: String) -> Bool {
        // CommonMark's HTML ends each block's line with a line break.
        let blocks = html.split(separator: "\n").count { !$0.allSatisfy(\.isWhitespace) }
        return text.count > foldingLength || blocks > foldingBlocks
    }
}
