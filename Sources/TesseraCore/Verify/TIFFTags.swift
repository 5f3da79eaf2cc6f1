/// The tags of a TIFF structure's first directory (IFD0), as EXIF blocks and TIFF files
/// hold them: enough to tell whether they point to a GPS directory, XMP or IPTC.
///
/// Reads only the first directory, through `TIFFDirectory`.
enum TIFFTags {
    static let gps = 0x8825
    static let exif = 0x8769
    static let xmp = 0x02BC
    static let iptc = 0x83BB

    /// The tag numbers of IFD0 of the TIFF structure at the start of `view`, or nil when it
    /// is not one (no `II*\0`/`MM\0*` header, a directory outside the block).
    static func firstDirectory(_ view: ByteView) -> [Int]? {
        guard let header = TIFFDirectory.header(view), header.firstDirectory >= 8,
            let entries = TIFFDirectory.entries(view, at: header.firstDirectory, littleEndian: header.littleEndian)
        else { return nil }
        return entries.map(\.tag)
    }

    /// Whether a TIFF structure holds one directory with the Orientation tag (274) and
    /// nothing else: the EXIF block a stripped original keeps.
    static func holdsOnlyOrientation(_ view: ByteView) -> Bool {
        guard let header = TIFFDirectory.header(view), let tags = firstDirectory(view), tags == [0x0112] else {
            return false
        }
        let next = TIFFDirectory.next(
            view, after: header.firstDirectory, entryCount: 1, littleEndian: header.littleEndian)
        return next == 0
    }

    /// What an EXIF block (a TIFF structure, perhaps after `Exif\0\0`) tells a reader: its
    /// position when IFD0 points to a GPS directory, else that it is EXIF.
    static func exifFinding(_ view: ByteView, in place: String) -> MetadataFinding {
        let tiff = view.matches(0, "Exif\0\0") ? view.slice(6, view.count - 6) : view
        if let tags = firstDirectory(tiff), tags.contains(gps) {
            return MetadataFinding(.location, "\(place) with a GPS position")
        }
        return MetadataFinding(.exif, place)
    }

    /// What a TIFF file's own first directory carries.
    static func findings(inFile view: ByteView) -> [MetadataFinding] {
        guard let tags = firstDirectory(view) else { return [] }
        var found: [MetadataFinding] = []
        if tags.contains(gps) { found.append(MetadataFinding(.location, "TIFF GPS directory (a position)")) }
        if tags.contains(exif) { found.append(MetadataFinding(.exif, "TIFF EXIF directory")) }
        if tags.contains(xmp) { found.append(MetadataFinding(.xmp, "TIFF XMP tag (700)")) }
        if tags.contains(iptc) { found.append(MetadataFinding(.iptc, "TIFF IPTC tag (33723)")) }
        return found
    }
}
