import CZlib
import TesseraCore

/// Finds the ICC colour profile a photo carries: JPEG `APP2 ICC_PROFILE` segments (in
/// order of their sequence numbers), PNG `iCCP` (deflated), WebP `ICCP`, TIFF
/// `InterColorProfile`. HEIF and AVIF
/// profiles come from libheif (`HEIFFile.iccProfile`).
///
/// Damaged or incomplete profiles are treated as absent: the picture is then shown as
/// sRGB, as a browser would show it.
///
/// PNG's deflated profile goes through zlib's one-call `uncompress`, whose `z_stream` lives
/// inside zlib for that call: no zlib struct is ever held by Swift.
enum EmbeddedProfile {
    /// ICC profiles are rarely above 1 MiB; a PNG claiming more is not believed.
    static let maxLength = 4 << 20

    static func find(in bytes: [UInt8], format: MediaFormat) -> [UInt8]? {
        switch format {
        case .jpeg: return jpeg(ByteReader(bytes))
        case .png: return png(ByteReader(bytes))
        case .webp: return webP(ByteReader(bytes))
        case .tiff:
            let b = ByteReader(bytes)
            guard case .structure(let tiff)? = try? TIFFStructure.read(b), let range = tiff.profileRange else {
                return nil
            }
            return b.slice(range.lowerBound, range.upperBound)
        default: return nil  // GIF has none; libheif reads AVIF's and HEIF's
        }
    }

    private static func jpeg(_ b: ByteReader) -> [UInt8]? {
        let signature = Array("ICC_PROFILE".utf8) + [0]
        var chunks: [Int: [UInt8]] = [:]
        var expected = 0
        for segment in JPEGSegments.header(of: b)
        where segment.marker == 0xE2 && segment.end - segment.start >= 14 && b.matches(signature, at: segment.start) {
            let sequence = Int(b[segment.start + 12])
            expected = Int(b[segment.start + 13])
            chunks[sequence] = b.slice(segment.start + 14, segment.end)
        }
        guard expected > 0, chunks.count == expected else { return nil }
        var profile: [UInt8] = []
        for sequence in 1...expected {
            guard let chunk = chunks[sequence] else { return nil }
            profile += chunk
        }
        return profile
    }

    /// `iCCP`, else nothing for `sRGB`, else a profile made from `cHRM` and `gAMA` (as
    /// browsers read them) unless those describe sRGB.
    private static func png(_ b: ByteReader) -> [UInt8]? {
        var gamma: Double?
        var chromaticities: [Double]?
        var i = 8
        while let length = b.be32(i), i + 12 + length <= b.count {
            let type = String(decoding: b.slice(i + 4, i + 8), as: UTF8.self)
            let start = i + 8
            if type == "IDAT" || type == "IEND" { break }
            switch type {
            case "iCCP":
                let data = b.slice(start, start + length)
                // A profile name of 1 to 79 bytes, a zero, the method (0: deflate), the stream.
                guard let zero = data.firstIndex(of: 0), zero + 2 < data.count, data[zero + 1] == 0 else { return nil }
                return inflate(Array(data[(zero + 2)...]))
            case "sRGB": return nil
            case "gAMA": gamma = b.be32(start).map { Double($0) / 100_000 }
            case "cHRM" where length == 32:
                // White, red, green, blue: each x, y times 100000. Ours: red, green, blue, white.
                let v = (0..<8).compactMap { b.be32(start + 4 * $0).map { Double($0) / 100_000 } }
                if v.count == 8 { chromaticities = Array(v[2...]) + Array(v[0..<2]) }
            default: break
            }
            i += 12 + length
        }
        let primaries = chromaticities ?? SRGBConversion.sRGBChromaticities
        let encoding = gamma ?? 1 / 2.2
        let nearSRGB = zip(primaries, SRGBConversion.sRGBChromaticities).allSatisfy { abs($0 - $1) < 0.001 }
        // gAMA 0.45455 (1/2.2) with sRGB's primaries is what sRGB-minded writers put.
        guard encoding > 0, !(nearSRGB && abs(encoding - 1 / 2.2) < 0.001) else { return nil }
        return SRGBConversion.profile(chromaticities: primaries, curve: .power(1 / encoding))
    }

    private static func webP(_ b: ByteReader) -> [UInt8]? {
        var i = 12
        while let size = b.le32(i + 4), i + 8 + size <= b.count {
            if b.matches(Array("ICCP".utf8), at: i) { return b.slice(i + 8, i + 8 + size) }
            i += 8 + size + (size & 1)
        }
        return nil
    }

    /// A zlib stream's content, growing the buffer until it fits (up to `maxLength`).
    private static func inflate(_ stream: [UInt8]) -> [UInt8]? {
        var capacity = max(4096, stream.count * 4)
        while capacity <= maxLength {
            var output = [UInt8](repeating: 0, count: capacity)
            var length = uLongf(capacity)
            let status = output.withUnsafeMutableBufferPointer { out in
                stream.withUnsafeBufferPointer {
                    uncompress(out.baseAddress, &length, $0.baseAddress, uLong(stream.count))
                }
            }
            if status == Z_OK { return Array(output.prefix(Int(length))) }
            guard status == Z_BUF_ERROR else { return nil }
            capacity *= 4
        }
        return nil
    }
}
