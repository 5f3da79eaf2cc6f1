import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Issue 19's RAW+JPEG folder, built in process with the real imaging: a DNG beside its
/// JPEG is one photo (the JPEG's picture, the DNG's camera notes where the JPEG has none),
/// a lone DNG is developed the right way up, and `--strict` passes. Before, the DNG was
/// skipped with a warning, `--strict` failed, and a lone DNG had no page.
final class RawPairBuildTests: XCTestCase {
    /// A temporary folder holding `photos/Trip`, the album the tests fill.
    private func tripFolder() throws -> (TemporaryFolder, URL) {
        let tmp = try TemporaryFolder()
        let trip = tmp.url.appendingPathComponent("photos/Trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        return (tmp, trip)
    }

    func testARawPlusJPEGIsOnePhotoAndALoneRawIsPublishedUpright() throws {
        try XCTSkipIf(RawFixture.python == nil, RawFixture.unavailable)
        let (tmp, trip) = try tripFolder()
        // The camera's JPEG, landscape, with no camera notes of its own; its DNG is portrait.
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 300, height: 200), label: "jpeg", hue: 0.6, orientation: .up)
        try Data(jpeg).write(to: trip.appendingPathComponent("IMG_0040.JPG"))
        try RawFixture.write(RawFixture.Scene(orientation: 6), to: trip.appendingPathComponent("IMG_0040.DNG"))
        try RawFixture.write(RawFixture.Scene(orientation: 6), to: trip.appendingPathComponent("IMG_0041.dng"))

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--json", "--strict", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["photos"] as? Int, 2)
        XCTAssertEqual((report["skipped"] as? [Any])?.count, 0)

