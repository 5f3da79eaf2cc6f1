/// The tags of a TIFF structure's first directory (IFD0), as EXIF blocks and TIFF files
/// hold them: enough to tell whether they point to a GPS directory, XMP or IPTC.
///
/// Reads only the first directory, at most as many entries as the bytes can hold: linear
/// in the block's length and never outside it.
enum TIFFTags {
    static let gps = 0x8825
    static let exif = 0x8769
    static let xmp = 0x02BC
    static let iptc = 0x83BB

    /// The tag numbers of IFD0 of the TIFF structure at the start of `view`, or nil when it
    /// is not one (no `II*\0`/`MM\0*` header, a directory outside the block).
    static func firstDirectory(_ view: ByteView) -> [Int]? {
        let little: Bool
        if view.matches(0, "II") {
            little = true
        } else if view.matches(0, "MM") {
            little = false
        } else {
            return nil
        }
        func u16(_ offset: Int) -> Int? { little ? view.u16le(offset) : view.u16be(offset) }
        func u32(_ offset: Int) -> Int? { little ? view.u32le(offset) : view.u32be(offset) }
        guard u16(2) == 42, let directory = u32(4), directory >= 8, let count = u16(directory) else { return nil }
        let entries = min(count, max(0, (view.count - directory - 2) / 12))
        return (0..<entries).compactMap { u16(directory + 2 + 12 * $0) }
    }

    /// Whether a TIFF structure holds one directory with the Orientation tag (274) and
    /// nothing else: the EXIF block a stripped original keeps.
    static func holdsOnlyOrientation(_ view: ByteView) -> Bool {
        let little = view.matches(0, "II")
        guard little || view.matches(0, "MM"), let tags = firstDirectory(view), tags == [0x0112],
            let directory = little ? view.u32le(4) : view.u32be(4)
        else { return false }
        let next = little ? view.u32le(directory + 14) : view.u32be(directory + 14)
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
