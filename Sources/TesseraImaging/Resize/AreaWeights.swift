/// How much of each source pixel along one axis falls into each target pixel, when
/// `sourceLength` pixels are spread evenly over `targetLength`: the 1-D half of an area
/// average (libgd's `gdImageCopyResampled` filter).
///
/// Target pixel `i` covers `[i·s/t, (i+1)·s/t)` in source coordinates; its taps are the
/// source pixels that interval overlaps, weighted by the overlap, in fixed point so that
/// each pixel's weights add up to exactly `one`.
struct AreaWeights: ~Copyable {
    /// The fixed-point value of a whole pixel's weight (14 bits).
    static let shift = 14
    static let one: Int32 = 1 << shift

    /// Number of target pixels.
    let count: Int
    /// The most taps any target pixel has; the stride of `weights`.
    let stride: Int
    /// First source pixel of each target pixel.
    let first: UnsafeMutablePointer<Int>
    /// Number of taps of each target pixel.
    let taps: UnsafeMutablePointer<Int>
    /// `stride` weights per target pixel, unused ones zero; none negative, and a pixel's
    /// add up to `one` (2^14), so each fits the 16 bits `CLanczos`'s `area_sum_down`
    /// multiplies with.
    let weights: UnsafeMutablePointer<Int16>

    /// - Parameter scale: source pixels per target pixel, when the two lengths include
    ///   padding beyond the picture and so do not say it (`source / target` otherwise).
    init(sourceLength source: Int, targetLength target: Int, scale given: Double? = nil) {
        precondition(source > 0 && target > 0)
        count = target
        let scale = given ?? Double(source) / Double(target)
        // A span of `scale` pixels starting anywhere overlaps at most ceil(scale) + 1 of them.
        stride = min(source, Int(scale.rounded(.up)) + 1)
        first = .allocate(capacity: target)
        taps = .allocate(capacity: target)
        weights = .allocate(capacity: target * stride)
        weights.initialize(repeating: 0, count: target * stride)

        for i in 0..<target {
            let low = Double(i) * scale
            let high = min(Double(source), Double(i + 1) * scale)
            let start = Int(low.rounded(.down))
            let end = min(source, Int(high.rounded(.up)))
            let row = weights + i * stride
            var used = 0
            var total: Int32 = 0
            var largest = 0
            var firstUsed = start
            for j in start..<end {
                let overlap = min(high, Double(j + 1)) - max(low, Double(j))
                guard overlap > 0 else { continue }
                if used == 0 { firstUsed = j }
                let weight = Int32((overlap / (high - low) * Double(Self.one)).rounded())
                row[used] = Int16(weight)
                if weight > Int32(row[largest]) { largest = used }
                total += weight
                used += 1
            }
            // Rounding leaves the sum a little off `one`; the largest tap absorbs it.
            row[largest] += Int16(Self.one - total)
            first[i] = firstUsed
            taps[i] = used
        }
    }

    deinit {
        first.deallocate()
        taps.deallocate()
        weights.deallocate()
    }
}
