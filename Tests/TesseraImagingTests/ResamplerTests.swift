import CGD
import TesseraCore
import XCTest

@testable import TesseraImaging

/// The separable resampler against libgd's own `gdImageCopyResampled`, and on cases whose
/// answer is known exactly.
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
        ]
        for (from, to) in cases {
            let source = try Self.photoLike(from)
            let ours = try Resampler.resample(source, to: to, format: .jpeg)
            let reference = try Self.copyResampled(source, to: to)
            let difference = Self.difference(ours, reference)
            XCTAssertLessThan(difference.meanPerChannel.max()!, 0.05, "\(from) → \(to): \(difference)")
            XCTAssertLessThanOrEqual(difference.largest, 1, "\(from) → \(to): \(difference)")
        }
    }

    func testASolidColourStaysExactlyThatColour() throws {
        let colour: Int32 = 0x00C8_641E
        let sizes: [(PixelSize, PixelSize)] = [
            (PixelSize(width: 37, height: 23), PixelSize(width: 5, height: 3)),
            (PixelSize(width: 7, height: 7), PixelSize(width: 13, height: 2)),
            (PixelSize(width: 1000, height: 3), PixelSize(width: 333, height: 1)),
            (PixelSize(width: 1, height: 1), PixelSize(width: 4, height: 9)),
        ]
        for (from, to) in sizes {
            let source = try GDImage.truecolor(from, for: .jpeg)
            source.forEachRow { _, row in row.update(repeating: colour) }
            let result = try Resampler.resample(source, to: to, format: .jpeg)
            XCTAssertEqual(result.size, to)
            XCTAssertEqual(Set(Self.pixels(of: result)), [colour], "\(from) → \(to)")
        }
    }

    func testHalvingACheckerOfTwoPixelBlocksGivesTheBlockColours() throws {
        let light: Int32 = 0x00F0_E0D0, dark: Int32 = 0x0010_2030
        let source = try GDImage.truecolor(PixelSize(width: 64, height: 48), for: .jpeg)
        source.forEachRow { y, row in
            for x in 0..<row.count { row[x] = (x / 2 + y / 2) % 2 == 0 ? light : dark }
        }
        let result = try Resampler.resample(source, to: PixelSize(width: 32, height: 24), format: .jpeg)
        result.forEachRow { y, row in
            for x in 0..<row.count {
                XCTAssertEqual(row[x], (x + y) % 2 == 0 ? light : dark, "pixel \(x), \(y)")
            }
        }
    }

    func testFourPixelsBecomeTheirMean() throws {
        let source = try GDImage.truecolor(PixelSize(width: 2, height: 2), for: .jpeg)
        let values: [Int32] = [0x0000_0000, 0x00FF_0000, 0x0000_FF00, 0x0000_00FF]
        source.forEachRow { y, row in
            for x in 0..<2 { row[x] = values[y * 2 + x] }
        }
        let result = try Resampler.resample(source, to: PixelSize(width: 1, height: 1), format: .jpeg)
        // 255 / 4 = 63.75 rounds to 64 in each channel.
        XCTAssertEqual(Self.pixels(of: result), [0x0040_4040])
    }

    func testTheSameSizeIsTheSameImage() throws {
        for size in [PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 40), PixelSize(width: 33, height: 17)] {
            let source = try Self.photoLike(size)
            let result = try Resampler.resample(source, to: size, format: .jpeg)
            XCTAssertTrue(result === source, "\(size)")
        }
    }

    func testOnePixelWideAndTallImagesMatchCopyResampled() throws {
        let cases: [(PixelSize, PixelSize)] = [
            (PixelSize(width: 1, height: 500), PixelSize(width: 1, height: 37)),
            (PixelSize(width: 1, height: 37), PixelSize(width: 1, height: 500)),
            (PixelSize(width: 500, height: 1), PixelSize(width: 41, height: 1)),
            (PixelSize(width: 1, height: 1), PixelSize(width: 1, height: 3)),
            (PixelSize(width: 1, height: 300), PixelSize(width: 1, height: 1)),
            (PixelSize(width: 300, height: 1), PixelSize(width: 7, height: 2)),
        ]
        for (from, to) in cases {
            let source = try Self.photoLike(from)
            let ours = try Resampler.resample(source, to: to, format: .jpeg)
            let reference = try Self.copyResampled(source, to: to)
            XCTAssertEqual(ours.size, to)
            XCTAssertLessThanOrEqual(Self.difference(ours, reference).largest, 1, "\(from) → \(to)")
        }
    }

    func testAPaletteImageIsResampledByLibGD() throws {
        let palette = GDImage(owning: try XCTUnwrap(gdImageCreate(20, 10)))
        let red = gdImageColorAllocate(palette.pointer, 200, 10, 10)
        gdImageFilledRectangle(palette.pointer, 0, 0, 19, 9, red)
        let result = try Resampler.resample(palette, to: PixelSize(width: 10, height: 5), format: .gif)
        XCTAssertTrue(result.isTrueColor)
        XCTAssertEqual(Set(Self.pixels(of: result)), [0x00C8_0A0A])
    }

    func testWeightsOfEachTargetPixelAddUpToOne() {
        for (source, target) in [(7, 3), (3, 7), (1, 5), (5, 1), (4000, 2048), (2048, 360), (10, 10)] {
            let weights = AreaWeights(sourceLength: source, targetLength: target)
            for i in 0..<target {
                let taps = weights.taps[i]
                XCTAssertGreaterThan(taps, 0)
                XCTAssertLessThanOrEqual(taps, weights.stride)
                XCTAssertLessThanOrEqual(weights.first[i] + taps, source)
                let sum = (0..<taps).reduce(Int32(0)) { $0 + weights.weights[i * weights.stride + $1] }
                XCTAssertEqual(sum, AreaWeights.one, "\(source) → \(target), pixel \(i)")
            }
        }
    }

    // MARK: - Fixtures and measures

    /// Smooth gradients, sharp edges and deterministic noise: what photos have.
    private static func photoLike(_ size: PixelSize) throws -> GDImage {
        let image = try GDImage.truecolor(size, for: .jpeg)
        var state: UInt32 = 0x9E37_79B9
        image.forEachRow { y, row in
            for x in 0..<row.count {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int32(state >> 27) - 16
                let edge: Int32 = (x / 23 + y / 17) % 2 == 0 ? 60 : 0
                let r = (Int32(x * 255 / max(1, size.width - 1)) + noise + edge).clamped(0, 255)
                let g = (Int32(y * 255 / max(1, size.height - 1)) - noise).clamped(0, 255)
                let b = (Int32((x + y) % 256) + edge / 2).clamped(0, 255)
                row[x] = r << 16 | g << 8 | b
            }
        }
        return image
    }

    private static func copyResampled(_ source: GDImage, to size: PixelSize) throws -> GDImage {
        let target = try GDImage.truecolor(size, for: .jpeg)
        gdImageCopyResampled(
            target.pointer, source.pointer, 0, 0, 0, 0, Int32(size.width), Int32(size.height),
            Int32(source.size.width), Int32(source.size.height))
        return target
    }

    private static func pixels(of image: GDImage) -> [Int32] {
        var all: [Int32] = []
        image.forEachRow { _, row in all.append(contentsOf: row) }
        return all
    }

    struct Difference: CustomStringConvertible {
        var meanPerChannel: [Double]
        var largest: Int32
        var description: String { "mean r,g,b \(meanPerChannel), largest \(largest)" }
    }

    private static func difference(_ a: GDImage, _ b: GDImage) -> Difference {
        let left = pixels(of: a), right = pixels(of: b)
        precondition(left.count == right.count)
        var totals = [0, 0, 0], largest: Int32 = 0
        for (p, q) in zip(left, right) {
            XCTAssertEqual(p >> 24, q >> 24, "alpha")
            for (channel, shift) in [Int32(16), 8, 0].enumerated() {
                let d = abs(((p >> shift) & 0xFF) - ((q >> shift) & 0xFF))
                totals[channel] += Int(d)
                largest = max(largest, d)
            }
        }
        return Difference(meanPerChannel: totals.map { Double($0) / Double(left.count) }, largest: largest)
    }
}

extension Int32 {
    fileprivate func clamped(_ low: Int32, _ high: Int32) -> Int32 { Swift.min(high, Swift.max(low, self)) }
}
