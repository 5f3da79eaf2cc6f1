import Foundation
import TesseraCore
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// The ffmpeg command, planned without running ffmpeg.
final class TranscodePlanTests: XCTestCase {
    let source = URL(fileURLWithPath: "/photos/Holiday/IMG_0001.MOV")
    let output = URL(fileURLWithPath: "/site/.staging/img-0001.mp4")

    func plan(
        _ info: VideoInfo, _ rendition: VideoRendition = .web, capabilities: FFmpegCapabilities = .debian12
    ) throws -> TranscodePlan {
        try TranscodePlan.make(
            source: source, info: info, rendition: rendition, output: output, capabilities: capabilities)
    }

    /// The value after `option`, as ffmpeg reads it.
    func value(_ option: String, in plan: TranscodePlan) -> String? {
        guard let at = plan.arguments.firstIndex(of: option), at + 1 < plan.arguments.count else { return nil }
        return plan.arguments[at + 1]
    }

    func testAWebPlayableClipIsCopiedWithoutItsMetadata() throws {
        let plan = try plan(SampleInfo.webPlayable(width: 1080, height: 608))
        XCTAssertEqual(plan.method, .remuxed)
        XCTAssertEqual(plan.reasons, [])
        XCTAssertEqual(value("-c", in: plan), "copy")
        XCTAssertEqual(value("-bsf:v", in: plan), "filter_units=remove_types=6", "without SEI messages")
        XCTAssertEqual(value("-map_metadata", in: plan), "-1")
        XCTAssertEqual(value("-map_chapters", in: plan), "-1")
        XCTAssertEqual(value("-movflags", in: plan), "+faststart")
        XCTAssertEqual(plan.arguments.filter { $0 == "-map" }.count, 2, "the video and the sound, nothing else")
        XCTAssertEqual(plan.size, PixelSize(width: 1080, height: 608))
    }

    func testEveryReasonToReencodeIsNamed() throws {
        let cases: [(VideoInfo, String)] = [
            (SampleInfo.webPlayable(codec: "hevc", profile: "Main"), "the video is hevc, not H.264"),
            (SampleInfo.webPlayable(profile: "High 10"), "H.264 profile High 10 is beyond High"),
            (SampleInfo.webPlayable(pixelFormat: "yuvj420p"), "the pixel format is yuvj420p, not yuv420p"),
            (SampleInfo.webPlayable(transfer: .hlg), "it is HDR (HLG) and needs tone-mapping"),
            (SampleInfo.webPlayable(rotation: 90), "it is stored turned by 90°"),
            (SampleInfo.webPlayable(interlaced: true), "it is interlaced"),
            (SampleInfo.webPlayable(width: 1920, height: 1080), "1920×1080 is larger than 1080 px"),
            (SampleInfo.webPlayable(container: "matroska,webm"), "the container is matroska,webm, not MP4 or MOV"),
            (SampleInfo.webPlayable(bitRate: 20_000_000), "20000 kbit/s is more than 6000 kbit/s"),
            (
                SampleInfo.webPlayable(audio: AudioStreamInfo(index: 1, codec: "pcm_s16le")),
                "the sound is pcm_s16le, not AAC"
            ),
            (
                SampleInfo.webPlayable(audio: AudioStreamInfo(index: 1, codec: "aac", channels: 6)),
                "the sound has 6 channels, more than 2"
            ),
            (SampleInfo.wideGamut(), "its colours are BT.2020"),
        ]
        for (info, reason) in cases {
            let plan = try plan(info)
            XCTAssertEqual(plan.method, .encoded, reason)
            XCTAssertTrue(plan.reasons.contains(reason), "\(plan.reasons) lacks \(reason)")
            XCTAssertEqual(value("-c:v", in: plan), "libx264")
            XCTAssertEqual(value("-profile:v", in: plan), "high")
            XCTAssertNil(value("-c", in: plan))
        }
    }

    func testTheSoundIsNoReasonWhenTheRenditionIsSilent() throws {
        let info = SampleInfo.webPlayable(width: 720, height: 540, audio: AudioStreamInfo(index: 1, codec: "pcm_s16le"))
        let plan = try plan(info, .motion)
        XCTAssertEqual(plan.method, .remuxed)
        XCTAssertTrue(plan.arguments.contains("-an"))
        XCTAssertEqual(plan.arguments.filter { $0 == "-map" }.count, 1)
        XCTAssertFalse(plan.hasAudio)
    }

