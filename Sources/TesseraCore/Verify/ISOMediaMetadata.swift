/// What an ISO base media file carries besides pictures and sound: HEIF and AVIF `Exif`
/// and XMP (`mime`) items, MP4 and QuickTime `udta` and `meta` tags (`©xyz`, `loci`,
/// `com.apple.quicktime.location.ISO6709`, makes and models), XMP `uuid` boxes, the
/// recording time in `mvhd`, and tracks other than picture and sound (subtitles, timed
/// data such as GoPro's GPMF), whose samples may hold a place.
///
/// A walk over the box tree (`ISOBox.children`), at most `maxDepth` deep; every box's size
/// is checked against its parent, so each byte is visited a bounded number of times.
enum ISOMediaMetadata {
    static let maxDepth = 12
    /// The XMP `uuid` box's identifier (Adobe's XMP specification, part 3).
    static let xmpUUID: [UInt8] = [
        0xBE, 0x7A, 0xCF, 0xCB, 0x97, 0xA9, 0x42, 0xE8, 0x9C, 0x71, 0x99, 0x94, 0x91, 0xE3, 0xAF, 0xAC,
    ]
    /// Canon's CR3 metadata `uuid` box, whose `CMT1`–`CMT4` children are TIFF structures:
    /// IFD0, the EXIF directory, the maker notes and the GPS directory.
    static let canonUUID: [UInt8] = [
        0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48,
    ]
    /// Tags a clean encode still writes: the muxer's name (`©too`, ffmpeg's `encoder`).
    static let harmlessTags: Set<String> = ["©too", "hdlr", "free", "skip"]

    /// Whether the bytes start with an `ftyp` box (AVIF, HEIF, MP4, MOV, 3GP), or are a
    /// QuickTime movie of the older kind, which has none: boxes of QuickTime's top-level
    /// types laid end to end from the first byte, a `moov` among the first few (cameras'
    /// MOVs start with `wide`, `mdat` or `moov`; exiftool reads their places all the same).
    static func isISOMedia(_ view: ByteView) -> Bool {
        if view.matches(4, "ftyp") { return true }
        let classic: Set<String> = ["moov", "mdat", "wide", "free", "skip", "pnot", "PICT"]
        var offset = 0
        for _ in 0..<8 {
            guard let box = ISOBox.header(view, at: offset), classic.contains(box.type) else { return false }
            if box.type == "moov" { return true }
            guard box.size > 0, box.size <= view.count - offset else { return false }
            offset += box.size
        }
        return false
    }

