extension AlbumPage {
    /// An album page with every field filled in and every list non-empty: the names a
    /// template may use, for checking templates.
    static let example: AlbumPage = {
        let avif = PictureSource(type: "image/avif", srcset: "a.avif 1x", display: "a.display.avif 2048w")
        let image = ImageSource(
            src: "a.jpg", srcset: "a.jpg 1x", width: 3, height: 2, sizes: "100vw", sources: [avif])
        return AlbumPage(
            lang: "en", dir: "rtl", words: .example, title: "Album", pageTitle: "Album · Site",
            metaDescription: "A walk.",
            author: "Ana",
            description: "<p>A walk.</p>", descriptionFolds: true, date: "2024-01-01",
            extra: [ExtraField(key: "Place", value: "Coast")],
            stylesheet: "tessera.css", assets: "../assets/",
            canonical: "https://example.org/album/", socialImage: "https://example.org/album/_media/a.jpg",
            feed: "../feed.xml",
            breadcrumbs: [
                Breadcrumb(first: true, title: "Site", href: "../index.html"),
                Breadcrumb(first: false, title: "Album", href: "index.html", current: true),
            ],
            photoCount: Count(2, category: "other", text: "2 photos"),
            videoCount: Count(1, category: "one", text: "1 video"), contents: "2 photos, 1 video",
            albumCount: Count(1, category: "one", text: "1 album"), archive: "_originals/photos.zip", hasAlbums: true,
            albums: [
                AlbumCard(
                    title: "Sub", href: "sub/index.html", photoCount: Count(1, category: "one", text: "1 photo"),
                    videoCount: Count(1, category: "one", text: "1 video"), contents: "1 photo, 1 video",
                    cover: image, loading: "eager",
                    fetchPriority: "high")
            ],
            hasPhotos: true,
            photos: [
                Tile(
                    href: "a.html", src: "a.jpg", srcset: "a.jpg 1x", sources: [avif], width: 3, height: 2, alt: "A",
                    kind: "photo", style: "--a:1.5", sizes: "100vw", loading: "eager",
                    video: TileVideo(duration: "1:05", label: "Video, 1:05", src: "_media/a.mp4"),
                    fetchPriority: "high",
                    displayImage: "a.display.jpg 2048w", details: [ExtraField(key: "camera", value: "Camera")],
                    motion: TileMotion(
                        PlannedMotion(path: "a.motion.mp4", size: PixelSize(width: 3, height: 2), loops: true)))
            ], noindex: true,
            pagination: PageNavigation(
                label: "Pages", position: "Page 2 of 3", previousPage: PageLink(href: "index.html"),
                nextPage: PageLink(href: "page-3.html"), previousText: "Previous page", nextText: "Next page",
                numbers: [PageNavigation.PageNumber(number: 1, href: "index.html", current: false)], firstPhoto: 11,
                photoCount: 30))
    }()
}

extension PhotoPage {
    /// A photo page with every field filled in: the names a template may use.
    static let example = PhotoPage(
        lang: "en", dir: "rtl", words: .example, pageTitle: "Bridge · Album", metaDescription: "At dusk.",
        author: "Ana",
        title: "Bridge",
        caption: "At dusk.", captionHTML: "<p>At dusk.</p>", alt: "Photo 1 of 2 in Album", kind: "photo",
        listed: true,
        extra: [ExtraField(key: "Place", value: "Coast")], stylesheet: "tessera.css", assets: "assets/",
        script: "tessera.js",
        canonical: "https://example.org/album/a.html", socialImage: "https://example.org/album/_media/a.jpg",
        feed: "../feed.xml",
        breadcrumbs: [Breadcrumb(first: true, title: "Site", href: "index.html")],
        image: ImageSource(
            src: "a.jpg", srcset: "a.jpg 600w", width: 3, height: 2, sizes: "100vw", aspect: "1.5",
            sources: [PictureSource(type: "image/avif", srcset: "a.avif 600w")]),
        video: VideoSource(
            src: "_media/a.mp4", type: "video/mp4", poster: "a.jpg", width: 3, height: 2, duration: "1:05"),
        original: "_originals/a.jpg", up: "index.html", album: "Album", upLabel: "1 / 2: back to Album",
        position: "1", count: "2",
        previous: PageLink(href: "z.html", isVideo: true),
        next: PageLink(href: "b.html", isVideo: false), nextImage: "_media/b.avif", nextImageType: "image/avif",
        date: "2024-01-01 00:00:00", dateTime: "2024-01-01T00:00:00", artist: "Ana", camera: "Camera",
        lens: "50 mm f/1.8", exposure: "35 mm · f/2.8",
        noindex: true, pagination: AlbumPage.example.pagination,
        motion: MotionSource(
            src: "_media/a.motion.mp4", type: "video/mp4", poster: "a.jpg", width: 3, height: 2, loops: false))
}

extension PageWords {
    /// Every page word filled in, for checking templates.
    static let example = PageWords(
        albumsLabel: "Albums", photosLabel: "Photos", breadcrumbLabel: "Breadcrumb", previous: "Previous",
        next: "Next", previousVideo: "Previous", nextVideo: "Next", titleSeparator: " · ", countSeparator: " · ",
        madeWith: "Made with Tessera",
        viewerLabel: "Photo viewer", viewerClose: "Close", viewerPrevious: "Previous photo", viewerNext: "Next photo",
        viewerPreviousVideo: "Previous video", viewerNextVideo: "Next video",
        viewerZoom: "Zoom", viewerMotion: "Live", viewerSlideshow: "Slideshow", viewerFullscreen: "Full screen",
        viewerDetails: "Details",
        viewerDownload: "Download", download: "Download the original", downloadAlbum: "Download all photos (ZIP)",
        notFound: "Page not found", notFoundHint: "This page is not here.", home: "Go to the home page",
        readMore: "Read more", readLess: "Show less", groupSeparator: ",", minimumGroupingDigits: "1")
}

extension NotFoundPage {
    /// A 404 page with every field filled in, for checking templates.
    static let example: NotFoundPage = {
        var page = NotFoundPage(
            lang: "en", dir: "rtl", words: .example, title: "Site", pageTitle: "Page not found · Site",
            author: "Ana", stylesheet: "/tessera.css", assets: "/assets/", home: "/",
            breadcrumbs: [Breadcrumb(first: true, title: "Site", href: "/")], feed: "https://example.org/feed.xml")
        // The head's names the page leaves empty, filled in so a theme may use them.
        page.metaDescription = "A walk."
        page.canonical = "https://example.org/404.html"
        page.socialImage = "https://example.org/a.jpg"
        page.pagination = AlbumPage.example.pagination
        return page
    }()
}
