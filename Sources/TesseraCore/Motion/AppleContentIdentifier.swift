/// The identifier Apple's camera writes into both files of a Live Photo, so that the still
/// and its movie can be told to belong together: in the movie as the QuickTime metadata
/// item `com.apple.quicktime.content.identifier` (`moov/meta`, its `keys` and `ilst`), in
/// a JPEG still as tag 0x0011 of the Apple MakerNote (`Apple iOS`, in EXIF's MakerNote).
///
/// Both readers are bounded by the bytes given and never read outside them; a structure
/// they cannot follow says nothing (nil).
enum AppleContentIdentifier {
    /// The MakerNote tag that holds the identifier.
    static let makerNoteTag = 0x0011

    // MARK: The movie

    /// The identifier a `moov` box's content holds in its metadata (`moov/meta`, or
    /// `moov/udta/meta`), or nil.
    static func ofMovie(moov bytes: [UInt8]) -> String? {
        let top = boxes(bytes[...])
        let metas =
            top.filter { $0.type == fourCC("meta") }
            + top.filter { $0.type == fourCC("udta") }.flatMap { boxes($0.body).filter { $0.type == fourCC("meta") } }
        for meta in metas {
            if let found = ofMetadata(meta.body) { return found }
        }
        return nil
    }

    /// The identifier of one `meta` box: its `keys` name it, its `ilst` holds its value
    /// under the key's 1-based index. QuickTime's `meta` holds boxes at once; ISO's starts
    /// with a version and flags.
    private static func ofMetadata(_ meta: ArraySlice<UInt8>) -> String? {
        for skip in [0, 4] where meta.count > skip {
            let children = boxes(meta.dropFirst(skip))
            guard let keys = children.first(where: { $0.type == fourCC("keys") })?.body,
                let items = children.first(where: { $0.type == fourCC("ilst") })?.body,
                let index = keyIndex(keys)
            else { continue }
            for item in boxes(items) where item.type == UInt32(index) {
                guard let data = boxes(item.body).first(where: { $0.type == fourCC("data") })?.body,
                    data.count > 8, number(data, at: 0, width: 4) == 1  // UTF-8
                else { continue }
                return text(data.dropFirst(8))
            }
        }
        return nil
    }

    /// The 1-based index of the content identifier among a `keys` box's keys.
    private static func keyIndex(_ keys: ArraySlice<UInt8>) -> Int? {
        guard let count = number(keys, at: 4, width: 4), count > 0 else { return nil }
        var offset = 8
        for index in 1...max(1, min(count, keys.count / 8)) where offset < keys.count {
            guard let size = number(keys, at: offset, width: 4), size >= 8, offset + size <= keys.count else {
                return nil
            }
            let start = keys.startIndex + offset
            if keys[(start + 8)..<(start + size)].elementsEqual(QuickTimeMovie.contentIdentifierKey) { return index }
            offset += size
        }
        return nil
    }

    // MARK: The still

