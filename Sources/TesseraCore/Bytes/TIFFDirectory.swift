/// The one reader of TIFF structures' directories (IFDs), as EXIF blocks, TIFF files and
/// makers' notes hold them: the header's byte order and first directory, and a directory's
/// entries. The verifier's tags (`TIFFTags`) and Apple's content identifier in a MakerNote
/// (`AppleContentIdentifier`) both read through it.
///
/// A directory gives at most as many entries as the bytes after it can hold: linear in the
/// block's length and never outside it.
enum TIFFDirectory {
    /// One 12-byte entry: the tag, its field type, how many values, and its 4-byte value
    /// field as a number (the value itself, or the offset of the values when they do not fit).
    struct Entry: Equatable {
        var tag: Int
        var type: Int
        var count: Int
        var value: Int
        /// Where the value field lies in the bytes read, for values of 4 bytes or fewer.
        var field: Int
    }

    /// The numbers a TIFF header has after its byte order: TIFF's 42, and the camera raws
    /// built as TIFF under a number of their own, Olympus ORF (`RO`, `SR`) and Panasonic RW2
    /// (85), whose directories and GPS a reader such as exiftool reads alike.
    static let magics: Set<Int> = [42, 0x4F52, 0x5352, 0x55]

    /// The byte order (`II` little-endian, `MM` big-endian) and the offset of the first
    /// directory of the TIFF header at the start of `view`, or nil when it is none.
    static func header(_ view: ByteView) -> (littleEndian: Bool, firstDirectory: Int)? {
        let little: Bool
        if view.matches(0, "II") {
            little = true
        } else if view.matches(0, "MM") {
            little = false
        } else {
            return nil
        }
        guard let magic = u16(view, 2, little), magics.contains(magic),
            let first = u32(view, 4, little)
        else { return nil }
        return (little, first)
    }

    /// The entries of the directory at `offset`, in order, or nil when its entry count
    /// lies outside the bytes.
    static func entries(_ view: ByteView, at offset: Int, littleEndian little: Bool) -> [Entry]? {
        guard let count = u16(view, offset, little) else { return nil }
        let held = min(count, max(0, (view.count - offset - 2) / 12))
        return (0..<held).compactMap { index in
            let at = offset + 2 + 12 * index
            guard let tag = u16(view, at, little),
                let type = u16(view, at + 2, little),
                let count = u32(view, at + 4, little),
                let value = u32(view, at + 8, little)
            else { return nil }
            return Entry(tag: tag, type: type, count: count, value: value, field: at + 8)
        }
    }

    /// The offset of the directory after the one at `offset` of `entryCount` entries
    /// (0 when it is the last), or nil when the link lies outside the bytes.
    static func next(_ view: ByteView, after offset: Int, entryCount: Int, littleEndian little: Bool) -> Int? {
        u32(view, offset + 2 + 12 * entryCount, little)
    }

    private static func u16(_ view: ByteView, _ at: Int, _ little: Bool) -> Int? {
        little ? view.u16le(at) : view.u16be(at)
    }

    private static func u32(_ view: ByteView, _ at: Int, _ little: Bool) -> Int? {
        little ? view.u32le(at) : view.u32be(at)
    }
}
