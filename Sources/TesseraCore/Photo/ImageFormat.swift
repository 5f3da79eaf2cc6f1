/// A photo file format Tessera can read, recognised by its content, never by its name.
package enum ImageFormat: String, Sendable, Codable, CaseIterable {
    case jpeg, png, gif, webp, avif, heif, tiff

    /// How many leading bytes `sniff` needs to decide.
    package static let sniffLength = 32

    /// Recognises a format from the first bytes of a file (its "magic bytes").
    ///
    /// Returns `nil` for anything that is not a photo format we read.
    package static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let b = Array(bytes.prefix(sniffLength))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        // Classic TIFF, either byte order (BigTIFF, `*` replaced by `+`, is not read).
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("ftyp".utf8), at: 4), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            switch brand {
            case "avif", "avis": return .avif
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1": return .heif
            default: return nil
            }
        }
        return nil
    }
}