        let site = tmp.url.appendingPathComponent("site/trip")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".html") }
        XCTAssertEqual(Set(pages), ["index.html", "img-0040.html", "img-0041.html"])

        // The pair's picture is the JPEG's (landscape), its notes the DNG's.
        let pair = try XCTUnwrap(JPEGSize.read(site.appendingPathComponent("_media/img-0040.jpg")))
        XCTAssertEqual([pair.width, pair.height], [300, 200])
        let pairPage = try String(contentsOf: site.appendingPathComponent("img-0040.html"), encoding: .utf8)
        XCTAssertTrue(pairPage.contains("Tessera Test Camera"), pairPage)
        XCTAssertTrue(pairPage.contains("1/250 s"), pairPage)

        // The lone DNG, developed and turned: portrait, as the camera held it.
        let lone = try XCTUnwrap(JPEGSize.read(site.appendingPathComponent("_media/img-0041.jpg")))
        XCTAssertEqual([lone.width, lone.height], [240, 320])
    }

    /// A RAW+JPEG pair whose JPEG was cut short in copying: nothing of the pair was
    /// published. The DNG is developed in the JPEG's place, with a warning naming both.
    func testAPairWhoseJPEGIsCutShortIsPublishedFromItsRaw() throws {
        try XCTSkipIf(RawFixture.python == nil, RawFixture.unavailable)
        let (tmp, trip) = try tripFolder()
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 320, height: 240), label: "jpeg", hue: 0.6, orientation: .up)
        try Data(jpeg.prefix(jpeg.count / 2)).write(to: trip.appendingPathComponent("IMG_0040.JPG"))
        try RawFixture.write(RawFixture.Scene(), to: trip.appendingPathComponent("IMG_0040.DNG"))

        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Trip/IMG_0040.JPG: warning: cannot be decoded (")
                && result.stderr.contains("published from IMG_0040.DNG, its RAW, until it is copied again"),
            result.stderr)
        XCTAssertFalse(result.stderr.contains("skipped"), result.stderr)
        let site = tmp.url.appendingPathComponent("site/trip")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("img-0040.html").path))
        let display = try XCTUnwrap(JPEGSize.read(site.appendingPathComponent("_media/img-0040.jpg")))
        XCTAssertEqual([display.width, display.height], [320, 240])
        let strict = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--formats", "none", "--strict"], in: tmp.url)
        XCTAssertEqual(strict.status, 1, "--strict names it: \(strict.stderr)")
    }

    /// A lone raw whose embedded preview is smaller than the display image is developed by
    /// LibRaw, and `--verbose` says so, naming the file and the preview's and the display
    /// image's sizes; a raw whose preview covers it is published from the preview, with no
    /// note. Before, the slower development went unmentioned.
    func testARawDevelopedForWantOfALargeEnoughPreviewIsNoted() throws {
        try XCTSkipIf(RawFixture.python == nil, RawFixture.unavailable)
        let (tmp, trip) = try tripFolder()
        try RawFixture.write(
            RawFixture.Scene(preview: RawFixture.Preview(scale: 0.5)), to: trip.appendingPathComponent("IMG_0050.DNG"))
        try RawFixture.write(
            RawFixture.Scene(preview: RawFixture.Preview(scale: 1)), to: trip.appendingPathComponent("IMG_0051.DNG"))

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--verbose", "--strict", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains(
                "Trip/IMG_0050.DNG: its embedded preview (160×120) is smaller than the display image (320×240); developed from the raw by LibRaw instead, which takes longer"
            ), result.stderr)
        XCTAssertFalse(
            result.stderr.contains("IMG_0051.DNG:"), "a preview that covers the display image: \(result.stderr)")
        // Built again with nothing changed, nothing is developed and nothing is noted.
        let again = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--verbose", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stderr.contains("embedded preview"), again.stderr)
    }

    /// Only the RAW of a pair edited (its notes changed, its JPEG untouched): the next build
    /// shows the RAW's new notes on the pair's page and leaves the JPEG's images alone.
    /// Before, the JPEG's header came from the manifest while the JPEG's own size and time
    /// were unchanged, so the page kept the RAW's old notes.
    func testARawEditedAloneRefreshesItsPairsPageButNotItsImages() throws {
        try XCTSkipIf(RawFixture.python == nil, RawFixture.unavailable)
        let (tmp, trip) = try tripFolder()
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 300, height: 200), label: "jpeg", hue: 0.6, orientation: .up)
        try Data(jpeg).write(to: trip.appendingPathComponent("IMG_0040.JPG"))
        let raw = trip.appendingPathComponent("IMG_0040.DNG")
        try RawFixture.write(RawFixture.Scene(exposure: 250), to: raw)
        let build = ["build", "photos", "-o", "site", "--formats", "none"]
        let first = try InProcessCLI.run(build, in: tmp.url)
        XCTAssertEqual(first.status, 0, first.stderr)
        let site = tmp.url.appendingPathComponent("site/trip")
        let page = site.appendingPathComponent("img-0040.html")
        XCTAssertTrue(try String(contentsOf: page, encoding: .utf8).contains("1/250 s"))

        // The images' times set back, so that any rewrite of them shows.
        let media = site.appendingPathComponent("_media")
        let images = try FileManager.default.contentsOfDirectory(atPath: media.path).filter {
            $0.hasPrefix("img-0040")
        }
        XCTAssertFalse(images.isEmpty)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for image in images {
            try FileManager.default.setAttributes(
                [.modificationDate: past], ofItemAtPath: media.appendingPathComponent(image).path)
        }
        // Its notes edited: written anew, as a raw editor saves it, the JPEG untouched.
        let edited = tmp.url.appendingPathComponent("edited.dng")
        try RawFixture.write(RawFixture.Scene(exposure: 60), to: edited)
        try FileManager.default.removeItem(at: raw)
        try FileManager.default.moveItem(at: edited, to: raw)

        let second = try InProcessCLI.run(build, in: tmp.url)
        XCTAssertEqual(second.status, 0, second.stderr)
        let text = try String(contentsOf: page, encoding: .utf8)
        XCTAssertTrue(text.contains("1/60 s"), text)
        XCTAssertFalse(text.contains("1/250 s"), text)
        for image in images {
            let modified =
                try FileManager.default.attributesOfItem(
                    atPath: media.appendingPathComponent(image).path)[.modificationDate] as? Date
            XCTAssertEqual(modified, past, "\(image) was made again")
        }
    }
}
