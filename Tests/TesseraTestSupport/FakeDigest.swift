import Foundation

/// A short digest of bytes for the fakes' outputs (FNV-1a, 64 bits): other bytes give another
/// output, as a real encoder's would, in any process.
enum FakeDigest {
    static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
