/// One generated image file of a photo: what it is for, where it goes, its size and format.
package struct Rendition: Sendable, Hashable, Codable {
    /// What a rendition is for; the site settings say how large each one is.
    enum Role: String, Sendable, Hashable, Codable, CaseIterable {
        /// The image on the photo's own page.
        case display
        /// The grid tile for screens of pixel ratio 2 and more.
        case thumbnail2x
        /// The grid tile at its CSS size.
        case thumbnail
        /// Half as tall: an album card's cover (170 px tall on a laptop) at pixel ratio 1.
        case thumbnail0_5x
    }

    var role: Role
    /// Path relative to the site root, e.g. `summer/_media/beach.thumb.jpg`.
    var path: String
    /// Upright pixel size.
    package var size: PixelSize
    package var format: RenditionFormat

    init(role: Role, path: String, size: PixelSize, format: RenditionFormat) {
        self.role = role
        self.path = path
        self.size = size
        self.format = format
    }
}

/// A file format Tessera writes images in. JPEG is always written, as every browser shows
/// it; WebP and AVIF are offered beside it (`<picture>`) to browsers that say they take them.
package enum RenditionFormat: String, Sendable, Hashable, Codable, CaseIterable {
    case jpeg
    case webp
    case avif

    /// The modern formats, best first: the order of a `<picture>`'s sources, since a browser
    /// takes the first one it supports. AVIF is smaller than WebP at equal quality.
    static let modern: [RenditionFormat] = [.avif, .webp]

    /// The file name extension, without the dot.
    var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .webp: return "webp"
        case .avif: return "avif"
        }
    }

    /// The media type, for `<source type>` and preload hints.
    var mimeType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .webp: return "image/webp"
        case .avif: return "image/avif"
        }
    }

    /// The name people know the format by.
    var displayName: String {
        switch self {
        case .jpeg: return "JPEG"
        case .webp: return "WebP"
        case .avif: return "AVIF"
        }
    }
}
