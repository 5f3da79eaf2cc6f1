/// A request path decoded once and checked to stay inside the served folder.
///
/// libmicrohttpd hands us the path still percent-encoded (see `tessera_keep_escaped`),
/// so everything a client can use to climb out of the root is decided here, on bytes:
/// `..` in any encoding, backslashes, NUL and control bytes, overlong or invalid UTF-8
/// (`%c0%ae`), and anything that is not an origin-form path. Decoding happens exactly
/// once, so `%252e%252e` stays the harmless literal name `%2e%2e`.
struct RequestPath: Equatable, Sendable {
    /// The decoded segments below the root, without empty segments.
    let segments: [String]
    /// Whether the request ended with `/`, which asks for a folder.
    let namesFolder: Bool

    /// Why a path was refused; every reason is answered with 400 Bad Request.
    enum Refusal: Error, Equatable {
        case notOriginForm
        case badPercentEncoding
        case forbiddenByte(UInt8)
        case invalidUTF8
        case dotSegment
    }

    init(escaped: String) throws(Refusal) {
        let raw = Array(escaped.utf8)
        guard raw.first == UInt8(ascii: "/") else { throw .notOriginForm }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count,
                    let high = Self.hexValue(raw[index + 1]),
                    let low = Self.hexValue(raw[index + 2])
                else { throw .badPercentEncoding }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        for byte in bytes where byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
            throw .forbiddenByte(byte)
        }
        // Swift's validating decoder rejects overlong forms such as C0 AE ("." in disguise).
        guard String(validating: bytes, as: UTF8.self) != nil else { throw .invalidUTF8 }
        // Split and compared as bytes, as the filesystem reads them: as Characters, a `/`
        // inside a grapheme cluster (U+0605 before it, U+0301 after it) would not split.
        let parts = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        if parts.contains(where: { $0.elementsEqual([0x2E]) || $0.elementsEqual([0x2E, 0x2E]) }) { throw .dotSegment }
        segments = parts.map { String(decoding: $0, as: UTF8.self) }
        namesFolder = bytes.last == UInt8(ascii: "/")
    }

    private init(segments: [String], namesFolder: Bool) {
        self.segments = segments
        self.namesFolder = namesFolder
    }

    /// The path below `prefix` (decoded segments), when it is under it: `/photos/a.html`
    /// below `["photos"]` is `/a.html`, `/photos/` is `/`.
    func below(_ prefix: [String]) -> RequestPath? {
        guard !prefix.isEmpty, segments.starts(with: prefix) else { return nil }
        return RequestPath(segments: Array(segments.dropFirst(prefix.count)), namesFolder: namesFolder)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
