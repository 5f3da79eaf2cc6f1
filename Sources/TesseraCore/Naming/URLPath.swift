/// Relative links between files of the site, percent-encoded for use in `href`/`src`.
enum URLPath {
    /// Percent-encodes one path segment: everything but unreserved ASCII
    /// (`A–Z a–z 0–9 - . _ ~`) becomes `%XX` of its UTF-8 bytes.
    static func encodeSegment(_ segment: String) -> String {
        // Most segments need no escape: hand them back without building a new string
        // (a 20,000-photo site makes millions of links).
        guard !segment.utf8.allSatisfy(isUnreserved) else { return segment }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a URL path segment holds `byte` as it is (RFC 3986's unreserved set).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// A base URL as written (`https://example.org/my photos/`) made safe to write in a
    /// link: every byte a URL cannot hold as it is — a space, a quote, `<`, non-ASCII
    /// letters, a `%` that starts no escape — becomes `%XX` of its UTF-8 bytes; what a URL
    /// may hold (reserved characters, existing `%XX` escapes) is kept, so an encoded base
    /// stays as it is.
    static func encodeBase(_ url: String) -> String {
        let bytes = Array(url.utf8)
        func isHex(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
        let kept = Set(Array("-._~:/?#[]@!$&'()*+,;=".utf8))
        var out = ""
        for (index, byte) in bytes.enumerated() {
            let isAlphanumeric =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            let isEscape =
                byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHex(bytes[index + 1])
                && isHex(bytes[index + 2])
            if isAlphanumeric || kept.contains(byte) || isEscape {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    /// A configured base URL as every link is made from: ending with `/`, and
    /// percent-encoded once, so a space or an accent in it cannot break a link.
    static func base(_ url: String) -> String {
        encodeBase(url.hasSuffix("/") ? url : url + "/")
    }

    /// `https://example.org` of `https://example.org/photos/`: the scheme and host (with
    /// any port) of an absolute URL; nil for a URL without `://`.
    static func origin(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let host = url[schemeEnd.upperBound...].prefix { $0 != "/" }
        return String(url[..<schemeEnd.upperBound]) + host
    }

    /// The path of `base` (an absolute URL ending with `/`) on its host: `/photos/` of
    /// `https://example.org/photos/`, `/` of `https://example.org/`. Links written from it
    /// work from any address of the host, as a 404 page's must.
    static func hostPath(of base: String) -> String {
        let path = origin(of: base).map { String(base.dropFirst($0.count)) } ?? ""
        return path.isEmpty ? "/" : path
    }

    /// The absolute URL of a site-relative path under `base` (which ends with `/`): an
    /// album page (`travels/index.html`) becomes its folder (`…/travels/`), as servers
    /// serve it.
    static func absolute(_ path: String, base: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        if parts.last == "index.html" { parts[parts.count - 1] = "" }
        return base + parts.map(encodeSegment).joined(separator: "/")
    }

    /// The encoded relative link from a page in folder `from` to the file at `to`;
    /// both are paths relative to the site root with `/` separators (`from` a folder,
    /// `""` for the root).
    static func relative(from: String, to: String) -> String {
        let fromParts = from.utf8.split(separator: UInt8(ascii: "/"))
        let toParts = to.utf8.split(separator: UInt8(ascii: "/"))
        var common = 0
        while common < fromParts.count, common < toParts.count - 1,
            fromParts[common].elementsEqual(toParts[common])
        {
            common += 1
        }
        let ups = Array(repeating: "..", count: fromParts.count - common)
        let rest = toParts[common...].map { encodeSegment(String(Substring($0))) }
        return (ups + rest).joined(separator: "/")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
