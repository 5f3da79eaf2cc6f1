import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

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

    /// LibRaw gives no offset of the camera's clock: a RAW-only trip's Android clips were
    /// dated on the build's clock. It is read from the raw's own EXIF, for its date only.
    func testADNGsClockOffsetIsReadBesideLibRawsDate() throws {
        try skipUnlessJudgeAvailable()
        guard ExifTool.isAvailable else { throw XCTSkip(ExifTool.missing) }
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("IMG_0002.dng")
        try RawFixture.write(RawFixture.Scene(), to: file)
        // As cameras write them: in the EXIF directory (pidng's own date is in IFD0).
        try ExifTool.write(
            ["-ExifIFD:DateTimeOriginal=2026:11:30 10:20:30", "-ExifIFD:OffsetTimeOriginal=+09:00"], to: file)
        let info = try processor.inspect(file, format: .dng)
        XCTAssertEqual(info.metadata.dateTaken, "2026-11-30 10:20:30")
        XCTAssertEqual(info.metadata.utcOffsetMinutes, 540)
        let other = ImagePipeline.rawClock(try FileBytes.read(file), libRawDate: "2026-11-30 10:20:31")
        XCTAssertEqual(other.dateTaken, "2026-11-30 10:20:31")
        XCTAssertNil(other.utcOffsetMinutes)
    }

    /// LibRaw makes seconds of a raw's date with `mktime` in the build's time zone: a
    /// photo taken at 02:30 on the night Paris's clocks go forward, built in Paris, was
    /// dated 03:30 (a JPEG of the same moment 02:30), and sorted after the photo taken at
    /// 03:10. Its own EXIF's reading is published.
    func testARawTakenInTheHourTheBuildsZoneSkipsKeepsItsClocksReading() throws {
        try skipUnlessJudgeAvailable()
        guard ExifTool.isAvailable else { throw XCTSkip(ExifTool.missing) }
        let previous = ProcessInfo.processInfo.environment["TZ"]
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            tzset()
        }
        setenv("TZ", "Europe/Paris", 1)
        tzset()
        try XCTSkipUnless(
            RawFile.localRoundTrip("2026-03-29 02:30:00") == "2026-03-29 03:30:00",
            "this machine's C library does not know Paris's summer time")
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("IMG_0003.dng")
        try RawFixture.write(RawFixture.Scene(), to: file)
        try ExifTool.write(
            [
                "-ExifIFD:DateTimeOriginal=2026:03:29 02:30:00", "-IFD0:DateTimeOriginal=2026:03:29 02:30:00",
                "-IFD0:ModifyDate=2026:03:29 02:30:00",
            ], to: file)
        let info = try processor.inspect(file, format: .dng)
        XCTAssertEqual(info.metadata.dateTaken, "2026-03-29 02:30:00")
        XCTAssertEqual(RawFile.localRoundTrip("2026-03-29 03:10:00"), "2026-03-29 03:10:00")
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

    /// A preview as large as the sensor, embedded the sensor's way up: each rendition is made
    /// from it (its inverted colours show it), turned as the raw's orientation says, in the
    /// raw's shape: the same size and way up as rawpy's development.
    func testALargeEnoughPreviewIsPublishedTurnedAsTheRaw() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        for orientation in [1, 3, 6, 8] {
            let file = folder.url.appendingPathComponent("preview-\(orientation).dng")
            try RawFixture.write(
                RawFixture.Scene(width: 640, height: 480, orientation: orientation, preview: .init()), to: file)
            let info = try processor.inspect(file, format: .dng)
            let reference = try RawFixture.previewReference(file)
            XCTAssertEqual(info.uprightSize, reference.size, "orientation \(orientation)")
            let display = PixelSize(width: info.uprightSize.width / 2, height: info.uprightSize.height / 2)
            let made = try processor.makeRenditions(
                of: file, info: info,
                renditions: [Rendition(role: .display, path: "d.jpg", size: display, format: .jpeg)],
                request: RenditionRequest(quality: 95))
            let size = try XCTUnwrap(TestImage(jpeg: made[0]))
            XCTAssertEqual([size.width, size.height], [display.width, display.height])
            try assertLooksLike(reference, made[0], "preview, orientation \(orientation)")
        }
    }

    /// A preview a quarter of the sensor's sides is too small for a display image of the
    /// photo's full size: the mosaic is developed (rawpy's colours, not the preview's).
    func testAPreviewSmallerThanTheDisplayImageIsNotUsed() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        let file = folder.url.appendingPathComponent("small-preview.dng")
        try RawFixture.write(
            RawFixture.Scene(width: 640, height: 480, orientation: 6, preview: .init(scale: 0.25)), to: file)
        let info = try processor.inspect(file, format: .dng)
        let made = try processor.makeRenditions(
            of: file, info: info,
            renditions: [Rendition(role: .display, path: "d.jpg", size: info.uprightSize, format: .jpeg)],
            request: RenditionRequest(quality: 95))
        try assertLooksLike(try RawFixture.reference(file), made[0], "small preview")
    }

    /// A preview cut short, or whose header claims 60000 × 60000 pixels, is passed over: the
    /// photo is developed from its mosaic, as if it had none, and nothing crashes.
    func testAHostilePreviewFallsBackToTheDevelopment() throws {
        try skipUnlessJudgeAvailable()
        let folder = try FixtureFolder()
        for damage in [RawFixture.Preview.Damage.truncated, .hugeSize] {
            let file = folder.url.appendingPathComponent("hostile-\(damage.rawValue).dng")
            try RawFixture.write(
                RawFixture.Scene(width: 640, height: 480, orientation: 8, preview: .init(damage: damage)), to: file)
            let info = try processor.inspect(file, format: .dng)
            let display = PixelSize(width: info.uprightSize.width / 2, height: info.uprightSize.height / 2)
            let made = try processor.makeRenditions(
                of: file, info: info,
                renditions: [Rendition(role: .display, path: "d.jpg", size: display, format: .jpeg)],
                request: RenditionRequest(quality: 95))
            try assertLooksLike(try RawFixture.reference(file), made[0], damage.rawValue)
        }
    }

    /// Which previews may stand for the raw: turned, at least the largest image both ways,
    /// in the developed picture's shape up to a camera's few pixels of cropping.
    func testAPreviewStandsForTheRawOnlyWhenItCoversTheDisplayImageInTheRawsShape() {
        let sensor = PixelSize(width: 6000, height: 4000)
        let display = PixelSize(width: 2048, height: 1365)
        XCTAssertTrue(RawPreview.covers(PixelSize(width: 6000, height: 4000), target: display, shape: sensor))
        // Canon's 1620 × 1080 is too small for a 2048-px display image, enough for a 1600-px one.
        XCTAssertFalse(RawPreview.covers(PixelSize(width: 1620, height: 1080), target: display, shape: sensor))
        XCTAssertTrue(
            RawPreview.covers(
                PixelSize(width: 1620, height: 1080), target: PixelSize(width: 1600, height: 1067), shape: sensor))
        // A 16:9 preview of a 3:2 sensor is another framing.
        XCTAssertFalse(RawPreview.covers(PixelSize(width: 7680, height: 4320), target: display, shape: sensor))
        // Upright sizes: a portrait raw needs a portrait preview.
        XCTAssertFalse(
            RawPreview.covers(
                PixelSize(width: 6000, height: 4000), target: PixelSize(width: 1365, height: 2048),
                shape: PixelSize(width: 4000, height: 6000)))
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
