import Foundation
import Synchronization
import TesseraCore
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// Clips through ffmpeg for real, each output judged by readers that are not Tessera's:
/// ffprobe's JSON, PyAV's decoding, exiftool's tags and an MP4 box walk.
final class TranscodeTests: XCTestCase {
    let processor = FFmpegVideoProcessor()

    func transcode(
        _ clip: URL, _ rendition: VideoRendition = .web, in clips: Clips, name: String = "out.mp4"
    ) throws -> (TranscodedVideo, URL) {
        let output = clips.url.appendingPathComponent(name)
        let info = try processor.probe(clip)
        return (
            try processor.transcode(
                clip, info: info, to: rendition, output: output, progress: nil, cancellation: nil),
            output
        )
    }

    /// What every published video must be: H.264 High in an MP4 that starts with its index,
    /// no display matrix, no place anywhere.
    func assertPublishable(_ output: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let probe = try Judge.probe(output)
        XCTAssertEqual(probe.codec, "h264", file: file, line: line)
        XCTAssertEqual(probe.pixelFormat, "yuv420p", file: file, line: line)
        XCTAssertFalse(probe.hasDisplayMatrix, "players would turn it again", file: file, line: line)
        XCTAssertEqual(probe.streamTypes.filter { $0 != "video" && $0 != "audio" }, [], file: file, line: line)
        let boxes = try Judge.topLevelBoxes(output)
        let moov = try XCTUnwrap(boxes.firstIndex(of: "moov"), "\(boxes)", file: file, line: line)
        let mdat = try XCTUnwrap(boxes.firstIndex(of: "mdat"), "\(boxes)", file: file, line: line)
        XCTAssertLessThan(moov, mdat, "faststart: the index comes before the data (\(boxes))", file: file, line: line)
        XCTAssertEqual(try Judge.locationKeys(output), [], "a place survived", file: file, line: line)
    }

    func testAPortraitPhoneClipStaysPortraitWithoutItsPlace() throws {
        let clips = try Clips()
        let clip = try clips.portraitPhone()
        XCTAssertFalse(
            try Judge.locationKeys(clip).isEmpty, "the source must carry a place for this test to mean anything")
        let (made, output) = try transcode(clip, in: clips)
        XCTAssertEqual(made.method, .encoded)
        XCTAssertEqual(made.size, PixelSize(width: 608, height: 1080))
        try assertPublishable(output)
        let probe = try Judge.probe(output)
        XCTAssertEqual(probe.profile, "High")
        XCTAssertEqual([probe.width, probe.height], [608, 1080])
        XCTAssertEqual(probe.formatDuration ?? 0, 1, accuracy: 0.1)
        XCTAssertEqual(probe.audio.count, 1)
        XCTAssertEqual(probe.audio.first?["codec_name"] as? String, "aac")
        XCTAssertEqual(probe.audio.first?["channels"] as? Int, 2)
        let decoded = try Judge.decode(output, in: clips.url)
        XCTAssertEqual([decoded.width, decoded.height], [608, 1080])
        XCTAssertEqual(decoded.profile, "High")
        XCTAssertTrue(Judge.Decoded.isRed(decoded.top), "testsrc2's red bar is on top after the turn: \(decoded.top)")
        XCTAssertFalse(Judge.Decoded.isRed(decoded.left), "\(decoded.left)")
        XCTAssertEqual(decoded.audio.first?.codec, "aac")
    }

    /// A position in the H.264 stream itself, as dashcams, drones and body cameras write
    /// their telemetry (SEI "user data unregistered"), was published by the copy.
    static let positionInTheStream = "GPS48.858370E2.294481"

