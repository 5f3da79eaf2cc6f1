import CGD
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// The separable plane resampler against libgd's own `gdImageCopyResampled` (on grey
/// pictures, where each channel is the plane), and on cases whose answer is known exactly.
final class ResamplerTests: XCTestCase {
    func testMatchesCopyResampledOnAGeneratedPhoto() throws {
        let cases: [(PixelSize, PixelSize)] = [
            (PixelSize(width: 1000, height: 667), PixelSize(width: 540, height: 360)),
            (PixelSize(width: 997, height: 601), PixelSize(width: 203, height: 122)),
            (PixelSize(width: 640, height: 480), PixelSize(width: 80, height: 60)),
            (PixelSize(width: 300, height: 200), PixelSize(width: 299, height: 199)),
            (PixelSize(width: 301, height: 451), PixelSize(width: 150, height: 225)),
            (PixelSize(width: 120, height: 90), PixelSize(width: 311, height: 233)),
            (PixelSize(width: 2000, height: 150), PixelSize(width: 48, height: 4)),
            (PixelSize(width: 2738, height: 1825), PixelSize(width: 2048, height: 1365)),
        ]
        for (from, to) in cases {
            let source = Self.photoLike(from)
            let ours = Resampler.resample(source, region: from, to: to)
            let reference = try Self.copyResampled(source, to: to)
            let difference = Self.difference(ours, reference)
            XCTAssertLessThan(difference.mean, 0.05, "\(from) → \(to): \(difference)")
            XCTAssertLessThanOrEqual(difference.largest, 1, "\(from) → \(to): \(difference)")
        }
    }

    func testASolidValueStaysExactlyThatValue() {
        let sizes: [(PixelSize, PixelSize)] = [
            (PixelSize(width: 37, height: 23), PixelSize(width: 5, height: 3)),
            (PixelSize(width: 7, height: 7), PixelSize(width: 13, height: 2)),
            (PixelSize(width: 1000, height: 3), PixelSize(width: 333, height: 1)),
            (PixelSize(width: 1, height: 1), PixelSize(width: 4, height: 9)),
            (PixelSize(width: 5000, height: 20), PixelSize(width: 3, height: 3)),
        ]
        for value: UInt8 in [0, 1, 200, 255] {
            for (from, to) in sizes {
                let source = SamplePlane(width: from.width, height: from.height, repeating: value)
                let result = Resampler.resample(source, region: from, to: to)
                XCTAssertEqual(result.size, to)
                XCTAssertEqual(Set(result.samples), [value], "\(from) → \(to)")
            }
        }
    }

    func testHalvingACheckerOfTwoPixelBlocksGivesTheBlockValues() {
        let light: UInt8 = 0xE0
        let dark: UInt8 = 0x20
        var source = SamplePlane(width: 64, height: 48, repeating: 0)
        for y in 0..<48 {
            for x in 0..<64 { source.samples[y * 64 + x] = (x / 2 + y / 2) % 2 == 0 ? light : dark }
        }
        let result = Resampler.resample(source, region: source.size, to: PixelSize(width: 32, height: 24))
        for y in 0..<24 {
            for x in 0..<32 {
                XCTAssertEqual(result.samples[y * 32 + x], (x + y) % 2 == 0 ? light : dark, "sample \(x), \(y)")
            }
        }
    }

    func testFourSamplesBecomeTheirMeanRoundedHalfUp() {
        var source = SamplePlane(width: 2, height: 2, repeating: 0)
        source.samples = [0, 255, 0, 0]
        // 255 / 4 = 63.75 rounds to 64; 510 / 4 = 127.5 rounds half up to 128.
        XCTAssertEqual(
            Resampler.resample(source, region: source.size, to: PixelSize(width: 1, height: 1)).samples, [64])
        source.samples = [0, 255, 255, 0]
        XCTAssertEqual(
            Resampler.resample(source, region: source.size, to: PixelSize(width: 1, height: 1)).samples, [128])
    }

    func testOnlyTheRegionIsRead() {
        // A 10×6 picture padded to 16×8 with white: no white may bleed into the result.
        var source = SamplePlane(width: 16, height: 8, repeating: 255)
        for y in 0..<6 {
            for x in 0..<10 { source.samples[y * 16 + x] = 40 }
        }
        for to in [PixelSize(width: 3, height: 2), PixelSize(width: 10, height: 6), PixelSize(width: 21, height: 13)] {
            let result = Resampler.resample(source, region: PixelSize(width: 10, height: 6), to: to)
            XCTAssertEqual(Set(result.samples), [40], "10×6 → \(to)")
        }
    }

