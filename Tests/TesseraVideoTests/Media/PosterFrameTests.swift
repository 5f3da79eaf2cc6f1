import Foundation
import TesseraCore
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// Posters from real clips: the displayed size and the right way up, past black frames,
/// tone-mapped, and read by Tessera's photo pipeline like any PNG.
final class PosterFrameTests: XCTestCase {
    let processor = FFmpegVideoProcessor()

    func poster(_ clip: URL, in clips: Clips, request: PosterRequest = PosterRequest()) throws -> (PosterFrame, URL) {
        let output = clips.url.appendingPathComponent(clip.deletingPathExtension().lastPathComponent + ".png")
        let info = try processor.probe(clip)
        return (
            try processor.posterFrame(of: clip, info: info, request: request, output: output, cancellation: nil),
            output
        )
    }

    func testAPortraitClipsPosterIsPortraitAndUpright() throws {
        let clips = try Clips()
        let (frame, png) = try poster(try clips.portraitPhone(), in: clips)
        XCTAssertEqual(frame.size, PixelSize(width: 1080, height: 1920))
        XCTAssertFalse(frame.isDark)
        XCTAssertEqual(frame.time, 0.1, accuracy: 0.05, "a tenth of a one-second clip")
        let decoded = try Judge.decode(png, in: clips.url)
        XCTAssertEqual([decoded.width, decoded.height], [1080, 1920])
        XCTAssertTrue(Judge.Decoded.isRed(decoded.top), "testsrc2's red bar is on top after the turn: \(decoded.top)")
        XCTAssertEqual(try Judge.locationKeys(png), [])
    }

    /// The poster's display image as the photo pipeline makes it from the PNG: a JPEG of
    /// `size`, the PNG's own size unless given.
    func displayImage(of png: URL, in clips: Clips, size: PixelSize? = nil) throws -> URL {
        let imaging = ImagePipeline()
        let budget = PixelBudget(SiteConfiguration.Images())
        let info = try imaging.inspect(png, format: .png, budget: budget)
        let rendition = Rendition(
            role: .display, path: "poster.jpg", size: size ?? info.uprightSize, format: .jpeg)
        let jpeg = try imaging.makeRenditions(
            of: png, info: info, renditions: [rendition], request: RenditionRequest(), budget: budget
        ).images
        return try clips.folder.write(png.deletingPathExtension().lastPathComponent + ".jpg", jpeg[0])
    }

    func testThePhotoPipelineReadsThePosterLikeAnyPhoto() throws {
        let clips = try Clips()
        let (_, png) = try poster(try clips.portraitPhone(), in: clips)
        let budget = PixelBudget(SiteConfiguration.Images())
        let info = try ImagePipeline().inspect(png, format: .png, budget: budget)
        XCTAssertEqual(info.uprightSize, PixelSize(width: 1080, height: 1920))
        let file = try displayImage(of: png, in: clips, size: PixelSize(width: 540, height: 960))
        let decoded = try Judge.decode(file, in: clips.url)
        XCTAssertEqual([decoded.width, decoded.height], [540, 960])
        XCTAssertTrue(Judge.Decoded.isRed(decoded.top), "\(decoded.top)")
    }

    /// The poster shows the colours its video plays in. ffmpeg's PNG encoder wrote the
    /// clip's primaries and transfer into the frame (cHRM, gAMA), which the photo pipeline
    /// then converted to sRGB: a BT.709 grey 128 became 139, a BT.601 red turned orange, a
    /// PAL clip's grey fell to 106, an HLG poster came out lighter than its video.
    func testThePosterHasTheColoursOfItsVideo() throws {
        let clips = try Clips()
        let sdr: [(name: String, colour: String, matrix: String, tags: [String])] = [
            ("hd", "0x808080", "bt709", ["bt709", "bt709", "bt709"]),
            ("ntsc", "0xC85030", "bt601", ["smpte170m", "smpte170m", "smpte170m"]),
            ("pal", "0x505050", "bt601", ["bt470bg", "gamma28", "bt470bg"]),
        ]
        var cases: [(clip: URL, matrix: String)] = try sdr.map { sample in
            (
                try clips.colourClip(sample.name + ".mp4", sample.colour, matrix: sample.matrix, tags: sample.tags),
                sample.matrix
            )
        }
        cases.append(
            (
                try clips.hdr(
                    "hlg.mp4", transfer: "arib-std-b67", source: "color=c=0x949494:size=320x240:rate=10:duration=1"),
                "bt709"
            ))
        for (clip, matrix) in cases {
            let name = clip.deletingPathExtension().lastPathComponent
            let output = clips.url.appendingPathComponent(name + "-web.mp4")
            let info = try processor.probe(clip)
            _ = try processor.transcode(clip, info: info, to: .web, output: output, progress: nil, cancellation: nil)
            let (_, png) = try poster(clip, in: clips)
            let shown = try Judge.decode(try displayImage(of: png, in: clips), in: clips.url).top
            Judge.assertColour(shown, near: try Judge.firstPixel(output, matrix: matrix), accuracy: 3, name)
        }
    }

