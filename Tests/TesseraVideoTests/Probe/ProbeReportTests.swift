import Foundation
import TesseraCore
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// ffprobe's reports of clips ffmpeg made (`Fixtures/ffprobe/`, see its README), read into
/// the facts Tessera publishes by.
final class ProbeReportTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/ffprobe")

    func info(_ name: String) throws -> VideoInfo {
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name + ".json")))
        return try ProbeReport.parse(bytes).videoInfo()
    }

    func testAPortraitPhoneClipIsTallerThanWide() throws {
        let info = try info("portrait-phone")
        XCTAssertEqual(info.codedSize, PixelSize(width: 1920, height: 1080))
        XCTAssertEqual(info.rotation, 90, "the display matrix says -90 (counter-clockwise): a quarter turn clockwise")
        XCTAssertEqual(info.displaySize, PixelSize(width: 1080, height: 1920))
        XCTAssertEqual(info.video.codec, "h264")
        XCTAssertEqual(info.video.profile, "High")
        XCTAssertEqual(info.audio?.codec, "aac")
        XCTAssertEqual(info.duration ?? 0, 1, accuracy: 0.1)
        XCTAssertTrue(info.isMP4Family)
    }

    func testThePhonesPlaceIsNoticedAndItsLocalDateWins() throws {
        let info = try info("portrait-phone")
        XCTAssertTrue(info.hasLocation)
        XCTAssertEqual(info.locationTags, ["com.apple.quicktime.location.ISO6709", "location", "location-eng"])
        XCTAssertEqual(
            info.recorded,
            RecordingDate(dateTime: "2024-05-01 12:00:00", utcOffsetMinutes: 120, source: .quickTimeCreationDate))
    }

    func testTheLegacyRotateTagTurnsTheClipToo() throws {
        let info = try info("legacy-rotate-tag")
        XCTAssertEqual(info.rotation, 90)
        XCTAssertEqual(info.displaySize, PixelSize(width: 361, height: 642), "odd sides are kept as they are")
    }

    func testHDRTransfersAreRecognised() throws {
        let pq = try info("hdr-pq")
        XCTAssertEqual(pq.video.transfer, .pq)
        XCTAssertEqual(pq.video.codec, "hevc")
        XCTAssertEqual(pq.video.profile, "Main 10")
        XCTAssertEqual(pq.video.pixelFormat, "yuv420p10le")
        XCTAssertEqual(pq.video.primaries, "bt2020")
        XCTAssertNil(pq.audio)
        let hlg = try info("hdr-hlg")
        XCTAssertEqual(hlg.video.transfer, .hlg)
        XCTAssertEqual(
            hlg.recorded, RecordingDate(dateTime: "2023-12-24 18:30:00", utcOffsetMinutes: 0, source: .creationTime))
        XCTAssertFalse(hlg.hasLocation)
        XCTAssertEqual(try info("odd-no-audio").video.transfer, .sdr)
    }

    func testNonSquarePixelsWidenTheDisplayedSize() throws {
        let info = try info("anamorphic")
        XCTAssertEqual(info.sampleAspectRatio, AspectRatio(numerator: 16, denominator: 15))
        XCTAssertEqual(info.displaySize, PixelSize(width: 768, height: 576))
        XCTAssertEqual(info.container, "matroska,webm")
        XCTAssertFalse(info.isMP4Family)
    }

    func testAVariableFrameRateIsNoticed() throws {
        let variable = try info("vfr")
        XCTAssertTrue(variable.video.isVariableFrameRate)
        XCTAssertEqual(variable.video.frameRate ?? 0, 23.7, accuracy: 0.1)
        let constant = try info("odd-no-audio")
        XCTAssertFalse(constant.video.isVariableFrameRate)
        XCTAssertEqual(constant.video.frameRate, 30)
    }

    func testCoverArtIsNotTheVideo() throws {
        let info = try info("cover-first")
        XCTAssertEqual(info.video.codec, "h264")
        XCTAssertEqual(info.video.index, 1)
        XCTAssertEqual(info.codedSize, PixelSize(width: 320, height: 240))
    }

    func testAnAudioFileIsNotAVideo() throws {
        XCTAssertThrowsError(try info("audio-only")) { error in
            XCTAssertEqual(error as? VideoProblem, .noVideoStream)
            XCTAssertEqual("\(error)", "no video stream in the file")
        }
    }

    func testAnInterlacedCameraClipIsNoticed() throws {
        let info = try info("interlaced-mts")
        XCTAssertTrue(info.video.isInterlaced)
        XCTAssertEqual(info.container, "mpegts")
        XCTAssertFalse(try self.info("portrait-phone").video.isInterlaced)
    }

    func testWebMIsReadWithItsOpusSound() throws {
        let info = try info("webm")
        XCTAssertEqual(info.video.codec, "vp9")
        XCTAssertEqual(info.audio?.codec, "opus")
    }

    /// Every field of the hostile report has the wrong type or an absurd value: each costs
    /// only itself, and what remains is sensible.
    func testHostileValuesCostOnlyThemselves() throws {
        let info = try info("hostile-values")
        XCTAssertEqual(info.video.index, 1, "the first stream has no index, so it cannot be mapped")
        XCTAssertEqual(info.codedSize, PixelSize(width: 4000, height: 3000))
        XCTAssertEqual(info.rotation, 270, "the unreadable matrix is skipped; 450° counter-clockwise is 270° clockwise")
        XCTAssertNil(info.video.profile)
        XCTAssertNil(info.video.frameRate)
        XCTAssertNil(info.sampleAspectRatio)
        XCTAssertNil(info.duration)
        XCTAssertNil(info.bitRate)
        XCTAssertNil(info.recorded, "month 13 and the 1904 epoch are not dates")
        XCTAssertEqual(info.audio?.codec, "opus")
        XCTAssertEqual(info.locationTags, ["©xyz"], "a location whose value is an object is still a location")
    }

    func testReportsThatAreNotJSONObjectsAreRefusedInWords() {
        for text in ["", "[]", "null", "{", "\"streams\"", "{\"streams\": 5}", String(repeating: "[", count: 100_000)] {
            XCTAssertThrowsError(try ProbeReport.parse(Array(text.utf8)).videoInfo(), text.prefix(20).description) {
                error in
                XCTAssertNotNil(error as? VideoProblem)
                XCTAssertFalse("\(error)".isEmpty)
            }
        }
    }

    func testInvalidUTF8InATagIsReadAsReplacementCharacters() throws {
        var bytes = Array(
            #"{"streams":[{"index":0,"codec_type":"video","codec_name":"h264","width":2,"height":2,"#.utf8)
        bytes += Array(#""tags":{"location":"#.utf8) + [0x22, 0xFF, 0xFE, 0x22] + Array("}}]}".utf8)
        let info = try ProbeReport.parse(bytes).videoInfo()
        XCTAssertEqual(info.locationTags, ["location"])
    }

    func testDatesOfEveryShapePhonesWrite() {
        let quickTime = RecordingDate.Source.quickTimeCreationDate
        XCTAssertEqual(ContainerDate.parse("2024-05-01T12:00:00+0200", source: quickTime)?.utcOffsetMinutes, 120)
        XCTAssertEqual(ContainerDate.parse("2024-05-01T12:00:00-05:30", source: quickTime)?.utcOffsetMinutes, -330)
        XCTAssertEqual(ContainerDate.parse("2024-05-01T12:00:00Z", source: quickTime)?.utcOffsetMinutes, 0)
        XCTAssertNil(ContainerDate.parse("2024-05-01T12:00:00", source: quickTime)?.utcOffsetMinutes)
        XCTAssertEqual(
            ContainerDate.parse("2024-05-01 12:00:00.123456Z", source: .creationTime)?.dateTime, "2024-05-01 12:00:00")
        for bad in [
            "1970-01-01T00:00:00Z", "2024-00-01T00:00:00Z", "2024-05-01T25:00:00Z", "2024-05-01",
            "２０２４-05-01T00:00:00Z",
        ] {
            XCTAssertNil(ContainerDate.parse(bad, source: .creationTime), bad)
        }
    }

    func testRotationsRoundToQuarterTurns() {
        XCTAssertEqual(DisplayRotation.quarterTurn(-90), 270)
        XCTAssertEqual(DisplayRotation.quarterTurn(90), 90)
        XCTAssertEqual(DisplayRotation.quarterTurn(-180), 180)
        XCTAssertEqual(DisplayRotation.quarterTurn(44), 0)
        XCTAssertEqual(DisplayRotation.quarterTurn(46), 90)
        XCTAssertEqual(DisplayRotation.quarterTurn(-450), 270)
        XCTAssertEqual(DisplayRotation.quarterTurn(.nan), 0)
        XCTAssertEqual(DisplayRotation.quarterTurn(.infinity), 0)
        XCTAssertEqual(DisplayRotation.quarterTurn(1e300), 0)
    }
}
