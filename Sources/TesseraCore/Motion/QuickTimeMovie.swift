/// What the scan needs of a QuickTime movie to tell a Live Photo's motion from a clip: how
/// long it plays (the movie header, `moov/mvhd`) and whether it carries Apple's Live Photo
/// key (`com.apple.quicktime.content.identifier`, in `moov/meta/keys`).
///
/// Only the top-level box headers and the `moov` box (at most `moovLimit` bytes) are read,
/// wherever the box lies (an iPhone writes it after the media data). A file whose boxes
/// cannot be followed says nothing: nil.
enum QuickTimeMovie {
    /// Reads up to `count` bytes at `offset`; fewer (or none) where the file ends.
    typealias Read = (_ offset: Int, _ count: Int) -> [UInt8]

    /// What the movie header and keys say.
    struct Summary: Sendable, Hashable {
        /// Seconds, from `mvhd` (duration over time scale); nil when the header has none.
        var duration: Double?
        /// Whether the movie carries Apple's Live Photo content identifier key.
        var hasContentIdentifier: Bool
        /// The identifier itself, when the movie's metadata holds one (`AppleContentIdentifier`).
        var contentIdentifier: String? = nil
    }

    /// The largest `moov` box read; a phone's few-second movie has one of some kilobytes.
    static let moovLimit = 4 << 20
    /// Top-level boxes followed before giving up.
    static let boxLimit = 64
    /// The key Apple's camera writes into a Live Photo's movie (and its still's MakerNote).
    static let contentIdentifierKey = Array("com.apple.quicktime.content.identifier".utf8)

    /// The summary of the movie `read` reads, or nil when it has no readable `moov` box.
    static func summary(_ read: Read) -> Summary? {
        guard let (box, offset) = ISOBox.firstTopLevel("moov", limit: boxLimit, read),
            box.size <= moovLimit + box.headerSize
        else { return nil }
        return summary(moov: read(offset + box.headerSize, box.size - box.headerSize))
    }

    /// The summary of a `moov` box's content.
    ///
    /// The movie header is looked for box by box (`ISOBox.header`) rather than through the
    /// walk over whole boxes (`ISOBox.children`): a movie cut off inside its `mvhd` still
    /// tells its duration from what is there.
    static func summary(moov bytes: [UInt8]) -> Summary {
        var duration: Double?
        var offset = 0
        let read: Read = { at, count in
            guard at >= 0, at < bytes.count, count > 0 else { return [] }
            return Array(bytes[at..<(at + min(count, bytes.count - at))])
        }
        for _ in 0..<boxLimit {
            guard let box = ISOBox.header(at: offset, read), box.size > 0 else { break }
            if box.type == "mvhd" {
                duration = movieDuration(read(offset + box.headerSize, min(box.size - box.headerSize, 40)))
                break
            }
            let (next, overflow) = offset.addingReportingOverflow(box.size)
            guard !overflow, next <= bytes.count else { break }
            offset = next
        }
        let hasKey = contains(bytes, contentIdentifierKey)
        return Summary(
            duration: duration, hasContentIdentifier: hasKey,
            contentIdentifier: hasKey ? AppleContentIdentifier.ofMovie(moov: bytes) : nil)
    }

    /// The duration an `mvhd` box's content states, in seconds.
    static func movieDuration(_ body: [UInt8]) -> Double? {
        guard let version = body.first else { return nil }
        func number(_ at: Int, _ width: Int) -> UInt64? {
            guard at + width <= body.count else { return nil }
            return body[at..<at + width].reduce(0) { $0 << 8 | UInt64($1) }
        }
        let scale: UInt64?
        let units: UInt64?
        if version == 1 {
            (scale, units) = (number(20, 4), number(24, 8))
        } else {
            (scale, units) = (number(12, 4), number(16, 4))
        }
        guard let scale, let units, scale > 0, units != UInt64.max, units != UInt64(UInt32.max) else { return nil }
        return Double(units) / Double(scale)
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
