import Foundation

/// A Samsung or Google Motion Photo: a JPEG (or HEIF) with its few seconds of video, an
/// MP4, appended after the picture, declared in the still's XMP either as
/// `GCamera:MicroVideoOffset` (the MP4's distance from the end of the file, Google's first
/// form and Samsung's) or as a `Container:Directory` whose `Item:Semantic="MotionPhoto"`
/// item gives the MP4's `Item:Length` (and `Item:Padding`), the items lying in the
/// directory's order after the primary image (Google's Motion Photo format 1.0).
///
/// The XMP is looked for in the first `xmpLimit` bytes; the range it declares is held to
/// the file (within it, after the picture's first bytes, at most `videoLimit` long) and
/// must start with an `ftyp` box. A declaration that fails either is a problem naming
/// what is wrong: the still is published alone.
enum MotionPhoto {
    /// Reads up to `count` bytes at `offset`; fewer (or none) where the file ends.
    typealias Read = (_ offset: Int, _ count: Int) -> [UInt8]

    /// How far into the file the XMP packet is looked for.
    static let xmpLimit = 256 * 1024
    /// The longest embedded video taken: a phone's Motion Photo holds about three seconds.
    static let videoLimit = 256 << 20

    /// Why a declared video cannot be taken.
    enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The declared offset or length is not a number, or the range lies outside the file.
        case outside(String)
        /// The bytes there are no MP4.
        case notMP4(at: Int)
        /// Larger than `videoLimit`.
        case tooLarge(Int)