    func testBlackFramesAtTheStartAreSkipped() throws {
        let clips = try Clips()
        let clip = try clips.make(
            "fade.mp4",
            [
                "-f", "lavfi", "-i", "color=black:size=320x240:rate=10:duration=2",
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=10:duration=3",
                "-filter_complex", "[0][1]concat=n=2:v=1:a=0", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt",
                "yuv420p",
            ])
        let (frame, png) = try poster(clip, in: clips)
        XCTAssertFalse(frame.isDark)
        XCTAssertEqual(frame.time, 2, accuracy: 0.15, "the first frame after the two black seconds")
        XCTAssertGreaterThan(try Judge.decode(png, in: clips.url).luma, 60)
    }

    func testAClipBlackThroughoutStillHasAPoster() throws {
        let clips = try Clips()
        let clip = try clips.make(
            "night.mp4",
            [
                "-f", "lavfi", "-i", "color=black:size=320x240:rate=10:duration=3", "-c:v", "libx264", "-preset",
                "ultrafast",
                "-pix_fmt", "yuv420p",
            ])
        let (frame, png) = try poster(clip, in: clips)
        XCTAssertTrue(frame.isDark)
        XCTAssertEqual(frame.time, 0.3, accuracy: 0.05)
        XCTAssertEqual(frame.size, PixelSize(width: 320, height: 240))
        XCTAssertLessThan(try Judge.decode(png, in: clips.url).luma, 10)
    }

    func testAChosenTimeIsTakenAsItIs() throws {
        let clips = try Clips()
        let clip = try clips.testPattern("timed.mp4", seconds: 3, rate: 10, sound: false)
        let (frame, _) = try poster(clip, in: clips, request: PosterRequest(time: 2, longestEdge: 160))
        XCTAssertEqual(frame.time, 2, accuracy: 0.05)
        XCTAssertEqual(frame.size, PixelSize(width: 160, height: 120))
    }

    func testAnHDRPosterIsToneMappedLikeItsVideo() throws {
        let clips = try Clips()
        let clip = try clips.hdr(
            "white.mp4", transfer: "smpte2084", source: "color=c=0x949494:size=320x240:rate=10:duration=1")
        let (_, png) = try poster(clip, in: clips)
        XCTAssertGreaterThan(
            try Judge.decode(png, in: clips.url).luma, Double(0x94) + 20, "PQ reference white is not dim")
    }

    /// A clip in BT.2020's gamut has a poster in the colours of its published video (sRGB),
    /// not its BT.2020 values read as sRGB (171,99,59 for 199,79,48).
    func testAWideGamutClipsPosterHasItsColours() throws {
        let clips = try Clips()
        let (_, wide) = try poster(try clips.flatColour("wide.mp4", "0xC85030", wideGamut: true), in: clips)
        let (_, narrow) = try poster(try clips.flatColour("narrow.mp4", "0xC85030", wideGamut: false), in: clips)
        Judge.assertColour(
            try Judge.decode(wide, in: clips.url).top, near: try Judge.decode(narrow, in: clips.url).top, "poster")
    }

    func testNonSquarePixelsAreWidenedInThePoster() throws {
        let clips = try Clips()
        let clip = try clips.make(
            "pal.mkv",
            [
                "-f", "lavfi", "-i", "testsrc2=size=720x576:rate=25:duration=1", "-vf", "setsar=16/15", "-c:v",
                "mpeg2video",
            ])
        let (frame, png) = try poster(clip, in: clips)
        XCTAssertEqual(frame.size, PixelSize(width: 768, height: 576))
        XCTAssertEqual([try Judge.decode(png, in: clips.url).width], [768])
    }

    func testADamagedClipGivesAReasonNotAPoster() throws {
        let clips = try Clips()
        let clip = try clips.testPattern("whole.mp4", size: "320x240", seconds: 2, sound: false)
        let info = try processor.probe(clip)
        let broken = try clips.folder.write("broken.mp4", Array("not a video any more".utf8))
        let output = clips.url.appendingPathComponent("poster.png")
        XCTAssertThrowsError(try processor.posterFrame(of: broken, info: info, output: output)) { error in
            XCTAssertTrue("\(error)".hasPrefix("ffmpeg failed: "), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }
}
