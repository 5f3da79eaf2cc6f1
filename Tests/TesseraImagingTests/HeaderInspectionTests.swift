import CGD
import Synchronization
import TesseraImaging
import XCTest

@testable import TesseraCore

/// `inspect` reads sizes from headers and refuses bad files with a reason.
final class HeaderInspectionTests: XCTestCase {
    let processor = ImagePipeline()

    func drawing(width: Int = 240, height: Int = 136) -> TestImage {
        let image = TestImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { image.set(x, y, RGB((x * 7) % 256, (y * 13) % 256, (x * y) % 256)) }
        }
        return image
    }

    func testSizesFromEveryHeaderLibGDCanWrite() throws {
        let folder = try FixtureFolder()
        let image = drawing()
        var skipped: [MediaFormat] = []
        for format in MediaFormat.readable {
            guard let bytes = image.encoded(format) else {
                skipped.append(format)
                continue
            }
            XCTAssertEqual(MediaFormat.sniff(bytes), format, "fixture sniffs as \(format)")
            let file = try folder.write(bytes, as: "drawing.\(format.rawValue)")
            let info = try processor.inspect(file, format: format)
            // Even sides: the HEIF encoder pads odd ones (x265 needs 4:2:0 blocks).
            XCTAssertEqual(info.storedSize, PixelSize(width: 240, height: 136), "\(format)")
            XCTAssertEqual(info.orientation, .up)
            let outputs = try processor.render(
                file, info: info, sizes: [PixelSize(width: 120, height: 68)], quality: 85)
            XCTAssertEqual(TestImage(jpeg: outputs[0])?.size, PixelSize(width: 120, height: 68), "\(format)")
        }
        // JPEG, PNG, GIF and WebP must be there; AVIF/HEIF encoders depend on the build.
        XCTAssertFalse(
            skipped.contains(.jpeg) || skipped.contains(.png) || skipped.contains(.gif)
                || skipped.contains(.webp), "skipped \(skipped)")
    }

    func testTransparentPNGIsLaidOverWhite() throws {
        let folder = try FixtureFolder()
        let image = TestImage(width: 20, height: 20)
        gdImageAlphaBlending(image.pointer, 0)
        gdImageSaveAlpha(image.pointer, 1)
        gdImageFilledRectangle(image.pointer, 0, 0, 19, 19, Int32(gdAlphaTransparent) << 24)
        let bytes = try XCTUnwrap(image.encoded(.png))
        let file = try folder.write(bytes, as: "clear.png")
        let info = try processor.inspect(file, format: .png)
        let output = try processor.render(file, info: info, sizes: [info.storedSize], quality: 90)
        let decoded = try XCTUnwrap(TestImage(jpeg: output[0]))
        XCTAssertLessThan(decoded.color(10, 10).distance(to: RGB(255, 255, 255)), 4)
    }

    func testHalfAJPEGIsTruncatedNotGrey() throws {
        let folder = try FixtureFolder()
        let jpeg = try XCTUnwrap(drawing(width: 600, height: 400).encoded(.jpeg))
        let file = try folder.write(Array(jpeg.prefix(jpeg.count / 2)), as: "half.jpg")
        let info = try processor.inspect(file, format: .jpeg)
        XCTAssertEqual(info.storedSize, PixelSize(width: 600, height: 400))
        XCTAssertProblem(.truncated(.jpeg)) {
            try processor.render(file, info: info, sizes: [PixelSize(width: 300, height: 200)], quality: 85)
        }
    }

    func testHalfAGIFIsTruncatedWhileTheWholeOneRenders() throws {
        let folder = try FixtureFolder()
        let gif = try XCTUnwrap(drawing(width: 300, height: 200).encoded(.gif))
        let whole = try folder.write(gif, as: "whole.gif")
        let half = try folder.write(Array(gif.prefix(gif.count / 2)), as: "half.gif")
        let info = try processor.inspect(whole, format: .gif)
        XCTAssertEqual(try processor.render(whole, info: info, sizes: [info.storedSize], quality: 85).count, 1)
        XCTAssertProblem(.truncated(.gif)) {
            try processor.render(
                half, info: try processor.inspect(half, format: .gif), sizes: [info.storedSize], quality: 85)
        }
    }

    func testAJPEGCutInsideItsHeaderIsTruncated() throws {
        let folder = try FixtureFolder()
        let jpeg = try XCTUnwrap(drawing().encoded(.jpeg))
        let file = try folder.write(Array(jpeg.prefix(40)), as: "stub.jpg")
        XCTAssertProblem(.truncated(.jpeg)) { try processor.inspect(file, format: .jpeg) }
    }

    func testRandomBytesAfterAPNGSignatureAreAProblem() throws {
        let folder = try FixtureFolder()
        var generator = SeededBytes(seed: 42)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let noise = try folder.write(signature + generator.bytes(4000), as: "noise.png")
        XCTAssertAnyProblem {
            let info = try processor.inspect(noise, format: .png)
            return try processor.render(noise, info: info, sizes: [PixelSize(width: 10, height: 10)], quality: 80)
        }
        // A real header followed by noise: inspect succeeds, the decode must not.
        let png = try XCTUnwrap(drawing().encoded(.png))
        let damaged = try folder.write(Array(png.prefix(33)) + generator.bytes(4000), as: "damaged.png")
        let info = try processor.inspect(damaged, format: .png)
        let problem = XCTAssertAnyProblem {
            try processor.render(damaged, info: info, sizes: [PixelSize(width: 120, height: 68)], quality: 80)
        }
        XCTAssertNotNil(problem)
    }

    func testAHugePNGHeaderIsTooLargeBeforeAnyDecode() throws {
        let folder = try FixtureFolder()
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        header += Array("IHDR".utf8)
        header += bigEndian(30000) + bigEndian(30000) + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
        let file = try folder.write(header, as: "huge.png")
        XCTAssertProblem(.tooLarge(PixelSize(width: 30000, height: 30000), limitMegapixels: 100)) {
            try processor.inspect(file, format: .png)
        }
        // The budget the build gives decides, the limit named as given; 900 MP exactly is within.
        XCTAssertProblem(.tooLarge(PixelSize(width: 30000, height: 30000), limitMegapixels: 899)) {
            try processor.inspect(file, format: .png, budget: PixelBudget(megapixels: 899))
        }
        XCTAssertEqual(
            try processor.inspect(file, format: .png, budget: PixelBudget(megapixels: 900)).storedSize,
            PixelSize(width: 30000, height: 30000))
        let zero = try folder.write(
            Array(header.prefix(16)) + bigEndian(0) + bigEndian(30000) + [8, 2, 0, 0, 0], as: "zero.png")
        XCTAssertProblem(.corrupt(.png, detail: "the header gives an impossible size, 0×30000")) {
            try processor.inspect(zero, format: .png)
        }
    }

    /// gd cannot write animated WebP, so this is a hand-written extended header whose
    /// animation flag is set (frames omitted: the flag alone must decide).
    func testAnimatedWebPIsUnsupported() throws {
        let folder = try FixtureFolder()
        var vp8x: [UInt8] = Array("VP8X".utf8) + littleEndian(10, bytes: 4)
        vp8x += [0x02, 0, 0, 0] + littleEndian(99, bytes: 3) + littleEndian(49, bytes: 3)
        let anim: [UInt8] = Array("ANIM".utf8) + littleEndian(6, bytes: 4) + [255, 255, 255, 255, 0, 0]
        let body = Array("WEBP".utf8) + vp8x + anim
        let file = try folder.write(
            Array("RIFF".utf8) + littleEndian(body.count, bytes: 4) + body, as: "animated.webp")
        XCTAssertProblem(.unsupported("animated WebP")) { try processor.inspect(file, format: .webp) }
    }

    func testEmptyAndMissingFiles() throws {
        let folder = try FixtureFolder()
        let empty = try folder.write([], as: "empty.jpg")
        XCTAssertProblem(.truncated(.jpeg)) { try processor.inspect(empty, format: .jpeg) }
        let missing = folder.url.appendingPathComponent("missing.jpg")
        let problem = XCTAssertAnyProblem { try processor.inspect(missing, format: .jpeg) }
        guard case .unreadable = problem else {
            return XCTFail("expected unreadable, got \(String(describing: problem))")
        }
    }

    /// libgd's error callback is process-wide; each parallel decode must see only its own.
    func testParallelRendersReportTheirOwnFailures() throws {
        let folder = try FixtureFolder()
        let png = try XCTUnwrap(drawing().encoded(.png))
        var generator = SeededBytes(seed: 7)
        let good = try folder.write(png, as: "good.png")
        let bad = try folder.write(Array(png.prefix(33)) + generator.bytes(3000), as: "bad.png")
        let info = PhotoInfo(format: .png, storedSize: PixelSize(width: 240, height: 136))
        let processor = self.processor
        let results = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let file = i.isMultiple(of: 2) ? good : bad
            let sizes = [PixelSize(width: 60, height: 34)]
            results.record(i, (try? processor.render(file, info: info, sizes: sizes, quality: 80)) != nil)
        }
        for i in 0..<16 { XCTAssertEqual(results.value(i), i.isMultiple(of: 2), "render \(i)") }
    }

    private func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private func littleEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(value >> (8 * $0) & 0xFF) }
    }
}

/// Reproducible noise (a 64-bit LCG), so failures can be replayed.
struct SeededBytes {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }
}

/// Which parallel renders succeeded, written from several threads.
final class Outcomes: Sendable {
    private let succeeded = Mutex<[Int: Bool]>([:])
    func record(_ i: Int, _ ok: Bool) { succeeded.withLock { $0[i] = ok } }
    func value(_ i: Int) -> Bool? { succeeded.withLock { $0[i] } }
}