    func testOnePixelWideAndTallPlanesMatchCopyResampled() throws {
        let cases: [(PixelSize, PixelSize)] = [
            (PixelSize(width: 1, height: 500), PixelSize(width: 1, height: 37)),
            (PixelSize(width: 1, height: 37), PixelSize(width: 1, height: 500)),
            (PixelSize(width: 500, height: 1), PixelSize(width: 41, height: 1)),
            (PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 3)),
            (PixelSize(width: 1, height: 300), PixelSize(width: 1, height: 1)),
            (PixelSize(width: 300, height: 1), PixelSize(width: 7, height: 2)),
        ]
        for (from, to) in cases {
            let source = Self.photoLike(from)
            let ours = Resampler.resample(source, region: from, to: to)
            let reference = try Self.copyResampled(source, to: to)
            XCTAssertEqual(ours.size, to)
            XCTAssertLessThanOrEqual(Self.difference(ours, reference).largest, 1, "\(from) → \(to)")
        }
    }

    func testWeightsOfEachTargetPixelAddUpToOne() {
        for (source, target) in [(7, 3), (3, 7), (1, 5), (5, 1), (4000, 2048), (2048, 360), (10, 10)] {
            let weights = AreaWeights(sourceLength: source, targetLength: target)
            for i in 0..<target {
                let taps = weights.taps[i]
                XCTAssertGreaterThan(taps, 0)
                XCTAssertLessThanOrEqual(taps, weights.stride)
                XCTAssertLessThanOrEqual(weights.first[i] + taps, source)
                let sum = (0..<taps).reduce(Int32(0)) { $0 + Int32(weights.weights[i * weights.stride + $1]) }
                XCTAssertEqual(sum, AreaWeights.one, "\(source) → \(target), pixel \(i)")
            }
        }
    }

    // MARK: - Fixtures and measures

    /// Smooth gradients, sharp edges and deterministic noise: what photos have.
    private static func photoLike(_ size: PixelSize) -> SamplePlane {
        var plane = SamplePlane(width: size.width, height: size.height, repeating: 0)
        var state: UInt32 = 0x9E37_79B9
        for y in 0..<size.height {
            for x in 0..<size.width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 27) - 16
                let edge = (x / 23 + y / 17) % 2 == 0 ? 60 : 0
                let value = x * 160 / max(1, size.width - 1) + y * 40 / max(1, size.height - 1)
                plane.samples[y * size.width + x] = UInt8(max(0, min(255, value + noise + edge)))
            }
        }
        return plane
    }

    /// `gdImageCopyResampled` on the grey picture whose channels are all `plane`; its red channel.
    private static func copyResampled(_ plane: SamplePlane, to size: PixelSize) throws -> [UInt8] {
        let source = try GDImage.truecolor(plane.size, for: .jpeg)
        source.forEachRow { y, row in
            for x in 0..<row.count {
                let v = Int32(plane.samples[y * plane.width + x])
                row[x] = v << 16 | v << 8 | v
            }
        }
        let target = try GDImage.truecolor(size, for: .jpeg)
        gdImageCopyResampled(
            target.pointer, source.pointer, 0, 0, 0, 0, Int32(size.width), Int32(size.height),
            Int32(plane.width), Int32(plane.height))
        var red: [UInt8] = []
        target.forEachRow { _, row in red.append(contentsOf: row.map { UInt8(($0 >> 16) & 0xFF) }) }
        return red
    }

    struct Difference: CustomStringConvertible {
        var mean: Double
        var largest: Int
        var description: String { "mean \(mean), largest \(largest)" }
    }

    private static func difference(_ plane: SamplePlane, _ reference: [UInt8]) -> Difference {
        precondition(plane.samples.count == reference.count)
        var total = 0
        var largest = 0
        for (p, q) in zip(plane.samples, reference) {
            let d = abs(Int(p) - Int(q))
            total += d
            largest = max(largest, d)
        }
        return Difference(mean: Double(total) / Double(reference.count), largest: largest)
    }
}
