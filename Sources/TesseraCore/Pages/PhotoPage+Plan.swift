import Foundation
import TesseraLayout

extension PhotoPage {
    /// The page of the photo at `index` in a planned album.
    init(_ album: PlannedAlbum, index: Int, site: SiteContext) {
        self.init(album, photo: album.photos[index], index: index, site: site)
    }

    /// The page of a hidden photo of a planned album: linked to its album, not to neighbours.
    init(_ album: PlannedAlbum, unlisted: Int, site: SiteContext) {
        self.init(album, photo: album.unlisted[unlisted], index: nil, site: site)
    }

    private init(_ album: PlannedAlbum, photo: PlannedPhoto, index: Int?, site: SiteContext) {
        let here = album.folder
        lang = site.language
        dir = site.words.rightToLeft ? "rtl" : nil
        words = site.pageWords
        let place = site.words.place(of: index, in: album)
        let name =
            photo.title ?? photo.caption.flatMap { $0.count <= 70 ? $0 : nil }
            ?? site.words.text(
                site.words.placeWord(index == nil ? "untitledUnlisted" : "untitled", for: photo.kind), place)
        pageTitle = name + words.titleSeparator + album.title
        metaDescription = photo.caption
        author = site.author
        title = photo.title
        caption = photo.caption
        captionHTML = photo.captionHTML
        alt = site.words.placement(of: index, in: album, kind: photo.kind)
        kind = photo.kind.rawValue
        listed = index != nil
        extra = photo.extra
        stylesheet = URLPath.relative(from: here, to: SiteContext.stylesheetPath)
        assets = SiteContext.assetsURL(from: here)
        script = URLPath.relative(from: here, to: SiteContext.scriptPath)
        canonical = site.absoluteURL(photo.page)
        socialImage = site.absoluteURL(photo.rendition(.display).path)
        feed = site.baseURL == nil ? nil : URLPath.relative(from: here, to: SiteContext.feedPath)
        breadcrumbs = Breadcrumb.trail(album.ancestors + [album.link], from: here)
        let display = photo.rendition(.display)
        // Every size of the photo in one format, narrowest first.
        func srcset(_ format: RenditionFormat) -> String {
            photo.files.filter { $0.format == format }.sorted { $0.size.width < $1.size.width }
                .map { "\(URLPath.relative(from: here, to: $0.path)) \($0.size.width)w" }.joined(separator: ", ")
        }
        let ratio = photo.info.uprightSize.aspectRatio
        let chrome = site.metrics.viewerChromeCSS
        image = ImageSource(
            src: URLPath.relative(from: here, to: display.path), srcset: srcset(display.format),
            width: display.size.width, height: display.size.height,
            sizes: "min(100vw, calc(\(String(format: "%.4g", ratio)) * (100vh - \(chrome))), \(display.size.width)px)",
            aspect: CSSNumber.format(ratio, decimals: 6),
            // Only formats the display image is made in: a source without it would cap the
            // photo at its largest thumbnail.
            sources: photo.alternativeFormats.filter { photo.rendition(.display, in: $0) != nil }
                .map { PictureSource(type: $0.mimeType, srcset: srcset($0)) })
        let poster = image.src
        video = photo.video.map { clip in
            VideoSource(
                src: URLPath.relative(from: here, to: clip.path), type: "video/mp4", poster: poster,
                width: clip.size.width, height: clip.size.height, duration: clip.clock)
        }
        original = photo.original.map { URLPath.relative(from: here, to: $0) }
        motion = photo.motion.map { clip in
            MotionSource(
                src: URLPath.relative(from: here, to: clip.path), type: "video/mp4", poster: poster,
                width: clip.size.width, height: clip.size.height, loops: clip.loops)
        }
        up = URLPath.relative(from: here, to: album.page)
        self.album = album.title
        upLabel =
            index == nil ? album.title : site.words.text(site.words.placeWord("backToAlbum", for: photo.kind), place)
        position = site.words.number((index ?? -1) + 1)
        count = site.words.number(album.photos.count)
        if let index {
            func link(_ neighbour: Int) -> PageLink? {
                guard album.photos.indices.contains(neighbour) else { return nil }
                let item = album.photos[neighbour]
                return PageLink(
                    href: URLPath.relative(from: here, to: item.page), isVideo: item.kind == .video ? true : nil)
            }
            previous = link(index - 1)
            next = link(index + 1)
            // The best format the display image is made in, with its type: a browser that
            // cannot show it skips the hint rather than fetch a file it will not use.
            let following = index + 1 < album.photos.count ? album.photos[index + 1] : nil
            let best = following.map { next in
                next.alternativeFormats.lazy.compactMap { next.rendition(.display, in: $0) }.first
                    ?? next.rendition(.display)
            }
            nextImage = best.map { URLPath.relative(from: here, to: $0.path) }
            nextImageType = best.map(\.format.mimeType)
        } else {
            previous = nil
            next = nil
            nextImage = nil
            nextImageType = nil
        }
        let meta = photo.info.metadata
        date = meta.dateTaken.map(site.words.date)
        dateTime = meta.dateTaken.flatMap { taken in date == taken ? nil : ThemeWords.machineDate(taken) }
        artist = meta.artist
        camera = meta.camera
        lens = meta.lens.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0.trimmingSpaces }
        exposure = meta.exposureLine(site.words)
    }
}
