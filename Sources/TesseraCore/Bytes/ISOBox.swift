/// The header of one box of an ISO base media file (MP4, MOV, HEIF): its size, type and
/// how many bytes the header takes; and the one walk over boxes laid end to end, which the
/// Live Photo readers (`QuickTimeMovie`, `AppleContentIdentifier`) and the verifier's
/// metadata reader (`ISOMediaMetadata`) all take.
struct ISOBox: Sendable, Hashable {
    /// The whole box's size in bytes, header included; 0 when it runs to the end of the file.
    var size: Int
    /// The four-character type (`ftyp`, `moov`, `mdat` …) as text: ASCII as it is, 0xA9 as
    /// `©` (QuickTime's `©xyz`), other bytes as `?` (`ByteView.text`).
    var type: String
    /// The type's four bytes as a big-endian number: `ilst` numbers its items by the index
    /// of their key, which no text shows.
    var code: UInt32
    /// 8, or 16 with a 64-bit size.
    var headerSize: Int

    /// A box found inside a buffer by `children(of:)`.
    struct Child {
        var box: ISOBox
        /// The box's content, after its header.
        var content: ByteView
        /// Where the content starts, counted from `base` (the file's start when the buffer
        /// is the whole file).
        var offset: Int

        var type: String { box.type }
    }

    /// The header at `offset` of `view`, or nil when none can be read there: fewer than 8
    /// bytes, a 32-bit size under 8, or a 64-bit size cut off or under 16.
    static func header(_ view: ByteView, at offset: Int) -> ISOBox? {
        guard view.has(offset, 8), let short = view.u32be(offset), let code = view.u32be(offset + 4) else {
            return nil
        }
        let type = view.text(offset + 4, 4)
        switch short {
        case 0: return ISOBox(size: 0, type: type, code: UInt32(code), headerSize: 8)
        case 1:
            guard let long = view.uintbe(offset + 8, width: 8), long >= 16 else { return nil }
            return ISOBox(size: long, type: type, code: UInt32(code), headerSize: 16)
        default:
            guard short >= 8 else { return nil }
            return ISOBox(size: short, type: type, code: UInt32(code), headerSize: 8)
        }
    }

    /// The header of the box at `offset` of a file `read` reads, or nil when none can be
    /// read there (cut short, a size smaller than its header, a type that is not four
    /// printable characters: no box stream).
    static func header(at offset: Int, _ read: (_ offset: Int, _ count: Int) -> [UInt8]) -> ISOBox? {
        read(offset, 16).withByteView { head in
            guard let box = header(head, at: 0), (0..<4).allSatisfy({ (0x20..<0x7F).contains(head.bytes[4 + $0]) })
            else { return nil }
            return box
        }
    }

    /// The first top-level box of `type` in the file `read` reads, with the offset of its
    /// header: headers are followed from the file's start, at most `limit` of them; nil
    /// when one cannot be read, or a box before it runs to the end of the file (size 0).
    static func firstTopLevel(
        _ type: String, limit: Int, _ read: (_ offset: Int, _ count: Int) -> [UInt8]
    ) -> (box: ISOBox, offset: Int)? {
        var offset = 0
        for _ in 0..<limit {
            guard let box = header(at: offset, read) else { return nil }
            if box.type == type { return (box, offset) }
            guard box.size > 0 else { return nil }
            let (next, overflow) = offset.addingReportingOverflow(box.size)
            guard !overflow else { return nil }
            offset = next
        }
        return nil
    }

    /// The boxes directly inside `view`, in order, each with its content: a box of size 0
    /// runs to the end of `view`; a box claiming more than `view` holds, or a header that
    /// cannot be read, ends the list. Linear in `view`'s length: each box takes 8 bytes or more.
    static func children(of view: ByteView, base: Int = 0) -> [Child] {
        var found: [Child] = []
        var index = 0
        while let box = header(view, at: index) {
            let size = box.size == 0 ? view.count - index : box.size
            guard size >= box.headerSize, size <= view.count - index else { break }
            found.append(
                Child(
                    box: box, content: view.slice(index + box.headerSize, size - box.headerSize),
                    offset: base + index + box.headerSize))
            index += size
        }
        return found
    }

    /// The four-character code `name` as `code` holds it.
    static func code(_ name: StaticString) -> UInt32 {
        name.withUTF8Buffer { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }
}
