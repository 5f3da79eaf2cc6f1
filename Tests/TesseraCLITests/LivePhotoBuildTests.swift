import Foundation
import TesseraTestSupport
import XCTest

/// iPhone Live Photos stored as HEIC, built in process with the real imaging and ffmpeg: a
/// HEIC and a MOV of one name whose Apple content identifiers agree are one photo with its
/// motion; two whose identifiers differ (a still renamed, a copy from another phone) are a
/// photo and a video, and `--verbose` says why. Before, a HEIC's identifier was not read,
/// so such a pair was folded on its name and the MOV's key alone.
final class LivePhotoBuildTests: XCTestCase {
    func testHEICAndMOVPairOnlyWhenTheirContentIdentifiersAgree() throws {
        try XCTSkipUnless(LivePhotoFixture.isAvailable, LivePhotoFixture.missing)
        let tmp = try TemporaryFolder()
        let trip = tmp.url.appendingPathComponent("photos/Trip")
        try FileManager.default.createDirectory(at: trip, withIntermediateDirectories: true)
        try LivePhotoFixture.heic(at: trip.appendingPathComponent("IMG_0001.HEIC"), identifier: "MOMENT-1")
        try LivePhotoFixture.movie(at: trip.appendingPathComponent("IMG_0001.MOV"), identifier: "MOMENT-1")
        try LivePhotoFixture.heic(at: trip.appendingPathComponent("IMG_0002.HEIC"), identifier: "STILL-2")
        try LivePhotoFixture.movie(at: trip.appendingPathComponent("IMG_0002.MOV"), identifier: "OTHER-3")

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--json", "--verbose", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["photos"] as? Int, 2, result.stdout)
        XCTAssertEqual(report["videos"] as? Int, 1, "the MOV of another moment is a video: \(result.stdout)")
        let folded = try XCTUnwrap(report["folded"] as? [[String: Any]])
        XCTAssertEqual(folded.map { $0["path"] as? String }, ["Trip/IMG_0001.MOV"])
        XCTAssertEqual(folded.first?["kind"] as? String, "live")
        XCTAssertTrue(
            result.stderr.contains(
                "Trip/IMG_0002.MOV: not the motion of IMG_0002.HEIC: their Live Photo content identifiers differ; both are published, this as a video"
            ), result.stderr)

        let site = tmp.url.appendingPathComponent("site/trip")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".html") }
        XCTAssertEqual(Set(pages), ["index.html", "img-0001.html", "img-0002.html", "img-0002-2.html"], "\(pages)")
        let paired = try String(contentsOf: site.appendingPathComponent("img-0001.html"), encoding: .utf8)
        XCTAssertTrue(paired.contains("_media/img-0001.motion.mp4"), paired)
        let still = try String(contentsOf: site.appendingPathComponent("img-0002.html"), encoding: .utf8)
        XCTAssertFalse(still.contains(".motion.mp4"), "the still of another moment has no motion")
    }
}