    func testEncodingKeepsMetadataOutAndTheIndexFirst() throws {
        let plan = try plan(SampleInfo.webPlayable(codec: "hevc"))
        for option in ["-map_metadata", "-map_chapters"] { XCTAssertEqual(value(option, in: plan), "-1", option) }
        XCTAssertTrue(plan.arguments.contains("-sn") && plan.arguments.contains("-dn"))
        XCTAssertEqual(value("-movflags", in: plan), "+faststart")
        XCTAssertEqual(value("-f", in: plan), "mp4")
        XCTAssertEqual(value("-fflags", in: plan), "+bitexact", "no encoder version in the container")
        XCTAssertEqual(value("-crf", in: plan), "23")
        XCTAssertEqual(value("-preset", in: plan), "medium")
        XCTAssertEqual(value("-fps_mode", in: plan), "vfr", "a phone's uneven frame times are kept, not padded")
        XCTAssertEqual(value("-c:a", in: plan), "aac")
        XCTAssertEqual(value("-b:a", in: plan), "128000")
        XCTAssertEqual(value("-ac", in: plan), "2")
        XCTAssertTrue(value("-vf", in: plan)?.hasSuffix("setsar=1,format=yuv420p") == true)
    }

    func testTheLongestEdgeIsFittedWithEvenSides() throws {
        let portrait = try plan(SampleInfo.webPlayable(width: 1920, height: 1080, rotation: 90))
        XCTAssertEqual(portrait.size, PixelSize(width: 608, height: 1080), "portrait stays portrait")
        XCTAssertTrue(value("-vf", in: portrait)?.hasPrefix("scale=608:1080:flags=lanczos") == true)
        XCTAssertFalse(portrait.arguments.contains("-noautorotate"), "ffmpeg turns it and drops the display matrix")

        let odd = try plan(SampleInfo.webPlayable(width: 642, height: 361, pixelFormat: "yuv444p"))
        XCTAssertEqual(odd.size, PixelSize(width: 642, height: 360))
        var small = VideoRendition.web
        small.longestEdge = 320
        XCTAssertEqual(
            try plan(SampleInfo.webPlayable(width: 642, height: 361, codec: "hevc"), small).size,
            PixelSize(width: 320, height: 180))
        let tiny = try plan(SampleInfo.webPlayable(width: 1, height: 1, codec: "hevc"))
        XCTAssertEqual(tiny.size, PixelSize(width: 2, height: 2))
    }

    func testInterlacedFramesAreDeinterlacedFirst() throws {
        let plan = try plan(SampleInfo.webPlayable(width: 1920, height: 1080, interlaced: true))
        XCTAssertTrue(value("-vf", in: plan)?.hasPrefix("yadif=mode=send_frame:deint=interlaced,scale=") == true)
        XCTAssertFalse(try self.plan(SampleInfo.webPlayable(codec: "hevc")).arguments.joined().contains("yadif"))
    }

    func testNonSquarePixelsBecomeSquare() throws {
        var info = SampleInfo.webPlayable(width: 720, height: 576, codec: "mpeg2video")
        info.sampleAspectRatio = AspectRatio(numerator: 16, denominator: 15)
        let plan = try plan(info)
        XCTAssertEqual(plan.size, PixelSize(width: 768, height: 576))
        XCTAssertTrue(value("-vf", in: plan)?.hasPrefix("scale=768:576") == true)
        XCTAssertTrue(value("-vf", in: plan)?.contains("setsar=1") == true)
    }

    func testHDRIsToneMappedByLinearLightWithZimg() throws {
        for (transfer, name) in [(VideoTransfer.pq, "smpte2084"), (.hlg, "arib-std-b67")] {
            let plan = try plan(
                SampleInfo.webPlayable(
                    codec: "hevc", profile: "Main 10", pixelFormat: "yuv420p10le", transfer: transfer))
            let filters = try XCTUnwrap(value("-vf", in: plan))
            XCTAssertTrue(filters.contains("zscale=tin=\(name):"), filters)
            XCTAssertTrue(filters.contains("tonemap=tonemap=hable"), filters)
            XCTAssertTrue(filters.contains("zscale=t=709:m=709:r=limited"), filters)
            XCTAssertEqual(plan.toneMapping, .filmic)
            XCTAssertEqual(value("-color_trc", in: plan), "bt709")
            XCTAssertEqual(value("-color_primaries", in: plan), "bt709")
            XCTAssertEqual(value("-colorspace", in: plan), "bt709")
        }
    }

    func testWithoutZimgHDRIsConvertedApproximately() throws {
        var capabilities = FFmpegCapabilities.debian12
        capabilities.toneMapsWithZimg = false
        let plan = try plan(SampleInfo.webPlayable(codec: "hevc", transfer: .pq), capabilities: capabilities)
        let filters = try XCTUnwrap(value("-vf", in: plan))
        XCTAssertFalse(filters.contains("zscale"))
        XCTAssertTrue(filters.contains("colorspace=all=bt709:iall=bt2020"), filters)
        XCTAssertEqual(plan.toneMapping, .approximate)
    }

