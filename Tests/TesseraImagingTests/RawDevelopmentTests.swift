import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Camera raws come out as LibRaw's own Python binding, `rawpy`, develops them: the same
/// size, the same way up, the same colours (the camera's white balance, sRGB), from DNGs
/// `pidng` writes. Before issue 19 every raw was skipped ("unsupported: camera raw files").
final class RawDevelopmentTests: XCTestCase {
    let processor = ImagePipeline()

    /// The largest difference in any channel between the mean colours of the two pictures'
    /// cells (an 8 × 8 grid). Debian's LibRaw 0.20 against rawpy's 0.22 and a JPEG at
    /// quality 95 measure 0–3 on these scenes; a picture turned the wrong way, or developed
    /// without white balance or in the camera's colours, differs by 100 or more.
    static let tolerance = 12

    private func skipUnlessJudgeAvailable() throws {
        try XCTSkipIf(RawFixture.python == nil, RawFixture.unavailable)
    }

    func testALoneDNGIsReadWithItsSizeAndCameraNotes() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("IMG_0001.dng")
        try RawFixture.write(RawFixture.Scene(orientation: 6), to: file)
        XCTAssertEqual(RawSignature.format(ofFileAt: file.path), .dng)
        let info = try processor.inspect(file, format: .dng)
        // Turned by LibRaw: the size is upright and no second turn is asked for.
        XCTAssertEqual(info.storedSize, PixelSize(width: 240, height: 320))
        XCTAssertEqual(info.orientation, .up)
        XCTAssertEqual(info.metadata.dateTaken, "2026-11-30 10:20:30")
        XCTAssertEqual(info.metadata.camera, "Tessera Test Camera")
        XCTAssertEqual(info.metadata.exposure, "1/250 s")
        XCTAssertEqual(info.metadata.aperture, "f/2.8")
    }

    func testEveryOrientationComesOutUprightInRawpysColours() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        for orientation in [1, 3, 6, 8] {
            let file = folder.url.appendingPathComponent("turned-\(orientation).dng")
            try RawFixture.write(RawFixture.Scene(orientation: orientation), to: file)
            let info = try processor.inspect(file, format: .dng)
            let reference = try RawFixture.reference(file)
            XCTAssertEqual(info.uprightSize, reference.size, "orientation \(orientation)")
            let made = try processor.makeRenditions(
                of: file, info: info,
                renditions: [Rendition(role: .display, path: "d.jpg", size: info.uprightSize, format: .jpeg)],
                request: RenditionRequest(quality: 95))
            try assertLooksLike(reference, made[0], "orientation \(orientation)")
        }
    }

    /// A thumbnail a quarter of the photo's size is developed at half size (each 2 × 2
    /// block of the mosaic one pixel), and still matches rawpy's picture.
    func testASmallRenditionIsDevelopedAtHalfSizeWithTheSameColours() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("small.dng")
        try RawFixture.write(RawFixture.Scene(width: 640, height: 480, orientation: 8), to: file)
        let info = try processor.inspect(file, format: .dng)
        XCTAssertEqual(info.uprightSize, PixelSize(width: 480, height: 640))
        let made = try processor.makeRenditions(
            of: file, info: info,
            renditions: [
                Rendition(role: .display, path: "t.jpg", size: PixelSize(width: 120, height: 160), format: .jpeg)
            ],
            request: RenditionRequest(quality: 95))
        try assertLooksLike(try RawFixture.reference(file, halfSize: true), made[0], "half size")
    }

    func testTheRenditionsCarryNoMetadata() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("notes.dng")
        try RawFixture.write(RawFixture.Scene(), to: file)
        let info = try processor.inspect(file, format: .dng)
        let made = try processor.makeRenditions(
            of: file, info: info,
            renditions: [Rendition(role: .display, path: "d.jpg", size: info.uprightSize, format: .jpeg)],
            request: RenditionRequest(quality: 90))
        for marker in ["Exif", "Tessera", "Test Camera", "2026:11:30"] {
            XCTAssertNil(made[0].firstRange(of: Array(marker.utf8)), marker)
        }
    }

    func testADamagedOrCutRawIsAProblemNamedNotACrash() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("whole.dng")
        try RawFixture.write(RawFixture.Scene(), to: file)
        let whole = [UInt8](try Data(contentsOf: file))
        let cut = try folder.write(Array(whole.prefix(whole.count / 3)), as: "cut.dng")
        let inspected = try processor.inspect(cut, format: .dng)
        let problem = XCTAssertAnyProblem {
            try processor.makeRenditions(
                of: cut, info: inspected,
                renditions: [Rendition(role: .display, path: "d.jpg", size: inspected.uprightSize, format: .jpeg)],
                request: RenditionRequest(quality: 90))
        }
        XCTAssertEqual(problem, .truncated(.dng))
        let empty = try folder.write([], as: "empty.dng")
        XCTAssertProblem(.truncated(.dng)) { try processor.inspect(empty, format: .dng) }
        let noise = try folder.write(Array(whole.prefix(8)) + [UInt8](repeating: 0xA5, count: 4000), as: "noise.dng")
        XCTAssertAnyProblem { try processor.inspect(noise, format: .dng) }
    }

    func testARawOverThePixelLimitIsRefusedBeforeItIsUnpacked() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("large.dng")
        try RawFixture.write(RawFixture.Scene(), to: file)
        XCTAssertProblem(.tooLarge(PixelSize(width: 320, height: 240), limitMegapixels: 0)) {
            try processor.inspect(file, format: .dng, budget: PixelBudget(megapixels: 0))
        }
        let info = try processor.inspect(file, format: .dng)
        XCTAssertProblem(.tooLarge(PixelSize(width: 320, height: 240), limitMegapixels: 0)) {
            try processor.makeRenditions(
                of: file, info: info,
                renditions: [Rendition(role: .display, path: "d.jpg", size: info.uprightSize, format: .jpeg)],
                request: RenditionRequest(quality: 90), budget: PixelBudget(megapixels: 0))
        }
    }

    /// Our JPEG, decoded, against rawpy's picture: the same size up to resizing, and each
    /// cell of an 8 × 8 grid the same mean colour within `tolerance`.
    private func assertLooksLike(
        _ reference: (size: PixelSize, rgb: [UInt8]), _ jpeg: [UInt8], _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let ours = try XCTUnwrap(TestImage(jpeg: jpeg), label, file: file, line: line)
        let refAspect = Double(reference.size.width) / Double(reference.size.height)
        XCTAssertEqual(
            Double(ours.width) / Double(ours.height), refAspect, accuracy: 0.02, label, file: file, line: line)
        let cells = 8
        for cy in 0..<cells {
            for cx in 0..<cells {
                func mean(width: Int, height: Int, _ pixel: (Int, Int) -> RGB) -> RGB {
                    var sum = (0, 0, 0, 0)
                    // The middle half of the cell: edges are where demosaicing and resizing differ.
                    let x0 = (4 * cx + 1) * width / (4 * cells)
                    let x1 = (4 * cx + 3) * width / (4 * cells)
                    let y0 = (4 * cy + 1) * height / (4 * cells)
                    let y1 = (4 * cy + 3) * height / (4 * cells)
                    for y in y0..<max(y1, y0 + 1) {
                        for x in x0..<max(x1, x0 + 1) {
                            let p = pixel(x, y)
                            sum = (sum.0 + p.r, sum.1 + p.g, sum.2 + p.b, sum.3 + 1)
                        }
                    }
                    return RGB(sum.0 / sum.3, sum.1 / sum.3, sum.2 / sum.3)
                }
                let theirs = mean(width: reference.size.width, height: reference.size.height) { x, y in
                    let i = (y * reference.size.width + x) * 3
                    return RGB(Int(reference.rgb[i]), Int(reference.rgb[i + 1]), Int(reference.rgb[i + 2]))
                }
                let mine = mean(width: ours.width, height: ours.height) { ours.color($0, $1) }
                XCTAssertLessThanOrEqual(
                    mine.distance(to: theirs), Self.tolerance, "\(label), cell \(cx),\(cy): \(mine) vs \(theirs)",
                    file: file, line: line)
            }
        }
    }
}
