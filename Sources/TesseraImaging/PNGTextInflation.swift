import CZlib

/// Inflates the zlib stream of a PNG's compressed text chunk (`zTXt`, or an `iTXt` with its
/// compression flag), for Core's metadata reader (`ImageProcessing.inflatePNGText`,
/// `VerifyOptions`): zlib's one-call `uncompress`, which keeps its stream inside zlib for
/// the call, into a buffer of the limit's size, so a stream that would inflate to more
/// (a zip bomb) stops there.
package enum PNGTextInflation {
    /// The stream's bytes, or nil when it is damaged, cut short or inflates to more than `limit`.
    package static func inflate(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        guard let base = zlib.baseAddress, !zlib.isEmpty, limit > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: limit)
        var length = uLongf(limit)
        let status = output.withUnsafeMutableBufferPointer { out in
            uncompress(out.baseAddress, &length, base.assumingMemoryBound(to: Bytef.self), uLong(zlib.count))
        }
        guard status == Z_OK else { return nil }
        output.removeSubrange(Int(length)...)
        return output
    }
}
