/// Reads numbers and tags out of untrusted bytes: every read is bounds-checked and gives nil
/// past the end, so a parser built on it cannot read outside the buffer.
struct ByteView {
    let bytes: UnsafeRawBufferPointer

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    /// Whether `length` bytes from `offset` are inside the buffer.
    func has(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    func u8(_ offset: Int) -> Int? { has(offset, 1) ? Int(bytes[offset]) : nil }

    func u16be(_ offset: Int) -> Int? {
        has(offset, 2) ? Int(bytes[offset]) << 8 | Int(bytes[offset + 1]) : nil
    }

    func u16le(_ offset: Int) -> Int? {
        has(offset, 2) ? Int(bytes[offset + 1]) << 8 | Int(bytes[offset]) : nil
    }

    func u32be(_ offset: Int) -> Int? {
        guard has(offset, 4) else { return nil }
        return (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    func u32le(_ offset: Int) -> Int? {
        guard has(offset, 4) else { return nil }
        return (0..<4).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    /// A big-endian number of `width` bytes (0 to 8); nil past the end or when it does not
    /// fit an `Int`.
    func uintbe(_ offset: Int, width: Int) -> Int? {
        guard width >= 0, width <= 8, has(offset, width) else { return nil }
        var value: UInt64 = 0
        for index in 0..<width { value = value << 8 | UInt64(bytes[offset + index]) }
        return value > UInt64(Int.max) ? nil : Int(value)
    }

    /// Whether the bytes at `offset` are `ascii`.
    func matches(_ offset: Int, _ ascii: StaticString) -> Bool {
        let length = ascii.utf8CodeUnitCount
        guard has(offset, length) else { return false }
        return ascii.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
    }

    /// `length` bytes from `offset` as text (a four-character code, a key): ASCII as it is,
    /// 0xA9 as `©` (QuickTime's tags, `©xyz`, are Mac Roman), other bytes as `?`; shorter at
    /// the end of the buffer.
    func text(_ offset: Int, _ length: Int) -> String {
        guard offset >= 0, offset < count else { return "" }
        let end = min(count, offset + max(0, length))
        var text = ""
        for byte in bytes[offset..<end] {
            text.unicodeScalars.append(
                byte >= 0x20 && byte < 0x7F ? Unicode.Scalar(byte) : byte == 0xA9 ? "©" : "?")
        }
        return text
    }

    /// The text from `offset` up to the first zero byte (or `limit` bytes, or the end).
    func zeroTerminated(_ offset: Int, limit: Int) -> String {
        guard offset >= 0, offset < count else { return "" }
        let end = firstZero(from: offset, limit: limit) ?? min(count, offset + max(0, limit))
        return String(decoding: bytes[offset..<end], as: UTF8.self)
    }

    /// The offset of the first zero byte from `offset`, looking at most `limit` bytes; nil
    /// when there is none there.
    func firstZero(from offset: Int, limit: Int) -> Int? {
        var index = max(0, offset)
        while index < count, index - offset < limit {
            if bytes[index] == 0 { return index }
            index += 1
        }
        return nil
    }

    /// The value of an ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or nil: the one reader
    /// of hex in a `%XX` escape, a CSS escape or a hex dump.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether `ascii` occurs anywhere in the bytes: at most its length in comparisons per
    /// byte, so linear in the bytes for a short needle.
    func contains(_ ascii: StaticString) -> Bool {
        contains(ascii) { $0 }
    }

    /// Whether the bytes hold `lowercase` (ASCII letters and digits, written in lower case)
    /// in any case.
    func containsIgnoringCase(_ lowercase: StaticString) -> Bool {
        contains(lowercase) { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }

    /// Whether `needle` occurs in the bytes as `fold` reads each of them.
    private func contains(_ needle: StaticString, folding fold: (UInt8) -> UInt8) -> Bool {
        let needle = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index <= bytes.count - needle.count {
            if fold(bytes[index]) == first, (1..<needle.count).allSatisfy({ fold(bytes[index + $0]) == needle[$0] }) {
                return true
            }
            index += 1
        }
        return false
    }

    /// A view of `length` bytes from `offset`, clipped to the buffer.
    func slice(_ offset: Int, _ length: Int) -> ByteView {
        let start = min(max(0, offset), count)
        let end = min(count, start + max(0, min(length, count - start)))
        return ByteView(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
    }
}

extension Array where Element == UInt8 {
    /// Runs `body` over a bounds-checked view of the array's bytes.
    func withByteView<Result>(_ body: (ByteView) -> Result) -> Result {
        withUnsafeBytes { body(ByteView($0)) }
    }
}
