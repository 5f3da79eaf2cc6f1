import TesseraCore

/// Resizes a plane with a Lanczos-3 filter (`LanczosWeights`), as sharp as libvips'
/// `reduce` or Pillow's `LANCZOS`: luma goes through it, so thumbnails keep the detail an
/// area average smooths away.
///
/// First down the columns, where each step is one multiply-add over a whole row, which the
/// compiler vectorizes; then along each row, each target sample a dot product of its taps
/// with the contiguous source samples under them, so the picture is never turned on its
/// side and back (that copying cost a sixth of a JPEG-only build). Each pass rounds to
/// 8 bits, like Pillow's.
enum LanczosResampler {
    /// The top-left `region` of `plane` (the rest is padding) resized to `size`.
    static func resample(_ plane: SamplePlane, region: PixelSize, to size: PixelSize) -> SamplePlane {
        precondition(region.width <= plane.width && region.height <= plane.height)
        let tall: SamplePlane =
            region.height == size.height
            ? plane.cropped(to: region, paddedTo: region)
            : filterDown(
                plane, width: region.width,
                weights: LanczosWeights(sourceLength: region.height, targetLength: size.height))
        guard region.width != size.width else { return tall }
        let across = LanczosWeights(sourceLength: region.width, targetLength: size.width)
        return filterAcross(tall, weights: across)
    }

    /// Each target column from the source samples its weights name, along every row.
    private static func filterAcross(_ plane: SamplePlane, weights: borrowing LanczosWeights) -> SamplePlane {
        let (stride, height, width) = (plane.width, plane.height, weights.count)
        let half = Int32(1) << (LanczosWeights.shift - 1)
        return plane.samples.withUnsafeBufferPointer { source in
            SamplePlane(width: width, height: height) { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for y in 0..<height {
                    let row = source + y * stride
                    let out = target + y * width
                    for x in 0..<width {
                        let under = row + weights.first[x]
                        let w = weights.weights + x * weights.stride
                        var sum = half
                        for tap in 0..<weights.taps[x] { sum &+= w[tap] &* Int32(under[tap]) }
                        out[x] = UInt8(truncatingIfNeeded: min(255, max(0, sum >> LanczosWeights.shift)))
                    }
                }
            }
        }
    }

    /// Each target row from the source rows its weights name, `width` samples of each.
    private static func filterDown(
        _ plane: SamplePlane, width: Int, weights: borrowing LanczosWeights
    ) -> SamplePlane {
        let stride = plane.width
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: width)
        defer { sums.deallocate() }
        let half = Int32(1) << (LanczosWeights.shift - 1)
        return plane.samples.withUnsafeBufferPointer { source in
            SamplePlane(width: width, height: weights.count) { target in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for y in 0..<weights.count {
                    let first = source + weights.first[y] * stride
                    let w = weights.weights + y * weights.stride
                    let weight = w[0]
                    for x in 0..<width { sums[x] = half &+ weight &* Int32(first[x]) }
                    for tap in 1..<max(1, weights.taps[y]) {
                        let row = first + tap * stride
                        let weight = w[tap]
                        for x in 0..<width { sums[x] &+= weight &* Int32(row[x]) }
                    }
                    let out = target + y * width
                    for x in 0..<width {
                        out[x] = UInt8(truncatingIfNeeded: min(255, max(0, sums[x] >> LanczosWeights.shift)))
                    }
                }
            }
        }
    }
}
