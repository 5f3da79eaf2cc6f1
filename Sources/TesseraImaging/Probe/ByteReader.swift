/// Bounds-checked reads of big- and little-endian integers from file bytes.
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    subscript(_ i: Int) -> UInt8 { i >= 0 && i < bytes.count ? bytes[i] : 0 }

    func be16(_ i: Int) -> Int? {
        guard i >= 0, i + 2 <= count else { return nil }
        return Int(bytes[i]) << 8 | Int(bytes[i + 1])
    }

    func be32(_ i: Int) -> Int? {
        guard let high = be16(i), let low = be16(i + 2) else { return nil }
        return high << 16 | low
    }

    func le16(_ i: Int) -> Int? {
        guard i >= 0, i + 2 <= count else { return nil }
        return Int(bytes[i]) | Int(bytes[i + 1]) << 8
    }

    func le24(_ i: Int) -> Int? {
        guard let low = le16(i), i + 3 <= count else { return nil }
        return low | Int(bytes[i + 2]) << 16
    }

    func le32(_ i: Int) -> Int? {
        guard let low = le16(i), let high = le16(i + 2) else { return nil }
        return low | high << 16
    }

    func matches(_ expected: [UInt8], at i: Int) -> Bool {
        guard i >= 0, i + expected.count <= count else { return false }
        return bytes[i..<i + expected.count].elementsEqual(expected)
    }

    /// The bytes in `start..<end`, clamped to what exists.
    func slice(_ start: Int, _ end: Int) -> [UInt8] {
        let lower = max(0, min(start, count))
        return Array(bytes[lower..<max(lower, min(end, count))])
    }
}
