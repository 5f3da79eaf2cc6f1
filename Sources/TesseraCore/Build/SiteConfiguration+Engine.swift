import Foundation
import TesseraLayout

extension SiteConfiguration {
    /// The layout engine's input.
    package var layoutOptions: LayoutOptions {
        LayoutOptions(
            targetRowHeight: layout.rowHeight, gap: layout.gap, minTileWidth: layout.minTileWidth,
            breakpoints: layout.breakpoints)
    }

    /// The build's input: this configuration's title and images, with how this run goes.
    ///
    /// - Parameters:
    ///   - jobs: photos processed at once.
    ///   - force: make every image and page again.
    ///   - generator: which build of Tessera makes the pages (see `BuildSettings.generator`).
    package func buildSettings(jobs: Int, force: Bool, generator: String) -> BuildSettings {
        var settings = BuildSettings(
            thumbnailHeight: images.thumbnailHeight, displayLongEdge: images.displaySize, quality: images.quality,
            maxMegapixels: images.maxMegapixels, jobs: jobs, force: force, title: title, generator: generator,
            language: language, baseURL: baseURL)
        settings.description = description
        settings.author = author
        settings.order = AlbumOrder(
            photos: sort, reversePhotos: reverse, albums: albumSort, reverseAlbums: reverseAlbums)
        settings.ignore = ignore
        settings.hidden = hidden
        settings.followLinks = followLinks
        settings.allowHTML = allowHTML
        settings.formats = images.formats
        settings.webpQuality = images.webpQuality
        settings.avifQuality = images.avifQuality
        return settings
    }

    /// The templates folder, if any, as a URL: a relative path is taken from `base` (the
    /// folder of the configuration file, or the working folder for a flag).
    package func templatesFolder(relativeTo base: URL) -> URL? {
        let folder = URL(fileURLWithPath: base.path, isDirectory: true)
        return templates.map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL }
    }
}