    /// Whether the file's brands say it is an image (AVIF, HEIF) rather than a movie.
    static func isImage(_ view: ByteView) -> Bool {
        guard isISOMedia(view), let size = view.u32be(0) else { return false }
        let imageBrands: Set<String> = ["avif", "avis", "heic", "heix", "heim", "heis", "mif1", "msf1", "hevc"]
        let movieBrands: Set<String> = ["isom", "iso2", "mp41", "mp42", "qt  ", "M4V ", "3gp4", "3gp5", "avc1"]
        let major = view.text(8, 4)
        if imageBrands.contains(major) { return true }
        if movieBrands.contains(major) { return false }
        var offset = 16
        while offset + 4 <= min(size, view.count) {
            if imageBrands.contains(view.text(offset, 4)) { return true }
            offset += 4
        }
        return false
    }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        for box in ISOBox.children(of: view) {
            switch box.type {
            case "meta": found += itemFindings(meta: fullBoxChildren(box.content), file: view)
            case "moov": found += movie(box.content, path: "moov", depth: 1)
            case "udta": found += userData(box.content, path: "udta", depth: 1)
            case "uuid": if isXMP(box.content) { found.append(MetadataFinding.xmp(box.content, "XMP uuid box")) }
            default: break
            }
        }
        return found
    }

    private static func isXMP(_ content: ByteView) -> Bool { isUUID(content, xmpUUID) }

    private static func isUUID(_ content: ByteView, _ uuid: [UInt8]) -> Bool {
        content.has(0, 16) && (0..<16).allSatisfy { content.bytes[$0] == uuid[$0] }
    }

    /// A CR3's Canon `uuid` box: its `CMT4` a position when its GPS directory gives a
    /// latitude or longitude (tags 2 and 4), its `CMT1` and `CMT2` the camera's EXIF.
    private static func canonMetadata(_ content: ByteView, path: String) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        for box in ISOBox.children(of: content.slice(16, content.count - 16)) {
            switch box.type {
            case "CMT4":
                guard let header = TIFFDirectory.header(box.content),
                    let entries = TIFFDirectory.entries(
                        box.content, at: header.firstDirectory, littleEndian: header.littleEndian)
                else { continue }
                if entries.contains(where: { $0.tag == 2 || $0.tag == 4 }) {
                    found.append(MetadataFinding(.location, "\(path)/CMT4: Canon's GPS directory with a position"))
                }
            case "CMT1", "CMT2":
                found.append(MetadataFinding(.exif, "\(path)/\(box.type): Canon's EXIF"))
            default:
                break
            }
        }
        return found
    }

    /// The children of a `meta` box: a full box (version and flags first) in ISO files,
    /// a plain container in QuickTime's; told apart by whether a box header follows.
    private static func fullBoxChildren(_ content: ByteView) -> [ISOBox.Child] {
        let looksPlain = content.has(4, 4) && (content.matches(4, "hdlr") || content.matches(4, "keys"))
        return ISOBox.children(of: looksPlain ? content : content.slice(4, content.count - 4))
    }

    /// A movie's boxes: `udta` and `meta` at any level of `moov`, `trak` and `mdia`, the
    /// recording time in `mvhd`.
    private static func movie(_ view: ByteView, path: String, depth: Int) -> [MetadataFinding] {
        guard depth < maxDepth else { return [] }
        var found: [MetadataFinding] = []
        for box in ISOBox.children(of: view) {
            let here = "\(path)/\(box.type)"
            switch box.type {
            case "mvhd":
                // Version 0 keeps seconds since 1904 in 32 bits, version 1 in 64.
                let created =
                    box.content.u8(0) == 1 ? box.content.uintbe(4, width: 8) : box.content.uintbe(4, width: 4)
                if let created, created != 0 {
                    found.append(MetadataFinding(.date, "\(here): the recording time (\(date(since1904: created)))"))
                }
            case "trak", "mdia":
                found += movie(box.content, path: here, depth: depth + 1)
            case "hdlr" where path.hasSuffix("/mdia"):
                // A track's kind (version and flags, a zero, then the handler type): a web
                // video has picture and sound; a subtitle (`text`, `sbtl`) or timed data
                // (`meta`: GoPro's GPMF, a drone's telemetry) track can carry a place.
                let handler = box.content.has(8, 4) ? box.content.text(8, 4) : "?"
                if !["vide", "soun"].contains(handler) {
                    found.append(
                        MetadataFinding(
                            .text, "\(path): a '\(handler)' track (subtitles or timed data, which may carry a place)"))
                }
            case "udta":
                found += userData(box.content, path: here, depth: depth + 1)
            case "meta":
                found += metadataBox(fullBoxChildren(box.content), path: here)
            case "uuid":
                if isXMP(box.content) { found.append(MetadataFinding.xmp(box.content, "\(here): XMP")) }
                if isUUID(box.content, canonUUID) { found += canonMetadata(box.content, path: here) }
            default:
                break
            }
        }
        return found
    }

    /// A `udta` box: every child is a tag, `©xyz` and `loci` a position.
    private static func userData(_ view: ByteView, path: String, depth: Int) -> [MetadataFinding] {
        guard depth < maxDepth else { return [] }
        var found: [MetadataFinding] = []
        var tags: [String] = []
        for box in ISOBox.children(of: view) {
            switch box.type {
            case "©xyz": found.append(MetadataFinding(.location, "\(path)/©xyz: a position (ISO 6709)"))
            case "loci": found.append(MetadataFinding(.location, "\(path)/loci: a place"))
            case "XMP_": found.append(MetadataFinding.xmp(box.content, "\(path)/XMP_"))
            case "meta": found += metadataBox(fullBoxChildren(box.content), path: "\(path)/meta")
            default: if !harmlessTags.contains(box.type) { tags.append(box.type) }
            }
        }
        if !tags.isEmpty { found.append(MetadataFinding(.text, "\(path): tags \(tags.joined(separator: ", "))")) }
        return found
    }

    /// A `meta` box of tags: `keys` (QuickTime's named keys) and `ilst` (iTunes-style items).
    private static func metadataBox(_ children: [ISOBox.Child], path: String) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        var keys: [String] = []
        var items: [String] = []
        for box in children {
            switch box.type {
            case "keys":
                // Version and flags, a count, then boxes of size, namespace and the key's name.
                for key in ISOBox.children(of: box.content.slice(8, box.content.count - 8)) {
                    keys.append(key.content.text(0, key.content.count))
                }
            case "ilst":
                for item in ISOBox.children(of: box.content) where !harmlessTags.contains(item.type) {
                    items.append(item.type)
                }
            default:
                break
            }
        }
        let located = keys.filter { $0.lowercased().contains("location") || $0.lowercased().contains("gps") }
        if !located.isEmpty {
            found.append(MetadataFinding(.location, "\(path)/keys: \(located.joined(separator: ", "))"))
        }
        let others = keys.filter { !located.contains($0) }
        if !others.isEmpty {
            found.append(MetadataFinding(.text, "\(path)/keys: \(others.joined(separator: ", "))"))
        }
        // With `keys`, `ilst` items are numbered; without, their types are the tags.
        if keys.isEmpty, !items.isEmpty {
            found.append(MetadataFinding(.text, "\(path)/ilst: tags \(items.joined(separator: ", "))"))
        }
        return found
    }

    /// `2024-05-01` from seconds since 1904-01-01, as `mvhd` counts them.
    private static func date(since1904 seconds: Int) -> String {
        let days = seconds / 86_400 - 24_107  // 1904-01-01 to 1970-01-01
        // Howard Hinnant's civil-from-days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
