import CGD
import TesseraCore

/// Resizes an image by area averaging: each target pixel is the mean of the source area
/// it covers, each source pixel weighted by how much of it lies inside. This is libgd's
/// `gdImageCopyResampled` filter, done as two 1-D passes with precomputed fixed-point
/// weights (rows first, then columns), which is several times faster and gives the same
/// pixels to within one level.
///
/// Works on opaque truecolor images (what the decoders hand over); alpha is not read and
/// the result is opaque. Palette images go through `gdImageCopyResampled` itself.
enum Resampler {
    /// A new image of `size` made from all of `image`; the same image when sizes match.
    static func resample(_ image: GDImage, to size: PixelSize, format: ImageFormat) throws(PhotoProblem)
        -> GDImage
    {
        if image.size == size { return image }
        let target = try GDImage.truecolor(size, for: format)
        let source = image.size
        guard let sourceRows = image.rows, let targetRows = target.rows else {
            gdImageCopyResampled(
                target.pointer, image.pointer, 0, 0, 0, 0,
                Int32(size.width), Int32(size.height), Int32(source.width), Int32(source.height))
            return target
        }
        areaAverage(from: sourceRows, size: source, into: targetRows, size: size)
        return target
    }

    /// Fractional bits kept per channel between the two passes.
    private static let carryShift = 8

    /// Rows first: each source row is averaged across into `3 × target width` channel
    /// values with `carryShift` extra bits, then target rows sum the handful of such rows
    /// they cover. Only the last two across-averaged rows are kept: consecutive target rows
    /// share at most the boundary row, and source rows are visited in order.
    private static func areaAverage(
        from sourceRows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>, size source: PixelSize,
        into targetRows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>, size target: PixelSize
    ) {
        let across = AreaWeights(sourceLength: source.width, targetLength: target.width)
        let down = AreaWeights(sourceLength: source.height, targetLength: target.height)
        let channels = 3 * target.width

        let carried = UnsafeMutablePointer<UInt16>.allocate(capacity: 2 * channels)
        defer { carried.deallocate() }
        var carriedRow = (-1, -1)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: channels)
        defer { sums.deallocate() }

        for y in 0..<target.height {
            guard let out = targetRows[y] else { continue }
            sums.initialize(repeating: 0, count: channels)
            let firstRow = down.first[y]
            let rowWeights = down.weights + y * down.stride
            for tap in 0..<down.taps[y] {
                let sourceY = firstRow + tap
                let slot = sourceY & 1
                let averaged = carried + slot * channels
                let isCarried = slot == 0 ? carriedRow.0 == sourceY : carriedRow.1 == sourceY
                if !isCarried {
                    guard let row = sourceRows[sourceY] else { continue }
                    averageAcross(row, weights: across, into: averaged)
                    if slot == 0 { carriedRow.0 = sourceY } else { carriedRow.1 = sourceY }
                }
                accumulate(averaged, weight: rowWeights[tap], into: sums, count: channels)
            }
            store(sums, into: out, width: target.width)
        }
    }

    /// One source row averaged across into `r, g, b` triples scaled by `2^carryShift`.
    @inline(__always)
    private static func averageAcross(
        _ row: UnsafeMutablePointer<Int32>, weights: borrowing AreaWeights,
        into averaged: UnsafeMutablePointer<UInt16>
    ) {
        let drop = Int32(AreaWeights.shift - carryShift)
        let half: Int32 = 1 << (drop - 1)
        let stride = weights.stride
        var out = averaged
        for x in 0..<weights.count {
            let start = row + weights.first[x]
            let w = weights.weights + x * stride
            var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
            for tap in 0..<weights.taps[x] {
                let pixel = start[tap], weight = w[tap]
                r &+= weight &* ((pixel &>> 16) & 0xFF)
                g &+= weight &* ((pixel &>> 8) & 0xFF)
                b &+= weight &* (pixel & 0xFF)
            }
            out[0] = UInt16(truncatingIfNeeded: (r &+ half) &>> drop)
            out[1] = UInt16(truncatingIfNeeded: (g &+ half) &>> drop)
            out[2] = UInt16(truncatingIfNeeded: (b &+ half) &>> drop)
            out += 3
        }
    }

    /// `sums += weight × averaged`, channel by channel; at most 65280 × 2^14 < 2^31.
    @inline(__always)
    private static func accumulate(
        _ averaged: UnsafeMutablePointer<UInt16>, weight: Int32,
        into sums: UnsafeMutablePointer<Int32>, count: Int
    ) {
        for i in 0..<count {
            sums[i] &+= weight &* Int32(truncatingIfNeeded: averaged[i])
        }
    }

    /// Rounds the sums to 8-bit channels and writes opaque `0x00RRGGBB` pixels.
    @inline(__always)
    private static func store(_ sums: UnsafeMutablePointer<Int32>, into out: UnsafeMutablePointer<Int32>, width: Int) {
        let drop = Int32(AreaWeights.shift + carryShift)
        let half: Int32 = 1 << (drop - 1)
        var sum = sums
        for x in 0..<width {
            let r = min(255, (sum[0] &+ half) &>> drop)
            let g = min(255, (sum[1] &+ half) &>> drop)
            let b = min(255, (sum[2] &+ half) &>> drop)
            out[x] = r &<< 16 | g &<< 8 | b
            sum += 3
        }
    }
}
