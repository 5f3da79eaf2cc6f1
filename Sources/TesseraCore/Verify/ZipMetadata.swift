/// What the images and videos inside a ZIP archive carry: an album's ZIP (`zip: true`),
/// or one a site was given by hand or by another tool (sigal's `zip_gallery`), whose
/// photos a visitor unpacks with their EXIF. `verify` looked only at the archive, so a
/// member with a GPS position passed.
///
/// Read from the central directory at the end (as unzip reads it), each entry's data found
/// through its local header; entries and bytes are bounded by the archive's own length,
/// each member read once. Stored members (Tessera's are all stored) are walked as any file
/// is; a compressed one cannot be looked into here (Core has no inflater) and is said so.
/// No ZIP64, as Tessera writes none.
enum ZipMetadata {
    /// Whether the bytes start as a ZIP archive does: a local file header.
    static func isZip(_ view: ByteView) -> Bool {
        view.u32le(0) == Int(ZipRecord.localHeader)
    }

    static func findings(_ view: ByteView, inflate: PNGMetadata.Inflater?) -> [MetadataFinding] {
        guard let end = endOfCentralDirectory(view), let entries = view.u16le(end + 10),
            let size = view.u32le(end + 12), let start = view.u32le(end + 16), view.has(start, size)
        else {
            return [
                MetadataFinding(
                    .unexamined, "a ZIP archive whose directory cannot be read: its members were not looked into")
            ]
        }
        var found: [MetadataFinding] = []
        var offset = start
        for _ in 0..<entries {
            guard view.u32le(offset) == Int(ZipRecord.centralHeader), let method = view.u16le(offset + 10),
                let compressed = view.u32le(offset + 20), let nameLength = view.u16le(offset + 28),
                let extraLength = view.u16le(offset + 30), let commentLength = view.u16le(offset + 32),
                let local = view.u32le(offset + 42), view.has(offset + 46, nameLength)
            else { break }
            let name = view.text(offset + 46, nameLength)
            offset += 46 + nameLength + extraLength + commentLength
            guard offset <= start + size else { break }
            // The data follows the local header, whose name and extra field may differ in length.
            guard view.u32le(local) == Int(ZipRecord.localHeader), let localName = view.u16le(local + 26),
                let localExtra = view.u16le(local + 28), view.has(local + 30 + localName + localExtra, compressed)
            else {
                found.append(MetadataFinding(.unexamined, "\(name) in the ZIP: its data cannot be found"))
                continue
            }
            let data = local + 30 + localName + localExtra
            guard method == 0 else {
                if compressed > 0 {
                    found.append(
                        MetadataFinding(.unexamined, "\(name) in the ZIP: compressed, so not looked into for metadata"))
                }
                continue
            }
            let member = view.slice(data, compressed)
            // One archive deep: a ZIP inside is not opened, and is said so.
            guard !isZip(member) else {
                found.append(MetadataFinding(.unexamined, "\(name) in the ZIP: an archive itself, not looked into"))
                continue
            }
            found += MediaMetadata.findings(in: member.bytes, inflate: inflate).map {
                MetadataFinding($0.kind, "\(name) in the ZIP: \($0.detail)")
            }
        }
        return found
    }

    /// The names of the archive's members as its central directory lists them (UTF-8, as
    /// Tessera writes them), at most as many as the directory's own length allows; none
    /// when it cannot be read.
    static func memberNames(_ view: ByteView) -> [String] {
        guard let end = endOfCentralDirectory(view), let entries = view.u16le(end + 10),
            let size = view.u32le(end + 12), let start = view.u32le(end + 16), view.has(start, size)
        else { return [] }
        var names: [String] = []
        var offset = start
        for _ in 0..<entries {
            guard view.u32le(offset) == Int(ZipRecord.centralHeader), let nameLength = view.u16le(offset + 28),
                let extraLength = view.u16le(offset + 30), let commentLength = view.u16le(offset + 32),
                view.has(offset + 46, nameLength), offset + 46 + nameLength <= start + size
            else { break }
            names.append(String(decoding: view.slice(offset + 46, nameLength).bytes, as: UTF8.self))
            offset += 46 + nameLength + extraLength + commentLength
        }
        return names
    }

    /// Where the end-of-central-directory record starts: its signature, searched from the
    /// end back over the longest comment a ZIP may have (65,535 bytes).
    private static func endOfCentralDirectory(_ view: ByteView) -> Int? {
        guard view.count >= 22 else { return nil }
        let earliest = max(0, view.count - 22 - 65_535)
        var offset = view.count - 22
        while offset >= earliest {
            if view.u32le(offset) == Int(ZipRecord.endOfCentralDirectory) { return offset }
            offset -= 1
        }
        return nil
    }
}
