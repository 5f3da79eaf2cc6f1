import Foundation

/// A fast 64-bit digest of a file's bytes, so that a photo whose time changed but whose
/// content did not (touched, copied, restored from backup) is not processed again.
///
/// Not cryptographic: it only has to tell an edited photo from an unedited one.
package enum ContentHash {
    /// The digest of the file at `path` as 16 hexadecimal digits, or nil if unreadable.
    static func ofFile(at path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
            return nil
        }
        return of(data)
    }

    /// The digest of some bytes.
    package static func of(_ data: Data) -> String {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(data.count)
        data.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                let word = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                state = mix(state ^ word)
            }
            var tail: UInt64 = 0
            for i in (words * 8)..<raw.count { tail = tail << 8 | UInt64(raw[i]) }
            state = mix(state ^ tail)
        }
        let hex = String(state, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A multiply–xorshift round (from the SplitMix64 finaliser's constants).
    private static func mix(_ x: UInt64) -> UInt64 {
        var z = (x &+ 0x9E37_79B9_7F4A_7C15)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
