import CZlib

/// How many bytes a web server's gzip would send for a file: zlib's one-call `compress2`
/// at gzip's default level (6), whose 2-byte header and 4-byte checksum give way to gzip's
/// 10-byte header and 8-byte trailer. No zlib struct is held by Swift: `compress2` keeps
/// its stream inside zlib for the call.
package enum GzipSize {
    package static func of(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard !bytes.isEmpty, let base = bytes.baseAddress else { return 20 }
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            compress2(out.baseAddress, &length, base.assumingMemoryBound(to: Bytef.self), uLong(bytes.count), 6)
        }
        guard status == Z_OK else { return bytes.count + 18 }
        return Int(length) - 6 + 18
    }
}
