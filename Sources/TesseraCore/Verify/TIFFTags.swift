/// The tags of a TIFF structure's first directory (IFD0), as EXIF blocks and TIFF files
/// hold them: enough to tell whether they point to a GPS directory (also from the EXIF
/// directory or IFD1), XMP or IPTC.
///
/// Reads at most three directories, through `TIFFDirectory`.
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

    /// Whether a GPS directory is pointed to from IFD0, from the EXIF directory IFD0 points
    /// to, or from IFD1 (the thumbnail's): where the standard puts it, and the two other
    /// places exiftool also reads one from. Three directories at most.
    static func pointsToGPS(_ view: ByteView) -> Bool {
        guard let header = TIFFDirectory.header(view), header.firstDirectory >= 8,
            let first = TIFFDirectory.entries(view, at: header.firstDirectory, littleEndian: header.littleEndian)
        else { return false }
        if first.contains(where: { $0.tag == gps }) { return true }
        var others: [Int] = first.filter { $0.tag == exif }.prefix(1).map(\.value)
        if let next = TIFFDirectory.next(
            view, after: header.firstDirectory, entryCount: first.count, littleEndian: header.littleEndian),
            next >= 8
        {
            others.append(next)
        }
        return others.contains { offset in
            offset != header.firstDirectory
                && (TIFFDirectory.entries(view, at: offset, littleEndian: header.littleEndian) ?? []).contains {
                    $0.tag == gps
                }
        }
    }

    /// How many bytes come before an EXIF block's TIFF structure, found as exiftool finds it
    /// in a JPEG's APP1 segment: `Exif\0` and one more byte, in any letter case, after at most
    /// four bytes of anything (cameras have written `Exif\0\xFF`, a lowercase `exif`, a
    /// second segment header first). Nil when the block has no such identifier.
    static func exifHeaderLength(_ view: ByteView) -> Int? {
        let identifier = Array("exif\0".utf8)
        return (0...4).first { start in
            view.has(start, identifier.count + 1)
                && identifier.indices.allSatisfy { index in
                    let byte = view.bytes[start + index]
                    return (byte | (index < 4 ? 0x20 : 0)) == identifier[index]
                }
        }.map { $0 + identifier.count + 1 }
    }

    /// What an EXIF block (a TIFF structure, perhaps after `Exif\0\0`, as PNG, WebP and HEIF
    /// hold it; a JPEG's segment passes its TIFF structure, found by `exifHeaderLength`)
    /// tells a reader: its position when it points to a GPS directory (`pointsToGPS`),
    /// else that it is EXIF.
    static func exifFinding(_ view: ByteView, in place: String) -> MetadataFinding {
        let tiff = view.matches(0, "Exif\0\0") ? view.slice(6, view.count - 6) : view
        if pointsToGPS(tiff) { return MetadataFinding(.location, "\(place) with a GPS position") }
        return MetadataFinding(.exif, place)
    }

    /// The XMP packet IFD0's tag 700 holds, when it lies inside the file.
    static func xmpPacket(_ view: ByteView) -> ByteView? {
        guard let header = TIFFDirectory.header(view),
            let entry = TIFFDirectory.entries(view, at: header.firstDirectory, littleEndian: header.littleEndian)?
                .first(where: { $0.tag == xmp }),
            entry.count > 4, entry.value < view.count
        else { return nil }
        return view.slice(entry.value, min(entry.count, view.count - entry.value))
    }

    /// What a TIFF file's own first directory carries.
    static func findings(inFile view: ByteView) -> [MetadataFinding] {
        guard let tags = firstDirectory(view) else { return [] }
        var found: [MetadataFinding] = []
        if pointsToGPS(view) { found.append(MetadataFinding(.location, "TIFF GPS directory (a position)")) }
        if tags.contains(exif) { found.append(MetadataFinding(.exif, "TIFF EXIF directory")) }
        if let packet = xmpPacket(view) {
            found.append(MetadataFinding.xmp(packet, "TIFF XMP tag (700)"))
        } else if tags.contains(xmp) {
            found.append(MetadataFinding(.xmp, "TIFF XMP tag (700)"))
        }
        if tags.contains(iptc) { found.append(MetadataFinding(.iptc, "TIFF IPTC tag (33723)")) }
        return found
    }
}
