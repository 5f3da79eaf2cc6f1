import CGD
import TesseraCore

/// Resizes an image by area averaging: each target pixel is the mean of the source area
/// it covers, each source pixel weighted by how much of it lies inside. This is libgd's
/// `gdImageCopyResampled` filter, done as two 1-D passes with precomputed fixed-point
/// weights (down the columns, then across the rows), which is several times faster and
/// gives the same pixels to within one level.
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

    /// Columns first: for each target row, the source rows it covers are summed down into
    /// three planes (red, green, blue) as wide as the source, in a loop the compiler can
    /// vectorize; then each target pixel sums the few plane values it covers across. Only
    /// the across pass is scalar, and it runs on target rows only.
    private static func areaAverage(
        from sourceRows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>, size source: PixelSize,
        into targetRows: UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>, size target: PixelSize
    ) {
        let across = AreaWeights(sourceLength: source.width, targetLength: target.width)
        let down = AreaWeights(sourceLength: source.height, targetLength: target.height)
        let width = source.width
        let planes = UnsafeMutablePointer<Int32>.allocate(capacity: 3 * width)
        defer { planes.deallocate() }
        let red = planes, green = planes + width, blue = planes + 2 * width

        for y in 0..<target.height {
            guard let out = targetRows[y] else { continue }
            let firstRow = down.first[y]
            let rowWeights = down.weights + y * down.stride
            var started = false
            for tap in 0..<down.taps[y] {
                guard let row = sourceRows[firstRow + tap] else { continue }
                let weight = rowWeights[tap]
                if started {
                    addDown(row, weight: weight, red: red, green: green, blue: blue, width: width)
                } else {
                    setDown(row, weight: weight, red: red, green: green, blue: blue, width: width)
                    started = true
                }
            }
            if !started { planes.update(repeating: 0, count: 3 * width) }
            averageAcross(red: red, green: green, blue: blue, weights: across, into: out)
        }
    }

    /// `plane = weight × channel` for the first source row of a target row.
    @inline(__always)
    private static func setDown(
        _ row: UnsafeMutablePointer<Int32>, weight: Int32, red: UnsafeMutablePointer<Int32>,
        green: UnsafeMutablePointer<Int32>, blue: UnsafeMutablePointer<Int32>, width: Int
    ) {
        for x in 0..<width {
            let pixel = row[x]
            red[x] = weight &* ((pixel &>> 16) & 0xFF)
            green[x] = weight &* ((pixel &>> 8) & 0xFF)
            blue[x] = weight &* (pixel & 0xFF)
        }
    }

    /// `plane += weight × channel`; a plane value stays at most 255 × 2^14.
    @inline(__always)
    private static func addDown(
        _ row: UnsafeMutablePointer<Int32>, weight: Int32, red: UnsafeMutablePointer<Int32>,
        green: UnsafeMutablePointer<Int32>, blue: UnsafeMutablePointer<Int32>, width: Int
    ) {
        for x in 0..<width {
            let pixel = row[x]
            red[x] &+= weight &* ((pixel &>> 16) & 0xFF)
            green[x] &+= weight &* ((pixel &>> 8) & 0xFF)
            blue[x] &+= weight &* (pixel & 0xFF)
        }
    }

    /// Sums each target pixel's plane values across in 64 bits (no rounding between the
    /// passes), rounds half up like libgd, and writes opaque `0x00RRGGBB` pixels.
    @inline(__always)
    private static func averageAcross(
        red: UnsafeMutablePointer<Int32>, green: UnsafeMutablePointer<Int32>,
        blue: UnsafeMutablePointer<Int32>, weights: borrowing AreaWeights,
        into out: UnsafeMutablePointer<Int32>
    ) {
        let drop = 2 * AreaWeights.shift
        let half = 1 << (drop - 1)
        let stride = weights.stride
        for x in 0..<weights.count {
            let start = weights.first[x]
            let w = weights.weights + x * stride
            var r = half, g = half, b = half
            for tap in 0..<weights.taps[x] {
                let weight = Int(w[tap])
                r &+= weight &* Int(red[start &+ tap])
                g &+= weight &* Int(green[start &+ tap])
                b &+= weight &* Int(blue[start &+ tap])
            }
            out[x] = Int32(truncatingIfNeeded: min(255, r &>> drop) &<< 16 | min(255, g &>> drop) &<< 8 | min(255, b &>> drop))
        }
    }
}