    func testAWebPlayableClipIsCopiedNotReencodedAndLosesItsPlace() throws {
        let clips = try Clips()
        let clip = try clips.testPattern(
            "phone.mov", size: "640x360", seconds: 2,
            extra: Clips.phoneTags + [
                "-bsf:v",
                "h264_metadata=sei_user_data=086f3693-b7b3-4f2c-9653-21492feee5b8+\(Self.positionInTheStream)",
            ])
        XCTAssertFalse(try Judge.locationKeys(clip).isEmpty)
        func carriesThePosition(_ file: URL) throws -> Bool {
            try Data(contentsOf: file).range(of: Data(Self.positionInTheStream.utf8)) != nil
        }
        XCTAssertTrue(try carriesThePosition(clip))
        let (made, output) = try transcode(clip, in: clips)
        XCTAssertEqual(made.method, .remuxed)
        XCTAssertEqual(made.size, PixelSize(width: 640, height: 360))
        XCTAssertTrue(made.hasAudio)
        try assertPublishable(output)
        XCTAssertFalse(try carriesThePosition(output), "the stream's SEI user data is not copied")
        // The same pictures, not encoded again: the decoded frames' checksums match.
        func frames(_ file: URL) throws -> [Substring] {
            let data = try Clips.run(
                Clips.ffmpeg!, ["-v", "error", "-i", file.path, "-map", "0:v", "-f", "framemd5", "-"])
            return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }
                .compactMap { $0.split(separator: ",").last }
        }
        XCTAssertEqual(try frames(output), try frames(clip))
        XCTAssertEqual(try frames(output).count, 30)
    }

    func testHEVCHDRBecomesSDRH264() throws {
        let clips = try Clips()
        for transfer in ["smpte2084", "arib-std-b67"] {
            let clip = try clips.hdr("hdr-\(transfer).mp4", transfer: transfer)
            let (made, output) = try transcode(clip, in: clips, name: "sdr-\(transfer).mp4")
            XCTAssertEqual(made.toneMapping, .filmic)
            XCTAssertFalse(made.hasAudio)
            try assertPublishable(output)
            let probe = try Judge.probe(output)
            XCTAssertEqual(probe.colour("color_transfer"), "bt709", transfer)
            XCTAssertEqual(probe.colour("color_primaries"), "bt709", transfer)
            XCTAssertEqual(probe.colour("color_space"), "bt709", transfer)
            XCTAssertEqual(probe.audio.count, 0)
        }
    }

    /// HDR's reference white (203 nits: PQ at 58 %, HLG at 75 %) should look like a bright
    /// SDR grey, the same from both, not the dim grey its code values read as SDR give.
    func testHDRReferenceWhiteLooksTheSameBrightGreyFromPQAndHLG() throws {
        let clips = try Clips()
        var lumas: [String: Double] = [:]
        for (transfer, grey) in [("smpte2084", "0x949494"), ("arib-std-b67", "0xBFBFBF")] {
            let clip = try clips.hdr(
                "white-\(transfer).mp4", transfer: transfer, source: "color=c=\(grey):size=320x240:rate=10:duration=1")
            let (_, output) = try transcode(clip, in: clips, name: "white-sdr-\(transfer).mp4")
            lumas[transfer] = try Judge.decode(output, in: clips.url).luma
        }
        let pq = try XCTUnwrap(lumas["smpte2084"])
        let hlg = try XCTUnwrap(lumas["arib-std-b67"])
        let naive = Double(0x94)
        XCTAssertGreaterThan(pq, naive + 20, "PQ reference white came out dim (\(pq))")
        XCTAssertLessThan(pq, 250, "PQ reference white was clipped to white (\(pq))")
        XCTAssertEqual(pq, hlg, accuracy: 8, "PQ and HLG reference white differ: \(pq) and \(hlg)")
    }

    /// A phone's SDR clip in BT.2020's gamut is published in BT.709, tagged so, in the
    /// colours the same scene has shot in BT.709; read as BT.709 as they stand, this red and
    /// this blue lose a sixth to a third of their saturation (171,99,59 for 199,79,48).
    func testSDRInBT2020ColoursIsPublishedInBT709WithItsColours() throws {
        let clips = try Clips()
        for colour in ["0xC85030", "0x3060C0"] {
            let wide = try clips.flatColour("wide-\(colour).mp4", colour, wideGamut: true)
            let narrow = try clips.flatColour("narrow-\(colour).mp4", colour, wideGamut: false)
            let (made, output) = try transcode(wide, in: clips, name: "wide-\(colour)-web.mp4")
            XCTAssertEqual(made.method, .encoded)
            XCTAssertNil(made.toneMapping, "SDR needs no tone-mapping")
            try assertPublishable(output)
            let probe = try Judge.probe(output)
            XCTAssertEqual(probe.colour("color_primaries"), "bt709", colour)
            XCTAssertEqual(probe.colour("color_transfer"), "bt709", colour)
            XCTAssertEqual(probe.colour("color_space"), "bt709", colour)
            let (_, reference) = try transcode(narrow, in: clips, name: "narrow-\(colour)-web.mp4")
            Judge.assertColour(try Judge.firstPixel(output), near: try Judge.firstPixel(reference), colour)
        }
    }

    /// The published sound is stereo at most: a 5.1 AAC track is mixed down, even when the
    /// picture could have been copied.
    /// An HD clip that names no colours (OBS, screen recorders, older cameras) is read as
    /// BT.709 for its poster, but was published untagged, which Chromium reads as BT.601:
    /// a green jumped by 25 levels when play was pressed. Copied or encoded, its MP4 now says
    /// BT.709 and has the clip's colours by it; an HD GIF's too, made YCbCr by BT.709.
    func testAnUntaggedHDClipIsPublishedTaggedBT709() throws {
        let clips = try Clips()
        let green = "0x28C83C"
        let gif = try clips.make(
            "untagged.gif",
            [
                "-f", "lavfi", "-i", "color=c=\(green):size=1280x720:rate=5:duration=1", "-vf",
                "split[a][b];[a]palettegen[p];[b][p]paletteuse",
            ])
        let cases: [(clip: URL, method: TranscodedVideo.Method)] = [
            (try clips.colourClip("untagged-960x720.mp4", green, matrix: "bt709", size: "960x720"), .remuxed),
            (try clips.colourClip("untagged-1280x720.mp4", green, matrix: "bt709", size: "1280x720"), .encoded),
            (gif, .encoded),
        ]
        for (clip, method) in cases {
            let name = clip.lastPathComponent
            XCTAssertNil(try Judge.probe(clip).colour("color_space"), "\(name) must say nothing for this test")
            let (made, output) = try transcode(clip, in: clips, name: name + "-web.mp4")
            XCTAssertEqual(made.method, method, name)
            try assertPublishable(output)
            let probe = try Judge.probe(output)
            for key in ["color_primaries", "color_transfer", "color_space"] {
                XCTAssertEqual(probe.colour(key), "bt709", "\(name) \(key)")
            }
            Judge.assertColour(try Judge.firstPixel(output), near: [40, 200, 60], accuracy: 3, name)
        }
    }

    func testSurroundSoundIsPublishedAsStereo() throws {
        let clips = try Clips()
        let clip = try clips.make(
            "surround.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=15:duration=1", "-f", "lavfi", "-i",
                "sine=frequency=440:sample_rate=48000:duration=1", "-c:v", "libx264", "-preset", "ultrafast",
                "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "6",
            ])
        XCTAssertEqual(try Judge.probe(clip).audio.first?["channels"] as? Int, 6, "the clip has 5.1 sound")
        let (made, output) = try transcode(clip, in: clips)
        XCTAssertEqual(made.method, .encoded)
        XCTAssertEqual(try Judge.probe(output).audio.first?["channels"] as? Int, 2)
        try assertPublishable(output)
    }

    func testASilentClipStaysSilent() throws {
        let clips = try Clips()
        let clip = try clips.testPattern("silent.mp4", size: "1280x720", sound: false)
        let (made, output) = try transcode(clip, in: clips)
        XCTAssertFalse(made.hasAudio)
        XCTAssertEqual(try Judge.probe(output).audio.count, 0)
        XCTAssertEqual(try Judge.decode(output, in: clips.url).audio.count, 0)
        try assertPublishable(output)
    }

    func testOddSidesBecomeEven() throws {
        let clips = try Clips()
        let clip = try clips.make(
            "odd.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=642x362:rate=10:duration=1", "-vf",
                "format=yuv444p,crop=642:361:0:0",
                "-c:v", "libx264", "-preset", "ultrafast",
            ])
        XCTAssertEqual(try Judge.probe(clip).height, 361)
        let (made, output) = try transcode(clip, in: clips)
        XCTAssertEqual(made.size, PixelSize(width: 642, height: 360))
        let probe = try Judge.probe(output)
        XCTAssertEqual([probe.width, probe.height], [642, 360])
        try assertPublishable(output)
    }

    /// A clip whose frames come at uneven times keeps every frame once: padding it to a
    /// constant rate (ffmpeg's default for MP4) would repeat frames, which judders.
    func testAVariableFrameRateKeepsEveryFrameOnce() throws {
        let clips = try Clips()
        let clip = try clips.make(
            "vfr.mp4",
            [
                "-f", "lavfi", "-i", "testsrc2=size=320x240:rate=30:duration=2", "-vf",
                "select='lt(t,1)+not(mod(n,2))'",
                "-fps_mode", "vfr", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
        let source = try Judge.probe(clip, countFrames: true)
        XCTAssertEqual(source.frames, 45)
        var rendition = VideoRendition.web
        rendition.allowsRemux = false
        let (_, output) = try transcode(clip, rendition, in: clips)
        XCTAssertEqual(try Judge.probe(output, countFrames: true).frames, 45)
        XCTAssertEqual(try Judge.decode(output, in: clips.url).frames, 45)
    }

    func testALivePhotosMotionIsSmallAndSilent() throws {
        let clips = try Clips()
        let clip = try clips.testPattern(
            "IMG_0001.MOV", size: "1440x1080", seconds: 1, rate: 10,
            video: ["-c:v", "libx265", "-x265-params", "log-level=error", "-preset", "ultrafast", "-tag:v", "hvc1"],
            extra: Clips.phoneTags)
        let (made, output) = try transcode(clip, .motion, in: clips)
        XCTAssertEqual(made.size, PixelSize(width: 720, height: 540))
        XCTAssertFalse(made.hasAudio)
        let probe = try Judge.probe(output)
        XCTAssertEqual(probe.audio.count, 0)
        XCTAssertEqual([probe.width, probe.height], [720, 540])
        try assertPublishable(output)
    }

    func testTheSameClipMakesTheSameBytes() throws {
        let clips = try Clips()
        let clip = try clips.testPattern("again.mov", size: "640x360", extra: ["-metadata:s:v:0", "rotate=0"])
        var rendition = VideoRendition.web
        rendition.allowsRemux = false
        let (_, first) = try transcode(clip, rendition, in: clips, name: "first.mp4")
        let (_, second) = try transcode(clip, rendition, in: clips, name: "second.mp4")
        XCTAssertEqual(try Data(contentsOf: first), try Data(contentsOf: second))
    }

    func testProgressIsReportedUpToTheWhole() throws {
        let clips = try Clips()
        let clip = try clips.testPattern("long.mp4", size: "320x240", seconds: 4, rate: 30, sound: false)
        let info = try processor.probe(clip)
        let reports = Mutex<[Double]>([])
        var rendition = VideoRendition.web
        rendition.allowsRemux = false
        _ = try processor.transcode(
            clip, info: info, to: rendition, output: clips.url.appendingPathComponent("out.mp4"),
            progress: { report in reports.withLock { $0.append(report.fraction ?? -1) } }, cancellation: nil)
        let fractions = reports.withLock { $0 }
        XCTAssertEqual(fractions.last, 1)
        XCTAssertEqual(fractions, fractions.sorted(), "progress never goes back")
    }

    func testCancellingStopsFFmpegAndLeavesNothing() throws {
        let clips = try Clips()
        let clip = try clips.testPattern("cancel.mp4", size: "640x360", seconds: 20, rate: 30, sound: false)
        let info = try processor.probe(clip)
        let output = clips.url.appendingPathComponent("out.mp4")
        let cancellation = VideoCancellation()
        var rendition = VideoRendition.web
        rendition.allowsRemux = false
        rendition.preset = "veryslow"
        XCTAssertThrowsError(
            try processor.transcode(
                clip, info: info, to: rendition, output: output, progress: { _ in cancellation.cancel() },
                cancellation: cancellation)
        ) { XCTAssertEqual($0 as? VideoProblem, .cancelled) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }

    /// A half-copied clip: its index promises four seconds, its data holds two. It is
    /// refused in words (not published half), quickly, with nothing left behind.
    func testATruncatedClipIsRefusedAndLeavesNothing() throws {
        let clips = try Clips()
        let whole = try clips.testPattern(
            "whole.mp4", size: "640x360", seconds: 4, rate: 30, sound: false, extra: ["-movflags", "+faststart"])
        let half = try clips.truncated(whole, name: "half.mp4")
        let output = clips.url.appendingPathComponent("out.mp4")
        let outcome = HangGuard.run { () -> String in
            do {
                let processor = FFmpegVideoProcessor()
                _ = try processor.transcode(half, info: try processor.probe(half), to: .web, output: output)
                return "published"
            } catch {
                return "\(error)"
            }
        }
        let message = try XCTUnwrap(outcome, "ffmpeg did not finish on a truncated clip")
        XCTAssertTrue(message.hasPrefix("the file ends early: 2."), message)
        XCTAssertTrue(message.hasSuffix("of 4.0 s could be read (a half-copied file?)"), message)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
    }

    /// A half-copied 2-second clip (a Live Photo's, a phone's), one ffmpeg copies as it is
    /// (H.264 and AAC): it lost one second, which the rule allowed, and was published cut
    /// short.
    func testAShortClipCopiedAsItIsIsRefusedWhenHalfCopied() throws {
        let clips = try Clips()
        let whole = try clips.testPattern(
            "short.mp4", size: "640x480", seconds: 2, rate: 30, sound: true, extra: ["-movflags", "+faststart"])
        let (made, _) = try transcode(whole, in: clips, name: "whole-out.mp4")
        XCTAssertEqual(made.method, .remuxed, "the whole clip is published as it is")
        let half = try clips.truncated(whole, name: "half-short.mp4")
        XCTAssertThrowsError(try transcode(half, in: clips, name: "half-out.mp4")) { error in
            XCTAssertTrue("\(error)".hasSuffix("of 2.0 s could be read (a half-copied file?)"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: clips.url.appendingPathComponent("half-out.mp4").path))
    }
}

extension TranscodeTests {
    func testAnInterlacedCameraClipIsPublishedProgressive() throws {
        let clips = try Clips()
        let clip = try clips.make(
            "00001.mts",
            [
                "-f", "lavfi", "-i", "testsrc2=size=720x576:rate=50:duration=1",
                "-vf", "tinterlace=mode=interleave_top,setfield=tff", "-flags", "+ildct+ilme", "-c:v", "libx264",
                "-x264-params", "tff=1", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
            ])
        XCTAssertEqual(try Judge.probe(clip).video["field_order"] as? String, "tt")
        let (made, output) = try transcode(clip, in: clips)
        XCTAssertTrue(made.reasons.contains("it is interlaced"), "\(made.reasons)")
        // ffmpeg's idet reads combing from the pictures themselves (the container says
        // progressive either way).
        let source = try Judge.interlacing(clip)
        XCTAssertGreaterThan(source.interlaced, source.progressive, "the source must look interlaced: \(source)")
        let published = try Judge.interlacing(output)
        XCTAssertGreaterThan(published.progressive, 3 * published.interlaced, "combing left: \(published)")
        try assertPublishable(output)
    }
}

extension TranscodeTests {
    /// Every container issue 19 lists comes out as the same kind of MP4.
    func testEveryContainerAPhoneOrCameraWritesBecomesWebVideo() throws {
        let clips = try Clips()
        let cases: [(String, [String])] = [
            ("clip.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-c:a", "libopus"]),
            ("clip.avi", ["-c:v", "mpeg4", "-c:a", "pcm_s16le"]),
            ("clip.mkv", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"]),
            ("clip.3gp", ["-c:v", "mpeg4", "-c:a", "aac", "-ac", "1", "-ar", "16000"]),
            ("clip.m4v", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv422p", "-c:a", "aac"]),
        ]
        for (name, codecs) in cases {
            let clip = try clips.make(
                name,
                [
                    "-f", "lavfi", "-i", "testsrc2=size=352x288:rate=15:duration=1",
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=1",
                ] + codecs)
            let (made, output) = try transcode(clip, in: clips, name: name + ".mp4")
            XCTAssertEqual(made.method, .encoded, name)
            XCTAssertTrue(made.hasAudio, name)
            XCTAssertEqual(made.size, PixelSize(width: 352, height: 288), name)
            try assertPublishable(output)
            XCTAssertEqual(try Judge.probe(output).audio.first?["codec_name"] as? String, "aac", name)
        }
    }
}
