import CLanczos
import TesseraCore

/// Resizes a plane by area averaging: each target sample is the mean of the source area
/// it covers, each source sample weighted by how much of it lies inside. This is libgd's
/// `gdImageCopyResampled` filter, done as two 1-D passes with precomputed fixed-point
/// weights (down the columns, then across the rows), which is several times faster and
/// gives the same values to within one level.
enum Resampler {
    /// The top-left `region` of `plane` (the rest is padding) resized to `size`.
    ///
    /// - Parameter scale: source samples per target sample across and down, when the
    ///   region and size include padding and so do not say it.
    ///
    /// Columns first: for each target row, the source rows it covers are summed down into
    /// one row of sums as wide as the source (`CLanczos`'s `area_sum_down`, 16 or 32 samples
    /// at a time; a sum stays at most 255 × 2^14); then each target sample sums the
    /// few values it covers across. Only that second pass is scalar, and it runs on target
    /// rows only.
    static func resample(
        _ plane: SamplePlane, region: PixelSize, to size: PixelSize,
        scale: (across: Double, down: Double)? = nil
    ) -> SamplePlane {
        precondition(region.width <= plane.width && region.height <= plane.height)
        let across = AreaWeights(sourceLength: region.width, targetLength: size.width, scale: scale?.across)
        let down = AreaWeights(sourceLength: region.height, targetLength: size.height, scale: scale?.down)
        let width = region.width
        let stride = plane.width
        // Room past the end for the across pass, which reads `across.stride` sums for
        // every target sample, zero-weighted where it has fewer taps.
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: width + across.stride)
        sums.initialize(repeating: 0, count: width + across.stride)
        defer { sums.deallocate() }
        return plane.samples.withUnsafeBufferPointer { source in
            SamplePlane(width: size.width, height: size.height) { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for y in 0..<size.height {
                    area_sum_down(
                        source + down.first[y] * stride, stride, Int32(width), Int32(max(1, down.taps[y])),
                        down.weights + y * down.stride, sums)
                    let out = target + y * size.width
                    // A constant tap count lets the compiler unroll the across pass.
                    switch across.stride {
                    case 1: averageAcross(sums, weights: across, taps: 1, into: out)
                    case 2: averageAcross(sums, weights: across, taps: 2, into: out)
                    case 3: averageAcross(sums, weights: across, taps: 3, into: out)
                    case 4: averageAcross(sums, weights: across, taps: 4, into: out)
                    default: averageAcross(sums, weights: across, taps: across.stride, into: out)
                    }
                }
            }
        }
    }

    /// Sums each target sample's `taps` values across (the weights' stride; the unused
    /// ones weigh zero) in 64 bits, with no rounding between the passes, and rounds half
    /// up like libgd.
    @inline(__always)
    private static func averageAcross(
        _ sums: UnsafeMutablePointer<Int32>, weights: borrowing AreaWeights, taps: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        let drop = 2 * AreaWeights.shift
        let half = 1 << (drop - 1)
        for x in 0..<weights.count {
            let values = sums + weights.first[x]
            let w = weights.weights + x &* taps
            var total = half
            for tap in 0..<taps {
                total &+= Int(w[tap]) &* Int(values[tap])
            }
            out[x] = UInt8(truncatingIfNeeded: min(255, total &>> drop))
        }
    }
}
