/// The identifier Apple's camera writes into both files of a Live Photo, so that the still
/// and its movie can be told to belong together: in the movie as the QuickTime metadata
/// item `com.apple.quicktime.content.identifier` (`moov/meta`, its `keys` and `ilst`), in
/// a still as tag 0x0011 of the Apple MakerNote (`Apple iOS`, in EXIF's MakerNote), which
/// a JPEG holds in its APP1 segment and a HEIC in its `Exif` item.
///
/// The readers are bounded by the bytes given and never read outside them; a structure
/// they cannot follow says nothing (nil). Boxes are walked by `ISOBox`, JPEG segments by
/// `JPEGSegments` and TIFF directories by `TIFFDirectory`, as the verifier walks them.
enum AppleContentIdentifier {
    /// The MakerNote tag that holds the identifier.
    static let makerNoteTag = 0x0011

    // MARK: The movie

    /// The identifier a `moov` box's content holds in its metadata (`moov/meta`, or
    /// `moov/udta/meta`), or nil.
    static func ofMovie(moov bytes: [UInt8]) -> String? {
        bytes.withByteView { moov in
            let top = ISOBox.children(of: moov)
            let metas =
                top.filter { $0.type == "meta" }
                + top.filter { $0.type == "udta" }.flatMap {
                    ISOBox.children(of: $0.content).filter { $0.type == "meta" }
                }
            for meta in metas {
                if let found = ofMetadata(meta.content) { return found }
            }
            return nil
        }
    }

    /// The identifier of one `meta` box: its `keys` name it, its `ilst` holds its value
    /// under the key's 1-based index. QuickTime's `meta` holds boxes at once; ISO's starts
    /// with a version and flags.
    private static func ofMetadata(_ meta: ByteView) -> String? {
        for skip in [0, 4] where meta.count > skip {
            let children = ISOBox.children(of: meta.slice(skip, meta.count - skip))
            guard let keys = children.first(where: { $0.type == "keys" })?.content,
                let items = children.first(where: { $0.type == "ilst" })?.content,
                let index = keyIndex(keys)
            else { continue }
            for item in ISOBox.children(of: items) where item.box.code == UInt32(index) {
                guard let data = ISOBox.children(of: item.content).first(where: { $0.type == "data" })?.content,
                    data.count > 8, data.u32be(0) == 1  // UTF-8
                else { continue }
                return text(data.slice(8, data.count - 8))
            }
        }
        return nil
    }

    /// The 1-based index of the content identifier among a `keys` box's keys: after its
    /// version, flags and count, each key is a box of the key's namespace and name.
    private static func keyIndex(_ keys: ByteView) -> Int? {
        guard let count = keys.u32be(4), count > 0 else { return nil }
        let named = ISOBox.children(of: keys.slice(8, keys.count - 8)).prefix(count)
        guard
            let found = named.firstIndex(where: { key in
                key.content.count == QuickTimeMovie.contentIdentifierKey.count
                    && key.content.bytes.elementsEqual(QuickTimeMovie.contentIdentifierKey)
            })
        else { return nil }
        return found + 1
    }

    // MARK: The still

    /// The identifier in a JPEG's Apple MakerNote, from the file's head (its EXIF segment
    /// comes first), or nil.
    static func ofJPEG(_ head: [UInt8]) -> String? {
        head.withByteView { view in
            guard JPEGMetadata.isJPEG(view) else { return nil }
            for part in JPEGSegments(view) {
                switch part {
                case .segment(0xE1, let offset, let length):
                    let data = view.slice(offset + 4, length - 2)
                    if data.matches(0, "Exif\0\0"), let found = ofEXIF(data) { return found }
                case .cutOff(0xE1, let offset):
                    // The head ends inside the segment: what is there may hold the identifier.
                    let data = view.slice(offset + 4, view.count)
                    if data.matches(0, "Exif\0\0"), let found = ofEXIF(data) { return found }
                case .segment(0xDA, _, _), .end, .cutOff, .unreadable:
                    // The metadata segments come before the first scan.
                    return nil
                default:
                    continue
                }
            }
            return nil
        }
    }

    /// The identifier in an EXIF block, as a JPEG's APP1 segment or a HEIF's `Exif` item
    /// (through libheif) holds it: `Exif\0\0` (perhaps), the TIFF structure, IFD0 → the
    /// EXIF directory → MakerNote (0x927C) → Apple's directory → tag 0x0011.
    static func ofEXIF(_ block: [UInt8]) -> String? {
        block.withByteView(ofEXIF)
    }

    private static func ofEXIF(_ block: ByteView) -> String? {
        let tiff = block.matches(0, "Exif\0\0") ? block.slice(6, block.count - 6) : block
        guard let header = TIFFDirectory.header(tiff),
            let exif = entry(0x8769, in: tiff, at: header.firstDirectory, little: header.littleEndian)?.value,
            let note = entry(0x927C, in: tiff, at: exif, little: header.littleEndian),
            tiff.has(note.value, note.count)
        else { return nil }
        let makerNote = tiff.slice(note.value, note.count)
        // `Apple iOS\0`, a version (0x0001), `MM`, then a big-endian directory whose
        // offsets count from the MakerNote's start.
        guard makerNote.count > 16, makerNote.matches(0, "Apple iOS\0"), makerNote.matches(12, "MM"),
            let tag = entry(makerNoteTag, in: makerNote, at: 14, little: false), tag.type == 2
        else { return nil }
        let start = tag.count <= 4 ? tag.field : tag.value
        guard makerNote.has(start, tag.count) else { return nil }
        return text(makerNote.slice(start, tag.count))
    }

    /// The first entry for `tag` in the TIFF directory at `directory`.
    private static func entry(
        _ tag: Int, in bytes: ByteView, at directory: Int, little: Bool
    ) -> TIFFDirectory.Entry? {
        TIFFDirectory.entries(bytes, at: directory, littleEndian: little)?.first { $0.tag == tag }
    }

    /// Printable text, NULs at the end left out; nil when empty.
    private static func text(_ bytes: ByteView) -> String? {
        let trimmed = bytes.bytes.prefix { $0 != 0 }
        guard !trimmed.isEmpty, trimmed.count <= 256 else { return nil }
        return String(decoding: trimmed, as: UTF8.self)
    }
}
