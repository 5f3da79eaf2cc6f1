/// Tells a camera's raw file from a photo, by content, before any port reads it.
///
/// ORF, RW2, RAF and CR3 have signatures of their own (their rows in `MediaFormat`). CR2,
/// DNG, NEF, ARW and PEF are TIFF structures whose first image is only a small preview:
/// CR2 says `CR` right after the header, DNG carries its version tag (0xC612), and NEF,
/// ARW and PEF hold a sub-image (SubIFDs, 0x014A) larger than the first, told apart by
/// their maker (the `Make` tag). A TIFF whose sub-image is smaller is a pyramid, a TIFF
/// like any other.
///
/// Only the header, the first directory, its first sub-image directory and the maker's
/// name are read: a few bounded reads, wherever in the file the directories lie. A file
/// whose structure cannot be followed (cut short, offsets past its end) is no raw here;
/// the photo port then says what is wrong with it as a TIFF.
enum RawSignature {
    /// Reads up to `count` bytes at `offset`; fewer (or none) where the file ends.
    typealias Read = (_ offset: Int, _ count: Int) -> [UInt8]

    /// The raw format of a file with these bytes, or nil when it is no camera raw.
    static func format(of bytes: [UInt8]) -> MediaFormat? {
        format { offset, count in
            guard offset < bytes.count else { return [] }
            return Array(bytes[offset..<min(bytes.count, offset + count)])
        }
    }

    /// The raw format of the file at `path`, or nil when it is no camera raw (or cannot be read).
    static func format(ofFileAt path: String) -> MediaFormat? {
        FileSystem.withPositionalReads(path) { read in format(read) } ?? nil
    }

    /// The raw format of the file `read` reads, or nil when it is no camera raw.
    static func format(_ read: Read) -> MediaFormat? {
        let head = read(0, MediaFormat.sniffLength)
        guard let sniffed = MediaFormat.sniff(head) else { return nil }
        if sniffed.kind == .raw { return sniffed }
        guard sniffed == .tiff else { return nil }
        return withoutActuallyEscaping(read) { read in
            TIFFDirectories(read: read, little: head[0] == 0x49).rawFormat()
        }
    }

    /// The entries of a TIFF's directories, read on demand.
    private struct TIFFDirectories {
        let read: Read
        let little: Bool

        typealias Entry = (tag: Int, type: Int, count: Int, at: Int)

        func u16(_ i: Int) -> Int? {
            let b = read(i, 2)
            guard b.count == 2 else { return nil }
            return little ? Int(b[0]) | Int(b[1]) << 8 : Int(b[0]) << 8 | Int(b[1])
        }

        func u32(_ i: Int) -> Int? {
            let b = read(i, 4)
            guard b.count == 4 else { return nil }
            let bytes = little ? b.reversed() : b
            return bytes.reduce(0) { $0 << 8 | Int($1) }
        }

        /// The directory at `start`: tag, type, count and where its value field lies.
        func entries(at start: Int) -> [Entry]? {
            guard let count = u16(start) else { return nil }
            let table = read(start + 2, count * 12)
            guard table.count == count * 12 else { return nil }
            let local = TIFFDirectories(
                read: { offset, length in Array(table[offset..<offset + length]) }, little: little)
            return (0..<count).compactMap { entry in
                let at = entry * 12
                guard let tag = local.u16(at), let type = local.u16(at + 2), let values = local.u32(at + 4) else {
                    return nil
                }
                return (tag, type, values, start + 2 + at + 8)
            }
        }

        /// A SHORT sits in the first two bytes of the value field, a LONG fills it.
        func value(_ entry: Entry) -> Int? { entry.type == 3 ? u16(entry.at) : u32(entry.at) }

        /// The pixel count of a directory's image; `Int.max` when it is too large to count
        /// (two 32-bit sides near 4 Gi overflow `Int`).
        func area(_ directory: [Entry]) -> Int? {
            guard let width = directory.first(where: { $0.tag == 0x0100 }).flatMap(value),
                let height = directory.first(where: { $0.tag == 0x0101 }).flatMap(value)
            else { return nil }
            let (area, overflow) = width.multipliedReportingOverflow(by: height)
            return overflow ? .max : area
        }

        func rawFormat() -> MediaFormat? {
            guard let first = u32(4), first >= 8, let directory = entries(at: first), let size = area(directory)
            else { return nil }
            // Canon's CR2 says so right after the header; DNG by its version tag.
            var found: MediaFormat? =
                read(8, 2) == Array("CR".utf8) ? .cr2 : directory.contains { $0.tag == 0xC612 } ? .dng : nil
            for entry in directory where entry.tag == 0x014A {
                // Sub-images (NEF, ARW, PEF, and pyramids): one larger than the first image
                // makes that image only its preview.
                guard let pointer = u32(entry.at) else { return nil }
                guard let offset = entry.count == 1 ? pointer : u32(pointer), let sub = entries(at: offset)
                else { return nil }
                if found == nil, let subSize = area(sub), subSize > size { found = maker(directory) }
            }
            return found
        }

        /// The TIFF-structured raw format its `Make` tag names.
        func maker(_ directory: [Entry]) -> MediaFormat {
            guard let make = directory.first(where: { $0.tag == 0x010F && $0.type == 2 }) else { return .tiffRaw }
            let length = min(make.count, 32)
            let at = make.count <= 4 ? make.at : u32(make.at) ?? -1
            let name = at < 0 ? "" : String(decoding: read(at, length), as: UTF8.self).uppercased()
            if name.hasPrefix("NIKON") { return .nef }
            if name.hasPrefix("SONY") { return .arw }
            if name.hasPrefix("PENTAX") || name.hasPrefix("RICOH") || name.hasPrefix("ASAHI") { return .pef }
            return .tiffRaw
        }
    }
}
