import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// `CLanczos` applies the weights sixteen samples (down) or eight taps (across) at a time
/// with SSE2; it must make exactly the pixels the plain sums of the same weights make, at
/// every width (the SIMD groups and the samples left after them), at the edges (where the
/// across pass reads fewer taps) and where the negative lobes push a sum below 0 or over 255.
final class LanczosPassesTests: XCTestCase {
    func testTheSIMDPassesMakeExactlyThePlainSums() {
        // Source and target width × height.
        let cases: [[Int]] = [
            [1500, 1000, 1081, 720], [1001, 667, 270, 180], [37, 41, 15, 17],
            [17, 16, 31, 33],  // enlarged
            [4000, 9, 7, 2],  // many taps
            [3, 5, 1, 1],
            [64, 64, 64, 63],  // only down
        ]
        for sides in cases {
            let from = PixelSize(width: sides[0], height: sides[1])
            let to = PixelSize(width: sides[2], height: sides[3])
            for pattern in ["noise", "stripes"] {
                let samples = (0..<from.pixelCount).map { i -> UInt8 in
                    // Stripes of 0 and 255 ring past both ends, so the sums clamp.
                    // Noise: a multiplicative hash of the index, the same on every run.
                    pattern == "noise"
                        ? UInt8(truncatingIfNeeded: (UInt64(i) &* 2_654_435_761) >> 11)
                        : (i % from.width) % 3 == 0 ? 255 : 0
                }
                let plane = SamplePlane(width: from.width, height: from.height, samples: samples)
                let made = LanczosResampler.resample(plane, region: from, to: to)
                let expected = Self.plainResample(plane, to: to)
                XCTAssertEqual(made.size, to)
                let wrong = zip(made.samples, expected.samples).filter { $0 != $1 }.count
                XCTAssertEqual(wrong, 0, "\(pattern) \(from) → \(to): \(wrong) samples differ from the plain sums")
            }
        }
    }

    /// Down, then across, each sample `(½ + Σ weight × sample) >> shift` clamped to 0–255.
    private static func plainResample(_ plane: SamplePlane, to size: PixelSize) -> SamplePlane {
        /// Target sample `t` of `weights`, `sample` giving each source sample by its index.
        func apply(_ weights: borrowing LanczosWeights, _ t: Int, _ sample: (Int) -> UInt8) -> UInt8 {
            var sum = Int32(1) << (LanczosWeights.shift - 1)
            for tap in 0..<Int(weights.taps[t]) {
                sum += Int32(weights.weights[t * weights.stride + tap]) * Int32(sample(Int(weights.first[t]) + tap))
            }
            return UInt8(min(255, max(0, sum >> LanczosWeights.shift)))
        }
        var tall = plane
        if size.height != plane.height {
            let down = LanczosWeights(sourceLength: plane.height, targetLength: size.height)
            var samples: [UInt8] = []
            for y in 0..<size.height {
                for x in 0..<plane.width {
                    samples.append(apply(down, y) { row in plane.samples[row * plane.width + x] })
                }
            }
            tall = SamplePlane(width: plane.width, height: size.height, samples: samples)
        }
        guard size.width != plane.width else { return tall }
        let across = LanczosWeights(sourceLength: plane.width, targetLength: size.width)
        var samples: [UInt8] = []
        for y in 0..<size.height {
            for x in 0..<size.width {
                samples.append(apply(across, x) { column in tall.samples[y * tall.width + column] })
            }
        }
        return SamplePlane(width: size.width, height: size.height, samples: samples)
    }
}
