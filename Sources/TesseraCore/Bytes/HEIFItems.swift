import Foundation

/// The item table of a HEIF or AVIF file's `meta` box (ISO/IEC 23008-12): which item is
/// the primary image (`pitm`), each item's type (`iinf`) and where its data lies (`iloc`,
/// `idat`). The verifier reads it for metadata items; the photo pipeline for the canvas a
/// grid or overlay image is drawn on (`primaryCanvas`), which libheif sizes from the
/// item's data, not from the size the file states.
package enum HEIFItems {
    /// How much of a `meta` box is read: a phone's photo has one of some kilobytes.
    static let metaLimit = 4 << 20
    /// Top-level boxes followed before giving up.
    static let boxLimit = 64

    /// One `infe` entry: an item's number, four-character type (`hvc1`, `av01`, `grid`,
    /// `iovl`, `Exif`, `mime` …) and, for `mime`, its content type.
    struct Info {
        var id: Int
        var type: String
        var contentType: String
    }

    /// Where an item's data starts: `method` 0 in the file, 1 in the `meta` box's `idat`.
    struct Location: Equatable {
        var method: Int
        var offset: Int
        var length: Int
    }

    /// The table of one `meta` box, from its children: the items of every `iinf` box (a
    /// file with two shows the verifier both), and the last `pitm`, `iloc` and `idat`.
    struct Table {
        var primary: Int?
        var items: [Info] = []
        var locations: [Int: Location] = [:]
        var idat: ByteView?

        init(meta children: [ISOBox.Child]) {
            for child in children {
                switch child.type {
                case "pitm": primary = HEIFItems.primary(child.content)
                case "iinf": items += HEIFItems.infos(child.content)
                case "iloc": locations = HEIFItems.locations(child.content)
                case "idat": idat = child.content
                default: break
                }
            }
        }
    }

    /// The `infe` entries of an `iinf` box (versions 2 and 3 name the item's type).
    static func infos(_ content: ByteView) -> [Info] {
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
            return Info(id: id, type: type, contentType: contentType)
        }
    }

    /// Each item's first extent from an `iloc` box: how it is stored (0 in the file,
    /// 1 in `idat`), where and how long.
    static func locations(_ content: ByteView) -> [Int: Location] {
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
        var result: [Int: Location] = [:]
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
                if extent == 0, !overflow { result[id] = Location(method: method, offset: start, length: length) }
            }
        }
        return result
    }

    /// The primary item's number, from a `pitm` box's content.
    static func primary(_ content: ByteView) -> Int? {
        guard let version = content.u8(0) else { return nil }
        return content.uintbe(4, width: version == 0 ? 2 : 4)
    }

    /// What the item table says of the canvas the primary image is drawn on.
    package enum PrimaryCanvas: Equatable, Sendable {
        /// The primary image is coded directly: its `ispe` is its size.
        case coded
        /// A grid of tiles (`grid`) or an overlay (`iovl`), drawn on a canvas of this size.
        case size(PixelSize)
        /// A grid or overlay whose size the table cannot be followed to: libheif, whose
        /// reading is more forgiving, may still find a canvas there of any size (an `iloc`
        /// with an index size of 11 bytes, which no file may have, hid a 22,605 × 20,512
        /// grid that took 3 GB), so the photo is refused.
        case unreadable
        /// No primary item of a type Tessera reads is found (an `infe` of an early version,
        /// a `meta` box longer than `metaLimit` with its table at the end): libheif decides,
        /// held to the stated size (`HEIFFile.canvasLimit`), as before the table was read.
        case unknown
    }

    /// The canvas of the primary image as the file's item table states it.
    ///
    /// Only the top-level box headers, the `meta` box (its first `metaLimit` bytes) and
    /// the item's first 32 bytes are read, wherever they lie.
    package static func primaryCanvas(ofFileAt path: String) -> PrimaryCanvas {
        FileSystem.withPositionalReads(path) { primaryCanvas($0) } ?? .unknown
    }

    /// `primaryCanvas(ofFileAt:)` of the file `read` reads.
    static func primaryCanvas(_ read: (_ offset: Int, _ count: Int) -> [UInt8]) -> PrimaryCanvas {
        guard let (box, offset) = ISOBox.firstTopLevel("meta", limit: boxLimit, read) else { return .unknown }
        // A `meta` box to the end of the file (size 0), or longer than `metaLimit`, is read
        // that far: the boxes wholly inside it are the table.
        let length = box.size == 0 ? metaLimit : min(box.size - box.headerSize, metaLimit)
        return read(offset + box.headerSize, length).withByteView { meta in canvas(meta: meta, read) }
    }

    /// `primaryCanvas` within a `meta` box's content (a full box: 4 bytes before its children).
    private static func canvas(
        meta: ByteView, _ read: (_ offset: Int, _ count: Int) -> [UInt8]
    ) -> PrimaryCanvas {
        let table = Table(meta: ISOBox.children(of: meta.slice(4, meta.count - 4)))
        guard let primaryID = table.primary, let item = table.items.first(where: { $0.id == primaryID }) else {
            return .unknown
        }
        guard item.type == "grid" || item.type == "iovl" else { return .coded }
        guard let location = table.locations[primaryID] else { return .unreadable }
        let length = min(location.length == 0 ? 32 : location.length, 32)
        let data: [UInt8]
        switch location.method {
        case 0: data = read(location.offset, length)
        case 1: data = table.idat.map { Array($0.slice(location.offset, length).bytes) } ?? []
        default: return .unreadable
        }
        return data.withByteView { canvas(of: item.type, data: $0) }.map(PrimaryCanvas.size) ?? .unreadable
    }

    /// The output size an `ImageGrid` or `ImageOverlay` structure states: after its
    /// version and flags (and a grid's rows and columns, an overlay's fill colour), width
    /// and height of 16 bits, or of 32 when flag bit 0 is set.
    static func canvas(of type: String, data: ByteView) -> PixelSize? {
        guard let flags = data.u8(1) else { return nil }
        let width = flags & 1 == 1 ? 4 : 2
        let at = type == "grid" ? 4 : 10
        guard let w = data.uintbe(at, width: width), let h = data.uintbe(at + width, width: width) else { return nil }
        return PixelSize(width: w, height: h)
    }
}
