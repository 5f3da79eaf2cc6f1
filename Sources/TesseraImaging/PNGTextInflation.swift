import CZlib

/// Inflates the zlib stream of a PNG's compressed text chunk (`zTXt`, or an `iTXt` with its
/// compression flag), for Core's metadata reader (`ImageProcessing.inflatePNGText`,
/// `VerifyOptions`): zlib's streaming `inflate` into a buffer that grows as the text does,
/// stopping at the limit, so a stream that would inflate to more (a zip bomb) costs no more
/// than the limit and a damaged one no more than its own bytes. The `z_stream`, whose
/// address zlib keeps between calls, lives at one heap address for the whole call.
package enum PNGTextInflation {
    /// The stream's bytes, or nil when it is damaged, cut short or inflates to more than `limit`.
    package static func inflate(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        guard let base = zlib.baseAddress, !zlib.isEmpty, limit > 0, zlib.count <= Int(UInt32.max) else { return nil }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit_(stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(stream) }
        stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(zlib.count)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(out.count)
                let status = CZlib.inflate(stream, Z_NO_FLUSH)
                return (status, out.count - Int(stream.pointee.avail_out))
            }
            guard output.count + produced <= limit else { return nil }
            output += chunk[..<produced]
            switch status {
            case Z_STREAM_END: return output
            case Z_OK where produced > 0 || stream.pointee.avail_in > 0: continue
            default: return nil  // damaged, or cut short with nothing more to give
            }
        }
    }
}
