extension ISOMediaMetadata {
    /// A HEIF or AVIF `meta` box: its `Exif` items (looked into for a GPS directory
    /// through `iloc`) and `mime` items (XMP), and any tags beside them.
    static func itemFindings(meta children: [ISOBox.Child], file: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        var exifItems: [Int] = []
        let table = HEIFItems.Table(meta: children)
        for item in table.items {
            switch item.type {
            case "Exif":
                exifItems.append(item.id)
            case "mime":
                let isXMP = item.contentType.contains("rdf+xml") || item.contentType.contains("xmp")
                let detail = "mime item '\(item.contentType)' (item \(item.id))"
                guard isXMP else {
                    found.append(MetadataFinding(.text, detail))
                    continue
                }
                found.append(
                    payload(of: item.id, in: table, file: file).map { MetadataFinding.xmp($0, detail) }
                        ?? MetadataFinding(.xmp, detail))
            case "uri ":
                found.append(MetadataFinding(.text, "uri item (item \(item.id))"))
            default:
                break
            }
        }
        found += metadataBox(children: children)
        for id in exifItems {
            // The payload starts with the offset of the TIFF header after it.
            if let payload = payload(of: id, in: table, file: file), let skip = payload.u32be(0) {
                found.append(TIFFTags.exifFinding(payload.slice(4 + skip, payload.count - 4 - skip), in: "Exif item"))
            } else {
                found.append(MetadataFinding(.exif, "Exif item"))
            }
        }
        return found
    }

    /// An item's bytes, where `iloc` places them in the file or in `idat`.
    private static func payload(of id: Int, in table: HEIFItems.Table, file: ByteView) -> ByteView? {
        guard let location = table.locations[id] else { return nil }
        let source = location.method == 1 ? table.idat : location.method == 0 ? file : nil
        return source.map { $0.slice(location.offset, location.length) }
    }

    /// Tags in an image's `meta` box (rare, but as a movie's).
    private static func metadataBox(children: [ISOBox.Child]) -> [MetadataFinding] {
        children.contains { $0.type == "keys" || $0.type == "ilst" }
            ? [MetadataFinding(.text, "meta box tags")] : []
    }
}
