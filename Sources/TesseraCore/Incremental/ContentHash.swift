import Foundation

/// A fast 64-bit digest of a file's bytes, so that a photo whose time changed but whose
/// content did not (touched, copied, restored from backup) is not processed again.
///
/// Not cryptographic: it only has to tell an edited photo from an unedited one.
enum ContentHash {
    /// The digest of the file at `path` as 16 hexadecimal digits, or nil if unreadable.
    ///
    /// A file up to `smallFileLimit` is read into memory, a bigger one mapped: mapping and
    /// unmapping cost more than reading a small photo, and a no-change build of a library
    /// with many files of one size digests each of them.
    static func ofFile(at path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return nil }
        guard st.st_size <= smallFileLimit else {
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                return nil
            }
            return of(data)
        }
        var bytes = [UInt8](repeating: 0, count: Int(st.st_size))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        guard filled == bytes.count else { return nil }  // shrank while read: unreadable for now
        return bytes.withUnsafeBytes(of)
    }

    /// The size up to which `ofFile` reads a file rather than maps it.
    static let smallFileLimit = 1 << 20

    /// The digest of some bytes.
    static func of(_ data: Data) -> String {
        data.withUnsafeBytes(of)
    }

    /// The digest of the bytes in `raw`, the same as `of(_:)` of them as `Data`.
    private static func of(_ raw: UnsafeRawBufferPointer) -> String {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        let words = raw.count / 8
        for i in 0..<words {
            let word = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
            state = mix(state ^ word)
        }
        var tail: UInt64 = 0
        for i in (words * 8)..<raw.count { tail = tail << 8 | UInt64(raw[i]) }
        state = mix(state ^ tail)
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