    /// The identifier in a JPEG's Apple MakerNote, from the file's head (its EXIF segment
    /// comes first), or nil.
    static func ofJPEG(_ head: [UInt8]) -> String? {
        guard head.count > 4, head[0] == 0xFF, head[1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 4 <= head.count, head[offset] == 0xFF {
            let marker = head[offset + 1]
            // Start of scan or end of image: the metadata segments are behind.
            if marker == 0xDA || marker == 0xD9 { return nil }
            guard let length = number(head[...], at: offset + 2, width: 2), length >= 2 else { return nil }
            let body = head[(offset + 4)..<min(head.count, offset + 2 + length)]
            if marker == 0xE1, body.starts(with: Array("Exif\0\0".utf8)) {
                if let found = ofTIFF(Array(body.dropFirst(6))) { return found }
            }
            offset += 2 + length
        }
        return nil
    }

    /// The identifier in an EXIF block's TIFF structure: IFD0 → the EXIF directory →
    /// MakerNote (0x927C) → Apple's directory → tag 0x0011.
    static func ofTIFF(_ tiff: [UInt8]) -> String? {
        let little: Bool
        switch (tiff.first, tiff.dropFirst().first) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        let tiffBytes = tiff[...]
        func read(_ at: Int, _ width: Int) -> Int? { number(tiffBytes, at: at, width: width, little: little) }
        guard read(2, 2) == 42, let ifd0 = read(4, 4),
            let exif = entry(0x8769, in: tiffBytes, at: ifd0, little: little)?.value,
            let note = entry(0x927C, in: tiffBytes, at: exif, little: little),
            note.value >= 0, note.value + note.count <= tiff.count
        else { return nil }
        let makerNote = Array(tiff[note.value..<(note.value + note.count)])
        // `Apple iOS\0`, a version (0x0001), `MM`, then a big-endian directory whose
        // offsets count from the MakerNote's start.
        guard makerNote.count > 16, makerNote.starts(with: Array("Apple iOS\0".utf8)), makerNote[12] == 0x4D,
            makerNote[13] == 0x4D,
            let tag = entry(makerNoteTag, in: makerNote[...], at: 14, little: false), tag.type == 2
        else { return nil }
        let start = tag.count <= 4 ? tag.field : tag.value
        guard start >= 0, start + tag.count <= makerNote.count else { return nil }
        return text(makerNote[start..<(start + tag.count)])
    }

    /// One entry of the TIFF directory at `directory`: its type, count, value (or offset)
    /// and where its 4-byte value field lies.
    private static func entry(
        _ tag: Int, in bytes: ArraySlice<UInt8>, at directory: Int, little: Bool
    ) -> (type: Int, count: Int, value: Int, field: Int)? {
        guard let entries = number(bytes, at: directory, width: 2, little: little) else { return nil }
        for index in 0..<min(entries, max(0, (bytes.count - directory - 2) / 12)) {
            let at = directory + 2 + 12 * index
            guard number(bytes, at: at, width: 2, little: little) == tag,
                let type = number(bytes, at: at + 2, width: 2, little: little),
                let count = number(bytes, at: at + 4, width: 4, little: little),
                let value = number(bytes, at: at + 8, width: 4, little: little)
            else { continue }
            return (type, count, value, at + 8)
        }
        return nil
    }

    // MARK: Bytes

    /// The boxes laid end to end in `bytes` (32-bit sizes; a type any four bytes, as
    /// `ilst`'s items are numbered), each with its content.
    private static func boxes(_ bytes: ArraySlice<UInt8>) -> [(type: UInt32, body: ArraySlice<UInt8>)] {
        var found: [(type: UInt32, body: ArraySlice<UInt8>)] = []
        var offset = 0
        while offset + 8 <= bytes.count, found.count < 256 {
            guard let size = number(bytes, at: offset, width: 4), size >= 8, offset + size <= bytes.count,
                let type = number(bytes, at: offset + 4, width: 4)
            else { break }
            let start = bytes.startIndex + offset
            found.append((UInt32(type), bytes[(start + 8)..<(start + size)]))
            offset += size
        }
        return found
    }

    private static func fourCC(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }

    /// The unsigned number of `width` bytes at `at` (counted from the slice's start).
    private static func number(_ bytes: ArraySlice<UInt8>, at: Int, width: Int, little: Bool = false) -> Int? {
        guard at >= 0, at + width <= bytes.count else { return nil }
        let start = bytes.startIndex + at
        let field = bytes[start..<(start + width)]
        return (little ? field.reversed() : Array(field)).reduce(0) { $0 << 8 | Int($1) }
    }

    /// Printable text, NULs at the end left out; nil when empty.
    private static func text(_ bytes: ArraySlice<UInt8>) -> String? {
        let trimmed = bytes.prefix { $0 != 0 }
        guard !trimmed.isEmpty, trimmed.count <= 256 else { return nil }
        return String(decoding: trimmed, as: UTF8.self)
    }
}
