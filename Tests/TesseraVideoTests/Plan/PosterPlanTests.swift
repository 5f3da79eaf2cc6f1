import Foundation
import TesseraCore
import XCTest

@testable import TesseraCore
@testable import TesseraVideo

/// Which frame becomes the poster, how large, and the command that takes it.
final class PosterPlanTests: XCTestCase {
    func testTheSearchStartsASecondInOrATenthOfAShortClip() {
        let request = PosterRequest()
        XCTAssertEqual(request.startTime(for: SampleInfo.webPlayable(duration: 60)), 1)
        XCTAssertEqual(request.startTime(for: SampleInfo.webPlayable(duration: 3)), 0.3, accuracy: 1e-9)
        XCTAssertEqual(request.startTime(for: SampleInfo.webPlayable(duration: nil)), 0)
        XCTAssertEqual(request.startTime(for: SampleInfo.webPlayable(duration: 0)), 0)
        XCTAssertEqual(PosterRequest(time: 5).startTime(for: SampleInfo.webPlayable(duration: 60)), 5)
        XCTAssertEqual(
            PosterRequest(time: 50).startTime(for: SampleInfo.webPlayable(duration: 10)), 9, "inside the clip")
        XCTAssertEqual(PosterRequest(time: -.infinity).startTime(for: SampleInfo.webPlayable(duration: 10)), 0)
    }

    func testThePosterHasTheDisplayedSize() {
        let portrait = SampleInfo.webPlayable(width: 1920, height: 1080, rotation: 90)
        XCTAssertEqual(PosterRequest().size(for: portrait), PixelSize(width: 1080, height: 1920))
        XCTAssertEqual(PosterRequest(longestEdge: 960).size(for: portrait), PixelSize(width: 540, height: 960))
        XCTAssertEqual(PosterRequest(longestEdge: 4000).size(for: portrait), PixelSize(width: 1080, height: 1920))
    }

    func testTheCommandSkipsDarkFramesThenReadsTheColourMatrixRightly() throws {
        let source = URL(fileURLWithPath: "/photos/clip.mov")
        let output = URL(fileURLWithPath: "/tmp/poster.png")
        let info = SampleInfo.webPlayable(width: 1920, height: 1080, rotation: 90)
        let plan = PosterPlan.make(
            source: source, info: info, request: PosterRequest(), start: 1, mustBeBright: true, output: output,
            capabilities: .debian12)
        let arguments = plan.arguments
        let filters = try XCTUnwrap(arguments.firstIndex(of: "-vf").map { arguments[$0 + 1] })
        XCTAssertTrue(
            filters.contains("signalstats,metadata=mode=select:key=lavfi.signalstats.YAVG:value=24:function=greater"))
        XCTAssertTrue(filters.contains("scale=1080:1920:flags=lanczos:in_color_matrix=bt709"))
        XCTAssertTrue(
            filters.hasSuffix("setsar=1,format=rgb24,setparams=color_primaries=unknown:color_trc=unknown"),
            "no cHRM or gAMA chunk for the photo pipeline to convert by: \(filters)")
        XCTAssertEqual(arguments.firstIndex(of: "-ss").map { arguments[$0 + 1] }, "1.000")
        XCTAssertEqual(arguments.firstIndex(of: "-t").map { arguments[$0 + 1] }, "5.000")
        XCTAssertLessThan(arguments.firstIndex(of: "-ss")!, arguments.firstIndex(of: "-i")!, "seeks before decoding")
        let anyFrame = PosterPlan.make(
            source: source, info: info, request: PosterRequest(), start: 1, mustBeBright: false, output: output,
            capabilities: .debian12)
        XCTAssertFalse(anyFrame.arguments.joined(separator: " ").contains("signalstats"))
        XCTAssertFalse(anyFrame.arguments.contains("-t"))
    }

    func testUntaggedClipsAreReadAsPlayersReadThem() {
        var sd = SampleInfo.webPlayable(width: 640, height: 480)
        sd.video.matrix = nil
        XCTAssertEqual(PosterPlan.matrix(sd), "bt601")
        var hd = SampleInfo.webPlayable(width: 1280, height: 720)
        hd.video.matrix = nil
        XCTAssertEqual(PosterPlan.matrix(hd), "bt709")
        sd.video.matrix = "smpte170m"
        XCTAssertEqual(PosterPlan.matrix(sd), "bt601")
    }

    /// After tone-mapping or a gamut conversion the frame is BT.709, whatever the clip said.
    func testAConvertedFrameIsReadAsBT709() throws {
        for info in [SampleInfo.webPlayable(transfer: .pq), SampleInfo.wideGamut()] {
            XCTAssertEqual(PosterPlan.matrix(info), "bt2020", "as the clip says, unconverted")
            let plan = PosterPlan.make(
                source: URL(fileURLWithPath: "/photos/clip.mov"), info: info, request: PosterRequest(), start: 0,
                mustBeBright: false, output: URL(fileURLWithPath: "/tmp/poster.png"), capabilities: .debian12)
            let filters = try XCTUnwrap(plan.arguments.firstIndex(of: "-vf").map { plan.arguments[$0 + 1] })
            XCTAssertTrue(filters.contains("zscale=p=709"), filters)
            XCTAssertTrue(filters.contains("in_color_matrix=bt709"), filters)
        }
    }

    func testTheFrameTimeIsReadFromTheFiltersPrintout() {
        let printout = "frame:0    pts:15360  pts_time:1.5\nlavfi.signalstats.YAVG=120\n"
        XCTAssertEqual(PosterPlan.frameTime(in: printout, start: 1), 2.5)
        XCTAssertNil(PosterPlan.frameTime(in: "nothing", start: 1))
    }
}
