import Foundation

/// IPTC-IIM records written by hand into a JPEG, for damage exiftool will not write.
enum IPTCBlock {
    /// The JPEG at `file` with an `APP13` segment: Photoshop resources holding one IPTC
    /// resource (0x0404) with `records`.
    static func jpeg(_ file: URL, records: [UInt8]) throws -> [UInt8] {
        let jpeg = try [UInt8](Data(contentsOf: file))
        let size = records.count
        var resources = Array("Photoshop 3.0".utf8) + [0] + Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
        resources += [UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)]
        resources += records + (size % 2 == 1 ? [0] : [])
        let length = resources.count + 2
        return [0xFF, 0xD8, 0xFF, 0xED, UInt8(length >> 8), UInt8(length & 0xFF)] + resources + jpeg.dropFirst(2)
    }
}
