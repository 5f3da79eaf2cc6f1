/// The one byte range a `Range: bytes=…` header asks for, resolved against a file size.
///
/// Only single ranges are honoured; a list of ranges, another unit or a malformed header
/// is ignored and the whole file is sent, as RFC 9110 allows.
struct ByteRange: Equatable, Sendable {
    let first: UInt64
    let last: UInt64

    var length: UInt64 { last - first + 1 }

    enum Resolution: Equatable {
        /// Send the whole file with 200.
        case whole
        /// Send these bytes with 206.
        case partial(ByteRange)
        /// Answer 416 with `Content-Range: bytes */size`.
        case unsatisfiable
    }

    static func resolve(header: String?, size: UInt64) -> Resolution {
        guard let header, header.hasPrefix("bytes=") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let startText = spec[..<dash].trimmingSpaces
        let endText = spec[spec.index(after: dash)...].trimmingSpaces
        if startText.isEmpty {
            // A suffix: the last N bytes.
            guard let count = UInt64(endText) else { return .whole }
            guard count > 0, size > 0 else { return .unsatisfiable }
            return .partial(ByteRange(first: size - min(count, size), last: size - 1))
        }
        guard let start = UInt64(startText) else { return .whole }
        var end = size &- 1
        if !endText.isEmpty {
            guard let requestedEnd = UInt64(endText), requestedEnd >= start else { return .whole }
            end = min(requestedEnd, size &- 1)
        }
        guard start < size else { return .unsatisfiable }
        return .partial(ByteRange(first: start, last: end))
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return text
    }
}
