/// Little-endian TIFF structures written by hand: a first directory (IFD0) with the tags
/// given, optionally a sub-image directory after it, and padding. Enough for the camera
/// raw decision, which reads directories and never pixels.
struct TIFFFixture {
    var width: UInt32 = 160
    var height: UInt32 = 120
    /// The sub-image's size (SubIFDs, 0x014A), when there is one.
    var subImage: (width: UInt32, height: UInt32)?
    /// Bytes 8 and 9, right after the header (`CR` in a CR2).
    var afterHeader: [UInt8] = [0, 0]
    /// DNG's version tag.
    var dngVersion = false
    /// The `Make` tag's text.
    var make: String?
    /// Zero bytes between the header and IFD0, to put the directory far into the file.
    var gap = 0

    var bytes: [UInt8] {
        let first = 10 + gap
        var tags: [(UInt16, UInt16, UInt32, UInt32)] = [(0x0100, 4, 1, width), (0x0101, 4, 1, height)]
        let ifd0Length = 2 + 12 * (2 + (subImage == nil ? 0 : 1) + (dngVersion ? 1 : 0) + (make == nil ? 0 : 1)) + 4
        var extra: [UInt8] = []
        var extraAt = UInt32(first + ifd0Length)
        if let make {
            let text = Array(make.utf8) + [0]
            tags.append((0x010F, 2, UInt32(text.count), extraAt))
            extra += text
            extraAt += UInt32(text.count)
        }
        if subImage != nil { tags.append((0x014A, 4, 1, extraAt)) }
        if dngVersion { tags.append((0xC612, 1, 4, 0x0000_0401)) }
        tags.sort { $0.0 < $1.0 }

        var b: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(UInt32(first)) + afterHeader + [UInt8](repeating: 0, count: gap)
        b += le16(UInt16(tags.count))
        for (tag, type, count, value) in tags { b += le16(tag) + le16(type) + le32(count) + le32(value) }
        b += [0, 0, 0, 0] + extra
        if let subImage {
            b += le16(2) + le16(0x0100) + le16(4) + le32(1) + le32(subImage.width)
            b += le16(0x0101) + le16(4) + le32(1) + le32(subImage.height) + [0, 0, 0, 0]
        }
        return b + [UInt8](repeating: 0, count: 64)
    }

    private func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    private func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8(v >> (8 * $0) & 0xFF) } }
}
