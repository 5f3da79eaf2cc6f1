/// Turns the scanned catalog into a `SitePlan`: slugs, output paths and image sizes.
public struct SitePlanner: Sendable {
    /// The folder inside each album that holds its generated images.
    public static let mediaFolder = "_media"

    public var settings: BuildSettings

    public init(settings: BuildSettings) {
        self.settings = settings
    }

    /// Plans the site. `infos` holds the header of every readable photo by `PhotoFile.key`;
    /// photos without one (skipped) are left out, and so are albums left empty.
    public func plan(_ catalog: Catalog, infos: [String: PhotoInfo]) -> SitePlan {
        let title = settings.title ?? catalog.root.name
        return SitePlan(root: plan(catalog.root, title: title, folder: "", ancestors: [], infos: infos))
    }

    private func plan(
        _ album: Album, title: String, folder: String, ancestors: [(title: String, folder: String)],
        infos: [String: PhotoInfo]
    ) -> PlannedAlbum {
        var names = SlugAllocator(reserved: ["index"])
        // Every file claims its name, readable or not, so that one photo failing to decode
        // never renames the others.
        let photos = album.photos.compactMap { file -> PlannedPhoto? in
            let slug = names.claim(Slug.forPhoto(fileName: file.fileName))
            guard let info = infos[file.key] else { return nil }
            return plan(file, info: info, slug: slug, folder: folder)
        }
        let here = ancestors + [(title: title, folder: folder)]
        let albums = album.albums.compactMap { child -> PlannedAlbum? in
            let slug = names.claim(Slug.make(child.name, fallback: "album"))
            let planned = plan(
                child, title: child.name, folder: SitePath.join(folder, slug), ancestors: here, infos: infos)
            return planned.photoCount == 0 ? nil : planned
        }
        return PlannedAlbum(
            title: title, folder: folder, ancestors: ancestors, photos: photos, albums: albums)
    }

    private func plan(_ file: PhotoFile, info: PhotoInfo, slug: String, folder: String) -> PlannedPhoto {
        let upright = info.uprightSize
        let media = SitePath.join(folder, Self.mediaFolder)
        let displayScale = min(1, Double(settings.displayLongEdge) / Double(max(upright.width, upright.height)))
        let thumb2xScale = min(displayScale, Double(2 * settings.thumbnailHeight) / Double(upright.height))
        let thumbScale = min(thumb2xScale, Double(settings.thumbnailHeight) / Double(upright.height))
        func rendition(_ scale: Double, _ suffix: String, sameAs larger: Rendition? = nil) -> Rendition {
            let size = upright.scaled(by: scale)
            if let larger, larger.size == size { return larger }
            return Rendition(path: SitePath.join(media, "\(slug)\(suffix).jpg"), size: size)
        }
        let display = rendition(displayScale, "")
        let thumbnail2x = rendition(thumb2xScale, ".thumb2x", sameAs: display)
        let thumbnail = rendition(thumbScale, ".thumb", sameAs: thumbnail2x)
        return PlannedPhoto(
            source: file, info: info, page: SitePath.join(folder, slug + ".html"),
            display: display, thumbnail: thumbnail, thumbnail2x: thumbnail2x)
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
