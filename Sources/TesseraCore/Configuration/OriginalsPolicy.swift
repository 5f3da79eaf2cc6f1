/// Whether the site offers each photo's original file for download, and how: `originals:`
/// in `tessera.yaml`, and in an album's `index.md` for that album and the albums below it.
enum OriginalsPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// No original is published (the default): only the renditions.
    case withheld = "none"
    /// The original's pixels with no metadata: a JPEG losslessly, its segments copied
    /// except metadata (EXIF, XMP, IPTC, comments, makers' blocks), its ICC profile kept
    /// and its orientation kept as the one EXIF tag left; any other format re-encoded as a
    /// JPEG at quality 100 at its full size, upright and in sRGB.
    case stripped
    /// The file byte for byte, metadata and all; the build warns about each that carries a
    /// GPS position.
    case asIs = "as-is"
}
