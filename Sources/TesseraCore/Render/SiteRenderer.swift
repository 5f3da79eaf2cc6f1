import Foundation

/// Renders the pages of a planned site: one page per album, one per photo, and the stylesheet.
///
/// Every text is HTML-escaped by the templates, every link is relative and percent-encoded
/// here, so the site works under any sub-path and straight from disk.
public struct SiteRenderer: Sendable {
    /// The stylesheet's path in the site.
    public static let stylesheetPath = "tessera.css"

    public var templates: TemplateSet
    public var layout: LayoutOptions

    public init(templates: TemplateSet, layout: LayoutOptions) {
        self.templates = templates
        self.layout = layout
    }

    /// The site stylesheet: the template's style followed by the justified grid's rules.
    public func stylesheet() -> String {
        templates.stylesheet + "\n" + ResponsiveGrid.stylesheet(options: layout)
    }

    /// The HTML of an album's page.
    public func albumPage(_ album: PlannedAlbum, siteTitle: String) throws(BuildError) -> String {
        let here = album.folder
        let grid = ResponsiveGrid(ratios: album.photos.map(\.info.uprightSize.aspectRatio), options: layout)
        let photos: [TemplateValue] = album.photos.enumerated().map { index, photo in
            var tile = imageContext(photo.thumbnail, retina: photo.thumbnail2x, from: here)
            // The photo's own size, not the thumbnail's rounded one: the attributes set the
            // tile's aspect ratio, which must be the photo's exactly.
            let upright = photo.info.uprightSize
            tile["width"] = .number(Double(upright.width))
            tile["height"] = .number(Double(upright.height))
            tile["href"] = .string(URLPath.relative(from: here, to: photo.page))
            tile["alt"] = .string(photo.source.fileName)
            tile["style"] = .string(grid.tileStyle(index))
            return .object(tile)
        }
        let albums: [TemplateValue] = album.albums.map { child in
            var card: [String: TemplateValue] = [
                "title": .string(child.title),
                "href": .string(URLPath.relative(from: here, to: child.page)),
                "countLabel": .string(Self.count(child.photoCount, "photo")),
            ]
            if let cover = child.cover {
                card["cover"] = .object(imageContext(cover.thumbnail, retina: cover.thumbnail2x, from: here))
            }
            return .object(card)
        }
        let isHome = album.ancestors.isEmpty
        var summary = [Self.count(album.photoCount, "photo")]
        if !album.albums.isEmpty { summary.append(Self.count(album.albums.count, "album")) }
        let context: [String: TemplateValue] = [
            "title": .string(album.title),
            "pageTitle": .string(isHome ? album.title : "\(album.title) · \(siteTitle)"),
            "summary": .string(summary.joined(separator: " · ")),
            "stylesheet": .string(URLPath.relative(from: here, to: Self.stylesheetPath)),
            "breadcrumbs": .list(breadcrumbs(album.ancestors, from: here)),
            "hasAlbums": .bool(!albums.isEmpty),
            "albums": .list(albums),
            "hasPhotos": .bool(!photos.isEmpty),
            "photos": .list(photos),
        ]
        return try render("album", context)
    }

    /// The HTML of a photo's page; `index` is its position in `album.photos`.
    public func photoPage(_ album: PlannedAlbum, index: Int, siteTitle: String) throws(BuildError) -> String {
        let photo = album.photos[index]
        let here = album.folder
        var image = imageContext(photo.display, retina: nil, from: here)
        let sizes = [photo.thumbnail, photo.thumbnail2x, photo.display].reduce(into: [Rendition]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        image["srcset"] = .string(sizes.map {
            "\(URLPath.relative(from: here, to: $0.path)) \($0.size.width)w"
        }.joined(separator: ", "))
        let ratio = photo.info.uprightSize.aspectRatio
        image["sizes"] = .string("min(100vw, \(Self.number(82 * ratio))vh, \(photo.display.size.width)px)")
        let meta = photo.info.metadata
        var context: [String: TemplateValue] = [
            // The photographer's own description when the file has one, else its name.
            "caption": .string(meta.caption ?? photo.source.fileName),
            "pageTitle": .string("\(photo.source.fileName) · \(album.title)"),
            "stylesheet": .string(URLPath.relative(from: here, to: Self.stylesheetPath)),
            "breadcrumbs": .list(breadcrumbs(album.ancestors + [(album.title, album.folder)], from: here)),
            "image": .object(image),
            "up": .string(URLPath.relative(from: here, to: album.page)),
            "position": .string("\(index + 1) / \(album.photos.count)"),
        ]
        if let date = meta.dateTaken { context["date"] = .string(date) }
        if let camera = meta.camera { context["camera"] = .string(camera) }
        if let artist = meta.artist { context["artist"] = .string(artist) }
        if let exposure = meta.exposureLine { context["exposure"] = .string(exposure) }
        if index > 0 {
            context["previous"] = .object(["href": .string(URLPath.relative(from: here, to: album.photos[index - 1].page))])
        }
        if index + 1 < album.photos.count {
            context["next"] = .object(["href": .string(URLPath.relative(from: here, to: album.photos[index + 1].page))])
        }
        return try render("photo", context)
    }

    private func render(_ name: String, _ context: [String: TemplateValue]) throws(BuildError) -> String {
        do {
            return try templates.library.render(name, .object(context))
        } catch {
            throw .template(error.description)
        }
    }

    private func imageContext(_ image: Rendition, retina: Rendition?, from here: String) -> [String: TemplateValue] {
        let src = URLPath.relative(from: here, to: image.path)
        var srcset = "\(src) 1x"
        if let retina, retina != image { srcset += ", \(URLPath.relative(from: here, to: retina.path)) 2x" }
        return [
            "src": .string(src), "srcset": .string(srcset),
            "width": .number(Double(image.size.width)), "height": .number(Double(image.size.height)),
        ]
    }

    private func breadcrumbs(_ trail: [(title: String, folder: String)], from here: String) -> [TemplateValue] {
        trail.enumerated().map { index, crumb in
            .object([
                "first": .bool(index == 0),
                "title": .string(crumb.title),
                "href": .string(URLPath.relative(from: here, to: SitePath.join(crumb.folder, "index.html"))),
            ])
        }
    }

    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    static func number(_ x: Double) -> String {
        String(format: "%.4g", x)
    }
}
