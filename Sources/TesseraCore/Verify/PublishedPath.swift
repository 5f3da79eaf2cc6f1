/// A file's path inside a published site, relative to its root, as bytes: web servers and
/// Linux compare names byte for byte, so `café.html` written in NFC and in NFD are two
/// different files here, as they are there.
struct PublishedPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    var bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The path as text (invalid UTF-8 shown as U+FFFD).
    var description: String { String(decoding: bytes, as: UTF8.self) }

    /// The segments between slashes.
    var segments: [ArraySlice<UInt8>] { bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) }

    /// The folder holding the file (`""` at the root).
    var folder: PublishedPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return PublishedPath(bytes: []) }
        return PublishedPath(bytes: Array(bytes[..<slash]))
    }

    /// The last segment.
    var name: String {
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// `folder/name`, or `name` at the root.
    func appending(_ name: String) -> PublishedPath {
        bytes.isEmpty ? PublishedPath(name) : PublishedPath(bytes: bytes + [UInt8(ascii: "/")] + Array(name.utf8))
    }

    /// Whether some segment starts with a dot.
    var isHidden: Bool { segments.contains { $0.first == UInt8(ascii: ".") } }

    /// Whether the path is in `.well-known/` (RFC 8615), published on purpose, and hidden
    /// by nothing else.
    var isWellKnown: Bool {
        let segments = segments
        return segments.count > 1 && segments[0].elementsEqual(".well-known".utf8)
            && !segments.dropFirst().contains { $0.first == UInt8(ascii: ".") }
    }

    var isHTML: Bool { description.lowercased().hasSuffix(".html") || description.lowercased().hasSuffix(".htm") }

    static func < (a: PublishedPath, b: PublishedPath) -> Bool { a.bytes.lexicographicallyPrecedes(b.bytes) }
}
