/// Where photo software keeps XMP and IPTC in each container.
extension HeaderProbe {
    /// A JPEG `APP1` segment holding XMP starts with this namespace and a NUL.
    static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    /// A JPEG `APP13` segment holding Photoshop resources (and so IPTC) starts with this.
    static let photoshopSignature: [UInt8] = Array("Photoshop 3.0".utf8) + [0]
    /// The keyword of the PNG `iTXt` chunk that holds XMP.
    static let pngXMPKeyword: [UInt8] = Array("XML:com.adobe.xmp".utf8) + [0]

    /// The text of the first uncompressed `iTXt` chunk named `XML:com.adobe.xmp`, and
    /// whether the bytes ran out before `IEND` without finding one.
    ///
    /// Compressed XMP is left unread: no common writer compresses it.
    static func pngXMP(_ b: ByteReader) -> (packet: [UInt8]?, mayFollow: Bool) {
        var i = 8
        while let length = b.be32(i), i + 8 <= b.count {
            let start = i + 8
            let end = start + length
            guard end <= b.count else { break }
            if b.matches(Array("IEND".utf8), at: i + 4) { return (nil, false) }
            if b.matches(Array("iTXt".utf8), at: i + 4), b.matches(pngXMPKeyword, at: start) {
                // Keyword, compression flag and method, language tag, translated keyword.
                var text = start + pngXMPKeyword.count
                guard text + 2 <= end, b[text] == 0 else { return (nil, false) }
                text += 2
                for _ in 0..<2 {
                    while text < end, b[text] != 0 { text += 1 }
                    text += 1
                }
                return (text <= end ? b.slice(text, end) : nil, false)
            }
            i = end + 4
        }
        return (nil, true)
    }

    /// The payload of a WebP's `XMP ` chunk, and whether the bytes ran out before it when
    /// the `VP8X` header says there is one (`flagged`).
    static func webPXMP(_ b: ByteReader, flagged: Bool) -> (packet: [UInt8]?, mayFollow: Bool) {
        var i = 12
        while let size = b.le32(i + 4) {
            let start = i + 8
            guard start + size <= b.count else { break }
            if b.matches(Array("XMP ".utf8), at: i) { return (b.slice(start, start + size), false) }
            i = start + size + (size & 1)
        }
        // The RIFF header states the file's length: past it, nothing can follow.
        let fileLength = (b.le32(4) ?? 0) + 8
        return (nil, flagged && b.count < fileLength)
    }
}
