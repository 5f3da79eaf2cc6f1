/// A 64-bit FNV-1a hash that is the same on every run and machine (Swift's `Hasher` is
/// seeded per process), used to fingerprint inputs in the manifest.
struct StableHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    /// Mixes in a string's UTF-8 bytes, followed by a separator so `"ab","c"` ≠ `"a","bc"`.
    mutating func combine(_ text: String) {
        for byte in text.utf8 { mix(byte) }
        mix(0xFF)
    }

    /// The hash as 16 hexadecimal digits.
    var hexDigest: String {
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    private mutating func mix(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x100_0000_01b3
    }
}
