import Foundation

/// The parts of a JPEG file, in order, as a decoder walks them from after the start-of-image
/// marker: the one walk both the stripping of originals (`JPEGStripping`) and the verifier
/// (`JPEGMetadata`) take, so that what one removes is exactly what the other would read.
///
/// Fill bytes (`FF` before a marker) belong to no part. After a scan header (SOS) come the
/// entropy-coded data, up to the next marker that is not a stuffed zero (`FF 00`) or a
/// restart (`FF D0`–`FF D7`); then the walk goes on, so a progressive file's scans all come.
/// Bytes between parts that no decoder takes for a marker (not `FF`, or a stray `FF 00`)
/// come as `extraneous`, skipped to the next marker as libjpeg skips them. The walk stops
/// after `end`, `cutOff` or `unreadable`, or at the end of the buffer (a file cut off).
/// Linear in the file's length (`memchr` over the compressed data), bounded by the buffer.
struct JPEGSegments: Sequence, IteratorProtocol {
    enum Part: Equatable {
        /// A marker with no length (TEM, a restart, a second start of image): two bytes.
        case standalone(marker: UInt8, offset: Int)
        /// `FF`, the marker, a length that counts itself, then `length - 2` bytes of data,
        /// all inside the buffer. `offset` is where the `FF` is.
        case segment(marker: UInt8, offset: Int, length: Int)
        /// A segment whose length runs past the end of the buffer: its data is what is there.
        case cutOff(marker: UInt8, offset: Int)
        /// A marker whose length is under 2 or is cut off by the end of the buffer.
        case unreadable(marker: UInt8, offset: Int)
        /// The compressed pixels after a scan header, stuffed zeros and restarts included.
        case entropyCodedData(Range<Int>)
        /// Bytes between parts that are no marker; decoders skip them.
        case extraneous(Range<Int>)
        /// The end-of-image marker; whatever follows it is no part of the image.
        case end(offset: Int)
    }

    private let view: ByteView
    private var index = 2
    private var afterScanHeader = false
    private var finished = false

    /// A walk over `view`, which starts with a start-of-image marker (`JPEGMetadata.isJPEG`).
    init(_ view: ByteView) {
        self.view = view
    }

    mutating func next() -> Part? {
        guard !finished, index < view.count else { return nil }
        if afterScanHeader {
            afterScanHeader = false
            let end = Self.nextMarker(view, from: index, restartsEnd: false)
            defer { index = end }
            return .entropyCodedData(index..<end)
        }
        var marker = index
        while marker < view.count, view.bytes[marker] == 0xFF { marker += 1 }
        if marker == index || (marker < view.count && view.bytes[marker] == 0x00) {
            let end = Self.nextMarker(view, from: index, restartsEnd: true)
            defer { index = end }
            return .extraneous(index..<end)
        }
        guard marker < view.count else { return finish(nil) }
        let code = view.bytes[marker]
        let offset = marker - 1
        switch code {
        case 0xD9:
            return finish(.end(offset: offset))
        case 0x01, 0xD0...0xD8:
            index = offset + 2
            return .standalone(marker: code, offset: offset)
        default:
            guard let length = view.u16be(offset + 2), length >= 2 else {
                return finish(.unreadable(marker: code, offset: offset))
            }
            guard view.has(offset + 2, length) else { return finish(.cutOff(marker: code, offset: offset)) }
            index = offset + 2 + length
            afterScanHeader = code == 0xDA
            return .segment(marker: code, offset: offset, length: length)
        }
    }

    /// Whether a decoder needs a segment to show the pixels: the frame, tables, scans and
    /// their extensions, JFIF, the ICC profile and Adobe's colour block. Every other one
    /// (EXIF, XMP, IPTC, comments, multi-picture and makers' `APPn` blocks, reserved
    /// markers no decoder reads) is metadata: the stripping removes it, the verifier names it.
    static func decoderNeeds(marker: UInt8, data: ByteView) -> Bool {
        switch marker {
        case 0xE0: return data.matches(0, "JFIF\0")
        case 0xE2: return data.matches(0, "ICC_PROFILE\0")
        case 0xEE: return data.matches(0, "Adobe")
        case 0xC0...0xDF, 0xF0...0xFD: return true
        default: return false
        }
    }

    private mutating func finish(_ part: Part?) -> Part? {
        finished = true
        return part
    }

    /// Where the next marker's fill bytes start after `start`: the first run of `FF` followed
    /// by a byte that is not a stuffed zero, nor (in compressed data) a restart; or the end.
    private static func nextMarker(_ view: ByteView, from start: Int, restartsEnd: Bool) -> Int {
        guard let base = view.bytes.baseAddress else { return view.count }
        var index = start
        while index < view.count {
            guard let hit = memchr(base + index, 0xFF, view.count - index) else { return view.count }
            let run = base.distance(to: UnsafeRawPointer(hit))
            index = run
            while index < view.count, view.bytes[index] == 0xFF { index += 1 }
            guard index < view.count else { return view.count }
            let code = view.bytes[index]
            if code == 0x00 || (!restartsEnd && (0xD0...0xD7).contains(code)) {
                index += 1
                continue
            }
            return run
        }
        return view.count
    }
}
