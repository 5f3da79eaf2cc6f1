import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A phone's holiday folder, whole: an Android clip (dated in UTC) sits among the photos
/// taken around it and says their time, whatever the time zone the site is built in; a
/// site built before clocks' offsets were read gets them on its next build, with no image
/// made again.
final class TripClockBuildTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    /// A photo taken in Tokyo (UTC+9) at `time` on 1 June 2025.
    private func tokyo(_ time: String) -> [UInt8] {
        FakeImaging.photo(
            PhotoInfo(
                format: .jpeg, storedSize: PixelSize(width: 300, height: 200),
                metadata: PhotoMetadata(dateTaken: "2025-06-01 \(time)", utcOffsetMinutes: 540)))
    }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("photos/Tokyo/a-temple.jpg", tokyo("09:55:00"))
        try folder.write("photos/Tokyo/c-market.jpg", tokyo("10:10:00"))
        // Recorded at 10:00:30 in Tokyo: 01:00:30 UTC.
        try folder.write(
            "photos/Tokyo/z-crossing.mp4",
            FakeVideo.clip(width: 1920, height: 1080, seconds: 5, recorded: "2025-06-01 01:00:30"))
    }

    @discardableResult
    private func build(into site: URL? = nil, imaging: FakeImaging = FakeImaging()) throws -> BuildReport {
        var byDate = SiteConfiguration()
        byDate.sort = .date
        return try SiteBuilder(
            input: input, output: site ?? output, configuration: byDate,
            run: RunOptions(jobs: 2, generator: "test"), theme: try Theme.defaults(), imaging: imaging,
            video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        )
        .build()
    }

    private func text(_ path: String, in site: URL? = nil) throws -> String {
        try String(contentsOf: (site ?? output).appendingPathComponent(path), encoding: .utf8)
    }

    /// The album's pages in the order the album shows them.
    private func order(in site: URL? = nil) throws -> [String] {
        let album = try text("tokyo/index.html", in: site)
        return ["a-temple", "c-market", "z-crossing"].sorted {
            album.range(of: "\($0).html")!.lowerBound < album.range(of: "\($1).html")!.lowerBound
        }
    }

    func testTheClipSitsAmongThePhotosAroundItOnTheirClock() throws {
        try build()
        XCTAssertEqual(try order(), ["a-temple", "z-crossing", "c-market"], "10:00:30 lies between 09:55 and 10:10")
        XCTAssertTrue(
            try text("tokyo/z-crossing.html").contains("<time>2025-06-01 10:00:30</time>"),
            "the clip's page says Tokyo's time")
    }

    /// A clip with no photo's clock near it is dated on the build's time zone: rebuilt
    /// after the machine's zone changed (a laptop on a trip), with nothing else changed,
    /// the memo kept the old zone's dates until some unrelated edit moved them all.
    func testARebuildInAnotherTimeZoneDatesTheClipAsAColdBuildThere() throws {
        try FileManager.default.removeItem(at: input.appendingPathComponent("Tokyo/a-temple.jpg"))
        try FileManager.default.removeItem(at: input.appendingPathComponent("Tokyo/c-market.jpg"))
        let previous = ProcessInfo.processInfo.environment["TZ"]
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            NSTimeZone.resetSystemTimeZone()
        }
        setenv("TZ", "UTC", 1)
        NSTimeZone.resetSystemTimeZone()
        try build()
        XCTAssertTrue(try text("tokyo/z-crossing.html").contains("<time>2025-06-01 01:00:30</time>"))
        setenv("TZ", "Asia/Tokyo", 1)
        NSTimeZone.resetSystemTimeZone()
        try XCTSkipUnless(TimeZone.current.identifier == "Asia/Tokyo", "Foundation keeps the zone it started with")
        try build()
        XCTAssertTrue(try text("tokyo/z-crossing.html").contains("<time>2025-06-01 10:00:30</time>"))
    }

    func testASiteBuiltBeforeOffsetsWereReadGetsThemWithoutImagesMadeAgain() throws {
        try build()
        // As a build of Tessera that read no offsets left the manifest: no reading
        // version, no offsets, and its memo no longer holds.
        let manifestURL = output.appendingPathComponent(Manifest.fileName)
        var manifest = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        var photos = try XCTUnwrap(manifest["photos"] as? [String: [String: Any]])
        for (key, var record) in photos {
            record["headerReading"] = nil
            if var info = record["info"] as? [String: Any], var metadata = info["metadata"] as? [String: Any] {
                metadata["utcOffsetMinutes"] = nil
                info["metadata"] = metadata
                record["info"] = info
            }
            photos[key] = record
        }
        manifest["photos"] = photos
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        try FileManager.default.removeItem(at: output.appendingPathComponent(BuildMemo.fileName))

        let imaging = FakeImaging()
        try build(imaging: imaging)
        XCTAssertEqual(imaging.decoded, [], "no photo's images are made again")
        let fresh = folder.url.appendingPathComponent("fresh")
        try build(into: fresh)
        XCTAssertEqual(try text("tokyo/index.html"), try text("tokyo/index.html", in: fresh))
        XCTAssertEqual(try text("tokyo/z-crossing.html"), try text("tokyo/z-crossing.html", in: fresh))
        let reread = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: manifestURL))
        XCTAssertEqual(
            reread.photos.values.filter { $0.video == nil }.map(\.info.metadata.utcOffsetMinutes), [540, 540],
            "the photos' headers were read again")
    }
}
