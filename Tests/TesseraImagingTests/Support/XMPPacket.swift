import Foundation

/// XMP packets written by hand, for what exiftool will not write: damaged packets and
/// language alternatives without `x-default`.
enum XMPPacket {
    /// A whole packet whose one `rdf:Description` holds `properties`.
    static func description(_ properties: String) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
        \(properties)
        </rdf:Description></rdf:RDF></x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    /// The JPEG at `file` with an `APP1` XMP segment holding `packet` right after its SOI.
    static func jpeg(_ file: URL, packet: [UInt8]) throws -> [UInt8] {
        let jpeg = try [UInt8](Data(contentsOf: file))
        let payload = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + packet
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    /// The PNG with its `iTXt` chunks moved to just before `IEND`, where some software
    /// writes XMP; nil when the PNG has none.
    static func movingXMPToTheEnd(of png: [UInt8]) -> [UInt8]? {
        var kept: [UInt8] = Array(png.prefix(8))
        var moved: [UInt8] = []
        var end: [UInt8] = []
        var i = 8
        while i + 8 <= png.count {
            let length = png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            let chunk = Array(png[i..<min(png.count, i + 12 + length)])
            switch String(decoding: png[i + 4..<i + 8], as: UTF8.self) {
            case "iTXt": moved += chunk
            case "IEND": end = chunk
            default: kept += chunk
            }
            i += 12 + length
        }
        return moved.isEmpty ? nil : kept + moved + end
    }
}
