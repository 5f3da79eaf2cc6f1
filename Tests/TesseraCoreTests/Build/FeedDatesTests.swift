import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// The feed's dates are the photos' own (date taken, else the file's time) on a site's
/// first build, and an entry's `updated` moves to the build's time only when what it shows
/// changes (its album's title, description, photos, their titles and captions): a rebuild
/// with nothing changed writes the same feed, whenever it runs, and `published` never moves.
final class FeedDatesTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try photo("Coast/Dunes.jpg", taken: "2024:06:02 08:15:00")
        try photo("Coast/Pier.jpg", taken: "2024:06:03 19:40:00")
        try write("Coast/index.md", "Title: Coast\nDate: 2024-06-01\n\nA week by the sea.\n")
        try write("Coast/Dunes.md", "Title: Dunes\n\nMorning light.\n")
        // No date taken: the file's own time stands in.
        try photo("Scans/Grandma.jpg", taken: nil, modified: 1_500_000_000)
    }

    private func write(_ path: String, _ text: String) throws {
        try folder.write("photos/" + path, Array(text.utf8))
    }

    private func photo(_ path: String, taken: String?, modified: TimeInterval? = nil) throws {
        try folder.write(
            "photos/" + path,
            FakeImaging.photo(
                PhotoInfo(
                    format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000),
                    metadata: PhotoMetadata(dateTaken: taken))))
        if let modified {
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: modified)],
                ofItemAtPath: folder.url.appendingPathComponent("photos/" + path).path)
        }
    }

    /// Builds at `now` (seconds since 1970; the system's clock when nil) and returns the feed.
    private func build(at now: Double? = nil) throws -> String {
        _ = try SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: output,
            configuration: SiteConfiguration(
                title: "Ours", baseURL: "https://example.org/", images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, generator: "test", now: now), theme: try Theme.defaults(), imaging: FakeImaging(),
            video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
        return try String(contentsOf: output.appendingPathComponent("feed.xml"), encoding: .utf8)
    }

    /// The lines from an entry's `<link rel="alternate">` to its `<updated>`.
    private func dates(of album: String, in feed: String) -> String? {
        let link = #"<link rel="alternate" href="https://example.org/\#(album)/"/>"# + "\n"
        guard let start = feed.range(of: link),
            let end = feed.range(of: "</updated>", range: start.upperBound..<feed.endIndex)
        else { return nil }
        return String(feed[start.upperBound..<end.upperBound])
    }

    /// The feed's own `<updated>`, the one before its author.
    private func feedUpdated(_ feed: String) -> String? {
        feed.components(separatedBy: "\n").firstIndex { $0.hasPrefix("<author>") }
            .map { feed.components(separatedBy: "\n")[$0 - 1] }
    }

    func testEntriesCarryThePhotosDatesNotTheBuildsAndStayAsTheyAre() throws {
        let feed = try build()
        XCTAssertEqual(
            dates(of: "coast", in: feed),
            "<published>2024-06-01T00:00:00Z</published>\n<updated>2024-06-03T19:40:00Z</updated>", feed)
        XCTAssertEqual(
            dates(of: "scans", in: feed),
            "<published>2017-07-14T02:40:00Z</published>\n<updated>2017-07-14T02:40:00Z</updated>",
            "the file's time, the moment it is: \(feed)")
        XCTAssertEqual(feedUpdated(feed), "<updated>2024-06-03T19:40:00Z</updated>", "the newest entry's")
        let today = AtomFeed.atomDate(seconds: Date().timeIntervalSince1970).prefix(10)
        XCTAssertFalse(feed.contains(today), "no date of the build's: \(feed)")

        XCTAssertEqual(try build(), feed, "nothing changed: the same feed")
        XCTAssertEqual(try build(at: 1_900_000_000), feed, "whenever the build runs")
    }

    func testAnEditedCaptionMovesItsEntrysUpdatedAndNothingElse() throws {
        let first = try build(at: 1_700_000_000)
        XCTAssertFalse(first.contains("2023-11-14"), "a first build: the photos' dates: \(first)")

        // 1_800_000_000 s is 2027-01-15T08:00:00Z.
        try write("Coast/Dunes.md", "Title: Dunes\n\nEvening light.\n")
        let edited = try build(at: 1_800_000_000)
        XCTAssertEqual(
            dates(of: "coast", in: edited),
            "<published>2024-06-01T00:00:00Z</published>\n<updated>2027-01-15T08:00:00Z</updated>", edited)
        XCTAssertEqual(dates(of: "scans", in: edited), dates(of: "scans", in: first), "the other album keeps its dates")
        XCTAssertEqual(feedUpdated(edited), "<updated>2027-01-15T08:00:00Z</updated>")
        XCTAssertLessThan(
            try XCTUnwrap(edited.range(of: "/coast/")).lowerBound,
            try XCTUnwrap(edited.range(of: "/scans/")).lowerBound,
            "the edited entry comes first")

        XCTAssertEqual(try build(at: 1_900_000_000), edited, "nothing changed since: the same feed, byte for byte")
        XCTAssertEqual(try build(), edited)

        // The album's description, its title, a photo's title: each is what the entry shows.
        try write("Coast/index.md", "Title: Coast\nDate: 2024-06-01\n\nTwo weeks by the sea.\n")
        XCTAssertTrue(try build(at: 1_810_000_000).contains("<updated>2027-05-11T01:46:40Z</updated>"))
        try write("Coast/index.md", "Title: The coast\nDate: 2024-06-01\n\nTwo weeks by the sea.\n")
        XCTAssertTrue(try build(at: 1_820_000_000).contains("<updated>2027-09-03T19:33:20Z</updated>"))
        try write("Coast/Dunes.md", "Title: Sand\n\nEvening light.\n")
        let retitled = try build(at: 1_830_000_000)
        XCTAssertEqual(
            dates(of: "coast", in: retitled),
            "<published>2024-06-01T00:00:00Z</published>\n<updated>2027-12-28T13:20:00Z</updated>", retitled)
        XCTAssertEqual(dates(of: "scans", in: retitled), dates(of: "scans", in: first))
    }

    func testAPhotoAddedOrAnAlbumRemovedMovesTheFeedButNoOtherEntry() throws {
        let first = try build(at: 1_700_000_000)
        try photo("Coast/Sunset.jpg", taken: "2024:06:07 21:05:00")
        let added = try build(at: 1_800_000_000)
        XCTAssertEqual(
            dates(of: "coast", in: added),
            "<published>2024-06-01T00:00:00Z</published>\n<updated>2027-01-15T08:00:00Z</updated>",
            "a new photo is a change, published when this build made it: \(added)")
        XCTAssertEqual(dates(of: "scans", in: added), dates(of: "scans", in: first), "the other album keeps its date")

        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("photos/Scans"))
        let removed = try build(at: 1_900_000_000)
        XCTAssertNil(dates(of: "scans", in: removed))
        XCTAssertEqual(dates(of: "coast", in: removed), dates(of: "coast", in: added))
        XCTAssertEqual(feedUpdated(removed), "<updated>2030-03-17T17:46:40Z</updated>", "the feed lost an entry")
    }

    func testEntriesAreDatedByMomentsWhateverTheBuildsTimeZone() throws {
        // Taken at 18:30 on a clock two hours ahead of UTC: 16:30 UTC.
        try folder.write(
            "photos/Trip/Square.jpg",
            FakeImaging.photo(
                PhotoInfo(
                    format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000),
                    metadata: PhotoMetadata(dateTaken: "2024:06:01 18:30:00", utcOffsetMinutes: 120))))
        let zone = ProcessInfo.processInfo.environment["TZ"]
        defer {
            if let zone { setenv("TZ", zone, 1) } else { unsetenv("TZ") }
            NSTimeZone.resetSystemTimeZone()
        }
        // Built in Tokyo, nine hours ahead of UTC, as on a photographer's laptop there.
        setenv("TZ", "Asia/Tokyo", 1)
        NSTimeZone.resetSystemTimeZone()
        XCTAssertEqual(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: 1_500_000_000)), 9 * 3600)
        let feed = try build()
        XCTAssertEqual(
            dates(of: "trip", in: feed),
            "<published>2024-06-01T16:30:00Z</published>\n<updated>2024-06-01T16:30:00Z</updated>", feed)
        XCTAssertEqual(
            dates(of: "scans", in: feed),
            "<published>2017-07-14T02:40:00Z</published>\n<updated>2017-07-14T02:40:00Z</updated>",
            "a file's time is the same moment in every zone: \(feed)")
    }

    /// A gallery of one folder had a feed with no entry, dated 1970, and the home page's
    /// own photos were in no entry of any gallery.
    func testTheHomePagesOwnPhotosAreAnEntry() throws {
        try photo("Front.jpg", taken: "2025:01:02 09:00:00")
        let feed = try build()
        XCTAssertTrue(
            feed.contains(
                "<entry>\n<title>Ours</title>\n<id>https://example.org/#photos</id>\n"
                    + #"<link rel="alternate" href="https://example.org/"/>"# + "\n"
                    + "<published>2025-01-02T09:00:00Z</published>\n<updated>2025-01-02T09:00:00Z</updated>\n"),
            "titled as the site, its id not the feed's, dated by its photo: \(feed)")
        XCTAssertEqual(feedUpdated(feed), "<updated>2025-01-02T09:00:00Z</updated>")
        let home = try XCTUnwrap(feed.components(separatedBy: "<entry>").first { $0.contains("#photos") })
        XCTAssertTrue(home.contains("<summary>1 photo</summary>"), "its own photos, not the albums': \(home)")

        let folder = try TemporaryFolder()
        self.folder = folder
        try photo("Only.jpg", taken: "2024:03:04 05:06:07")
        let flat = try build()
        XCTAssertEqual(flat.components(separatedBy: "<entry>").count, 2, flat)
        XCTAssertEqual(feedUpdated(flat), "<updated>2024-03-04T05:06:07Z</updated>", "not 1970: \(flat)")
    }

    func testAPhotoTakenAfterTheLastChangeStillDatesItsEntry() throws {
        _ = try build(at: 1_700_000_000)
        try write("Coast/Dunes.md", "Title: Dunes\n\nEvening light.\n")
        // A camera's clock set ahead: its date taken is later than the build's time.
        try photo("Coast/Ahead.jpg", taken: "2031:01:01 00:00:00")
        let feed = try build(at: 1_800_000_000)
        XCTAssertTrue(feed.contains("<updated>2031-01-01T00:00:00Z</updated>"), feed)
    }
}