    func testSDRInBT2020IsConvertedToBT709AndTaggedSo() throws {
        let zimg = try plan(SampleInfo.wideGamut())
        let filters = try XCTUnwrap(value("-vf", in: zimg))
        XCTAssertTrue(filters.contains("zscale=tin=709:min=2020_ncl:pin=2020:rin=limited:t=linear"), filters)
        XCTAssertTrue(filters.contains("zscale=p=709"), filters)
        XCTAssertFalse(filters.contains("tonemap"), "SDR is not tone-mapped: \(filters)")
        XCTAssertNil(zimg.toneMapping)
        XCTAssertEqual(value("-color_primaries", in: zimg), "bt709")
        XCTAssertEqual(value("-color_trc", in: zimg), "bt709")
        XCTAssertEqual(value("-colorspace", in: zimg), "bt709")

        var capabilities = FFmpegCapabilities.debian12
        capabilities.toneMapsWithZimg = false
        let colorspace = try plan(SampleInfo.wideGamut(), capabilities: capabilities)
        XCTAssertTrue(try XCTUnwrap(value("-vf", in: colorspace)).contains("colorspace=all=bt709:iall=bt2020"))
        XCTAssertEqual(value("-color_primaries", in: colorspace), "bt709")

        capabilities.hasColorspaceFilter = false
        let neither = try plan(SampleInfo.wideGamut(), capabilities: capabilities)
        XCTAssertNil(value("-color_primaries", in: neither), "unconverted colours are not tagged BT.709")
        XCTAssertEqual(try plan(SampleInfo.webPlayable(codec: "hevc")).arguments.contains("-color_primaries"), false)
    }

    /// An HD clip that names no matrix is read as BT.709 for its poster; Chromium reads an
    /// untagged stream as BT.601, so the MP4 says BT.709, in the copied stream's VUI too.
    func testAnUntaggedHDClipIsTaggedBT709CopiedOrEncoded() throws {
        func untagged(_ info: VideoInfo) -> VideoInfo {
            var info = info
            (info.video.primaries, info.video.transferName, info.video.matrix) = (nil, nil, nil)
            return info
        }
        let copied = try plan(untagged(SampleInfo.webPlayable(width: 960, height: 720)))
        XCTAssertEqual(copied.method, .remuxed)
        XCTAssertEqual(
            value("-bsf:v", in: copied),
            "filter_units=remove_types=6,h264_metadata=colour_primaries=1:transfer_characteristics=1:"
                + "matrix_coefficients=1")
        let encoded = try plan(untagged(SampleInfo.webPlayable(width: 1920, height: 1080)))
        XCTAssertEqual(encoded.method, .encoded)
        XCTAssertTrue(
            try XCTUnwrap(value("-vf", in: encoded)).hasPrefix(
                "scale=1080:608:flags=lanczos:in_color_matrix=bt709:out_color_matrix=bt709,setsar=1,format=yuv420p"))
        // A GIF's or a screen recording's RGB frames become YCbCr by BT.709, not swscale's BT.601.
        var gif = untagged(SampleInfo.webPlayable(width: 1080, height: 720, codec: "gif", pixelFormat: "bgra"))
        gif.container = "gif"
        let rgb = try plan(gif, .motion)
        XCTAssertTrue(try XCTUnwrap(value("-vf", in: rgb)).contains("in_color_matrix=bt709:out_color_matrix=bt709"))
        for made in [copied, encoded, rgb] {
            XCTAssertEqual(value("-color_primaries", in: made), "bt709", "the MP4's colr box")
            XCTAssertEqual(value("-color_trc", in: made), "bt709")
            XCTAssertEqual(value("-colorspace", in: made), "bt709")
        }

        // Untagged SD is read as BT.601 by the poster and by browsers alike; a tagged clip
        // says for itself.
        for info in [untagged(SampleInfo.webPlayable(width: 640, height: 480)), SampleInfo.webPlayable()] {
            let plan = try plan(info)
            XCTAssertNil(value("-colorspace", in: plan), "\(info.video)")
            XCTAssertFalse(plan.arguments.joined(separator: " ").contains("bt709"), "\(info.video)")
        }
    }

    func testAnOlderFFmpegGetsVsync() throws {
        var capabilities = FFmpegCapabilities.debian12
        capabilities.hasFPSMode = false
        let plan = try plan(SampleInfo.webPlayable(codec: "hevc"), capabilities: capabilities)
        XCTAssertEqual(value("-vsync", in: plan), "vfr")
        XCTAssertNil(value("-fps_mode", in: plan))
    }

