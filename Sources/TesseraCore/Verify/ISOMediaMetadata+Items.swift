extension ISOMediaMetadata {
    /// A HEIF or AVIF `meta` box: its `Exif` items (looked into for a GPS directory
    /// through `iloc`) and `mime` items (XMP), and any tags beside them.
    static func itemFindings(meta children: [ISOBox.Child], file: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        var exifItems: [Int] = []
        var locations: [Int: (method: Int, offset: Int, length: Int)] = [:]
        var idat: ByteView?
        for box in children {
            switch box.type {
            case "iinf":
                for item in infoEntries(box.content) {
                    switch item.type {
                    case "Exif":
                        exifItems.append(item.id)
                    case "mime":
                        let isXMP = item.contentType.contains("rdf+xml") || item.contentType.contains("xmp")
                        found.append(
                            MetadataFinding(isXMP ? .xmp : .text, "mime item '\(item.contentType)' (item \(item.id))"))
                    case "uri ":
                        found.append(MetadataFinding(.text, "uri item (item \(item.id))"))
                    default:
                        break
                    }
                }
            case "iloc":
                locations = itemLocations(box.content)
            case "idat":
                idat = box.content
            default:
                break
            }
        }
        found += metadataBox(children: children)
        for id in exifItems {
            var payload: ByteView?
            if let location = locations[id] {
                let source = location.method == 1 ? idat : location.method == 0 ? file : nil
                payload = source.map { $0.slice(location.offset, location.length) }
            }
            // The payload starts with the offset of the TIFF header after it.
            if let payload, let skip = payload.u32be(0) {
                found.append(TIFFTags.exifFinding(payload.slice(4 + skip, payload.count - 4 - skip), in: "Exif item"))
            } else {
                found.append(MetadataFinding(.exif, "Exif item"))
            }
        }
        return found
    }

    /// Tags in an image's `meta` box (rare, but as a movie's).
    private static func metadataBox(children: [ISOBox.Child]) -> [MetadataFinding] {
        children.contains { $0.type == "keys" || $0.type == "ilst" }
            ? [MetadataFinding(.text, "meta box tags")] : []
    }

    struct ItemInfo {
        var id: Int
        var type: String
        var contentType: String
    }

    /// The `infe` entries of an `iinf` box (versions 2 and 3 name the item's type).
    static func infoEntries(_ content: ByteView) -> [ItemInfo] {
        guard let version = content.u8(0) else { return [] }
        let entries = ISOBox.children(of: content.slice(version == 0 ? 6 : 8, content.count))
        return entries.compactMap { entry in
            guard entry.type == "infe", let entryVersion = entry.content.u8(0), entryVersion >= 2 else { return nil }
            let idWidth = entryVersion >= 3 ? 4 : 2
            guard let id = entry.content.uintbe(4, width: idWidth) else { return nil }
            let typeOffset = 4 + idWidth + 2
            let type = entry.content.text(typeOffset, 4)
            var contentType = ""
            if type == "mime" {
                let name = entry.content.zeroTerminated(typeOffset + 4, limit: 256)
                let after = typeOffset + 4 + name.utf8.count + 1
                contentType = entry.content.zeroTerminated(after, limit: 256)
            }
            return ItemInfo(id: id, type: type, contentType: contentType)
        }
    }

    /// Each item's first extent from an `iloc` box: how it is stored (0 in the file,
    /// 1 in `idat`), where and how long.
    static func itemLocations(_ content: ByteView) -> [Int: (method: Int, offset: Int, length: Int)] {
        guard let version = content.u8(0), version <= 2, let sizes = content.u16be(4) else { return [:] }
        let offsetSize = sizes >> 12
        let lengthSize = (sizes >> 8) & 0xF
        let baseSize = (sizes >> 4) & 0xF
        let indexSize = version >= 1 ? sizes & 0xF : 0
        guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseSize),
            [0, 4, 8].contains(indexSize)
        else { return [:] }
        let countWidth = version == 2 ? 4 : 2
        guard let count = content.uintbe(6, width: countWidth) else { return [:] }
        var at = 6 + countWidth
        var result: [Int: (method: Int, offset: Int, length: Int)] = [:]
        for _ in 0..<min(count, content.count / 4) {
            guard let id = content.uintbe(at, width: countWidth) else { break }
            at += countWidth
            var method = 0
            if version >= 1 {
                guard let word = content.u16be(at) else { break }
                method = word & 0xF
                at += 2
            }
            at += 2  // data reference index
            guard let base = content.uintbe(at, width: baseSize) else { break }
            at += baseSize
            guard let extents = content.u16be(at) else { break }
            at += 2
            // Extents of no width say nothing; others cannot be more than the bytes left.
            let width = indexSize + offsetSize + lengthSize
            let usable = width == 0 ? min(extents, 1) : min(extents, max(0, content.count - at) / width)
            for extent in 0..<usable {
                at += indexSize
                guard let offset = content.uintbe(at, width: offsetSize),
                    let length = content.uintbe(at + offsetSize, width: lengthSize)
                else { return result }
                at += offsetSize + lengthSize
                let (start, overflow) = base.addingReportingOverflow(offset)
                if extent == 0, !overflow { result[id] = (method, start, length) }
            }
        }
        return result
    }
}