        var description: String {
            switch self {
            case .outside(let detail): return "its Motion Photo video \(detail); published as a still"
            case .notMP4(let at):
                return
                    "its Motion Photo video at byte \(at) does not start with an MP4 'ftyp' box; published as a still"
            case .tooLarge(let count):
                return "its Motion Photo video is \(count) bytes, more than \(videoLimit) taken; published as a still"
            }
        }
    }

    /// The bytes of the embedded MP4 in a file of `fileSize` bytes, nil when the still
    /// declares none.
    static func videoRange(_ read: Read, fileSize: Int) -> Result<Range<Int>, Problem>? {
        let head = read(0, min(xmpLimit, max(0, fileSize)))
        guard let declared = declaration(inXMPOf: head) else { return nil }
        let range: Range<Int>
        switch declared {
        case .failure(let problem): return .failure(problem)
        case .success(let fromEnd):
            guard fromEnd.offset > 0, fromEnd.offset <= fileSize, fromEnd.length > 0, fromEnd.length <= fromEnd.offset
            else {
                return .failure(
                    .outside(
                        "offset \(fromEnd.offset) from the end (length \(fromEnd.length)) lies outside the file of \(fileSize) bytes"
                    ))
            }
            let start = fileSize - fromEnd.offset
            // The picture comes first: an MP4 at byte 0 would make the still no still.
            guard start >= 2 else {
                return .failure(.outside("offset \(fromEnd.offset) from the end leaves no room for the picture"))
            }
            range = start..<(start + fromEnd.length)
        }
        guard range.count <= videoLimit else { return .failure(.tooLarge(range.count)) }
        let box = read(range.lowerBound, 8)
        guard box.count == 8, box[4..<8].elementsEqual(Array("ftyp".utf8)) else {
            return .failure(.notMP4(at: range.lowerBound))
        }
        return .success(range)
    }

    /// Where a declaration places the video: its start's distance from the end of the
    /// file, and its length.
    struct FromEnd: Sendable, Hashable {
        var offset: Int
        var length: Int
    }

    /// The video the XMP in `head` declares, nil when it declares none.
    static func declaration(inXMPOf head: [UInt8]) -> Result<FromEnd, Problem>? {
        guard let xmp = xmpPacket(in: head) else { return nil }
        if let text = value(of: "MicroVideoOffset", in: xmp) {
            guard let offset = number(text) else {
                return .failure(.outside("offset '\(text.prefix(40))' is not a number of bytes"))
            }
            return .success(FromEnd(offset: offset, length: offset))
        }
        // Container:Directory: items in order; the MotionPhoto one and those after it.
        let items = elements(named: "Container:Item", in: xmp)
        guard let index = items.firstIndex(where: { value(of: "Item:Semantic", in: $0) == "MotionPhoto" }) else {
            return nil
        }
        var offset = 0
        for (position, item) in items.enumerated() where position >= index {
            let lengthText = value(of: "Item:Length", in: item) ?? ""
            guard let length = number(lengthText) else {
                return .failure(.outside("length '\(lengthText.prefix(40))' is not a number of bytes"))
            }
            let padding = value(of: "Item:Padding", in: item).flatMap(number) ?? 0
            let (sum, overflow) = offset.addingReportingOverflow(length)
            let (padded, overflow2) = sum.addingReportingOverflow(padding)
            guard !overflow, !overflow2 else { return .failure(.outside("length \(lengthText) is too large")) }
            offset = padded
        }
        let length = number(value(of: "Item:Length", in: items[index]) ?? "") ?? 0
        return .success(FromEnd(offset: offset, length: length))
    }

    /// The text of the first XMP packet (`<x:xmpmeta` … `</x:xmpmeta>`) in `bytes`.
    static func xmpPacket(in bytes: [UInt8]) -> String? {
        guard let start = find(Array("<x:xmpmeta".utf8), in: bytes, from: 0) else { return nil }
        let closing = Array("</x:xmpmeta>".utf8)
        let end = find(closing, in: bytes, from: start).map { $0 + closing.count } ?? bytes.count
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// A property's value, written as an attribute (`GCamera:MicroVideoOffset="123"`) or
    /// an element (`<GCamera:MicroVideoOffset>123</GCamera:MicroVideoOffset>`), whatever
    /// its prefix.
    static func value(of name: String, in text: String) -> String? {
        let bytes = Array(text.utf8)
        let local = Array((name.split(separator: ":").last.map(String.init) ?? name).utf8)
        var from = 0
        while let found = find(local, in: bytes, from: from) {
            from = found + local.count
            // The name starts after a prefix's colon or a tag's `<`, and ends the name.
            guard found > 0, bytes[found - 1] == UInt8(ascii: ":") || bytes[found - 1] == UInt8(ascii: "<") else {
                continue
            }
            var at = from
            while at < bytes.count, bytes[at] == UInt8(ascii: " ") { at += 1 }
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: "=") {
                at += 1
                while at < bytes.count, bytes[at] == UInt8(ascii: " ") { at += 1 }
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else {
                    continue
                }
                let quote = bytes[at]
                guard let close = bytes[(at + 1)...].firstIndex(of: quote) else { return nil }
                return String(decoding: bytes[(at + 1)..<close], as: UTF8.self)
            }
            if bytes[at] == UInt8(ascii: ">") {
                guard let close = bytes[(at + 1)...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
                return String(decoding: bytes[(at + 1)..<close], as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return nil
    }

    /// Each element of this name (`<Container:Item …/>` or with a body), as its text.
    static func elements(named name: String, in text: String) -> [String] {
        let bytes = Array(text.utf8)
        let open = Array("<\(name)".utf8)
        var found: [String] = []
        var from = 0
        while found.count < 64, let start = find(open, in: bytes, from: from) {
            let after = start + open.count
            guard after < bytes.count,
                bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: ">")
                    || bytes[after] == UInt8(ascii: "/") || bytes[after] == UInt8(ascii: "\n")
                    || bytes[after] == UInt8(ascii: "\t") || bytes[after] == UInt8(ascii: "\r")
            else {
                from = after
                continue
            }
            let end = find(Array("</\(name)>".utf8), in: bytes, from: after)
            let selfClosing = find(Array("/>".utf8), in: bytes, from: after)
            let stop: Int
            switch (end, selfClosing) {
            case (let end?, let closing?): stop = min(end, closing + 2)
            case (let end?, nil): stop = end
            case (nil, let closing?): stop = closing + 2
            case (nil, nil): stop = bytes.count
            }
            found.append(String(decoding: bytes[start..<stop], as: UTF8.self))
            from = max(stop, after)
        }
        return found
    }

    /// A count of bytes written in decimal, nil when it is not one (or too long to be one).
    static func number(_ text: String) -> Int? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.count <= 15, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return Int(digits)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, from >= 0, bytes.count >= needle.count else { return nil }
        var index = from
        while index <= bytes.count - needle.count {
            if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