    func testMonoStaysMonoAndSurroundBecomesStereo() throws {
        let mono = try plan(
            SampleInfo.webPlayable(codec: "hevc", audio: AudioStreamInfo(index: 2, codec: "aac", channels: 1)))
        XCTAssertEqual(value("-ac", in: mono), "1")
        XCTAssertTrue(mono.arguments.contains("0:2"))
        let surround = try plan(
            SampleInfo.webPlayable(codec: "hevc", audio: AudioStreamInfo(index: 1, codec: "ac3", channels: 6)))
        XCTAssertEqual(value("-ac", in: surround), "2")
        let silent = try plan(SampleInfo.webPlayable(codec: "hevc", audio: nil))
        XCTAssertTrue(silent.arguments.contains("-an"))
        XCTAssertNil(value("-c:a", in: silent))
        XCTAssertFalse(silent.hasAudio)
    }

    /// A file named like an option or a protocol is still read as a local file, and only
    /// through the demuxers of the formats Tessera publishes.
    func testHostileFileNamesAreReadAsLocalFiles() throws {
        for name in ["-y.mp4", "concat:a.mp4|b.mp4", "http:evil.example.mp4", "a b;$(rm -rf x).mov"] {
            let hostile = URL(fileURLWithPath: "/photos").appendingPathComponent(name)
            let plan = try TranscodePlan.make(
                source: hostile, info: SampleInfo.webPlayable(codec: "hevc"), rendition: .web, output: output,
                capabilities: .debian12)
            XCTAssertEqual(value("-i", in: plan), "file:/photos/\(name)")
            XCTAssertEqual(value("-protocol_whitelist", in: plan), "file")
            XCTAssertEqual(value("-format_whitelist", in: plan), "mov,matroska,avi,mpegts,gif")
            XCTAssertEqual(plan.arguments.last, "file:/site/.staging/img-0001.mp4")
        }
    }

    func testSettingsX264RefusesAreRefusedInWords() {
        let info = SampleInfo.webPlayable(codec: "hevc")
        var fast = VideoRendition.web
        fast.preset = "ludicrous"
        XCTAssertThrowsError(try plan(info, fast)) { XCTAssertTrue("\($0)".contains("x264 preset ludicrous")) }
        var bad = VideoRendition.web
        bad.crf = 60
        XCTAssertThrowsError(try plan(info, bad)) { XCTAssertEqual("\($0)", "unsupported: CRF 60 (0 to 51)") }
        var noX264 = FFmpegCapabilities.debian12
        noX264.hasLibx264 = false
        XCTAssertThrowsError(try plan(info, capabilities: noX264)) { XCTAssertTrue("\($0)".contains("libx264")) }
        XCTAssertNoThrow(
            try plan(SampleInfo.webPlayable(width: 640, height: 360), capabilities: noX264), "a remux needs no encoder")
    }

    func testTheOutputSizeIsKnownBeforeAnyWork() throws {
        for info in [
            SampleInfo.webPlayable(width: 640, height: 360),
            SampleInfo.webPlayable(width: 1920, height: 1080, rotation: 270),
            SampleInfo.webPlayable(width: 642, height: 361, codec: "hevc"),
        ] {
            for rendition in [VideoRendition.web, .motion] {
                XCTAssertEqual(rendition.outputSize(for: info), try plan(info, rendition).size, "\(info.codedSize)")
            }
        }
    }

    func testCapabilitiesAreReadFromFFmpegsListings() {
        let version = "ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers\nbuilt with gcc 12"
        let filters = " ... zscale            V->V       Apply resizing\n .S. tonemap           V->V       Conversion\n"
        let encoders = " V....D libx264              libx264 H.264\n"
        let found = FFmpegCapabilities.parse(version: version, filters: filters, encoders: encoders)
        XCTAssertEqual(found.version, "5.1.9-0+deb12u1")
        XCTAssertTrue(found.toneMapsWithZimg)
        XCTAssertFalse(found.hasColorspaceFilter)
        XCTAssertTrue(found.hasLibx264)
        XCTAssertTrue(found.hasFPSMode)
        let old = FFmpegCapabilities.parse(
            version: "ffmpeg version 4.3.6", filters: " ... tonemap  V->V\n", encoders: "")
        XCTAssertFalse(old.hasFPSMode)
        XCTAssertFalse(old.toneMapsWithZimg, "tonemap alone cannot linearise PQ")
        XCTAssertFalse(old.hasLibx264)
    }
}
