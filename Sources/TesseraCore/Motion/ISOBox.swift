/// The header of one box of an ISO base media file (MP4, MOV, HEIF): its size, type and
/// how many bytes the header takes.
struct ISOBox: Sendable, Hashable {
    /// The whole box's size in bytes, header included; 0 when it runs to the end of the file.
    var size: Int
    /// The four-character type (`ftyp`, `moov`, `mdat` …).
    var type: String
    /// 8, or 16 with a 64-bit size.
    var headerSize: Int

    /// The header of the box at `offset`, or nil when none can be read there (cut short, a
    /// size smaller than its header, a type that is not four printable characters).
    static func header(at offset: Int, _ read: (_ offset: Int, _ count: Int) -> [UInt8]) -> ISOBox? {
        let head = read(offset, 16)
        guard head.count >= 8 else { return nil }
        let type = head[4..<8]
        guard type.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let name = String(decoding: type, as: UTF8.self)
        let short = head[0..<4].reduce(0) { $0 << 8 | Int($1) }
        switch short {
        case 0: return ISOBox(size: 0, type: name, headerSize: 8)
        case 1:
            guard head.count == 16 else { return nil }
            let long = head[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            guard long >= 16, long <= UInt64(Int.max) else { return nil }
            return ISOBox(size: Int(long), type: name, headerSize: 16)
        default:
            guard short >= 8 else { return nil }
            return ISOBox(size: short, type: name, headerSize: 8)
        }
    }
}
