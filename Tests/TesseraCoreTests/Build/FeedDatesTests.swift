import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// The feed's dates are the photos' own (date taken, else the file's time), never the
/// build's: a rebuild with nothing changed writes the same feed, and a new photo moves its
/// album's `updated`, and no other's.
final class FeedDatesTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try photo("Coast/Dunes.jpg", taken: "2024:06:02 08:15:00")
        try photo("Coast/Pier.jpg", taken: "2024:06:03 19:40:00")
        try folder.write("photos/Coast/index.md", Array("Title: Coast\nDate: 2024-06-01\n\nA week by the sea.\n".utf8))
        // No date taken: the file's own time stands in.
        try photo("Scans/Grandma.jpg", taken: nil, modified: 1_500_000_000)
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

    private func build() throws -> String {
        _ = try SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: output,
            configuration: SiteConfiguration(
                title: "Ours", baseURL: "https://example.org/", images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, generator: "test"), theme: try Theme.defaults(), imaging: FakeImaging(),
            video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
        return try String(contentsOf: output.appendingPathComponent("feed.xml"), encoding: .utf8)
    }

    func testEntriesCarryThePhotosDatesNotTheBuildsAndStayAsTheyAre() throws {
        let feed = try build()
        XCTAssertTrue(
            feed.contains(
                "<title>Coast</title>\n<id>https://example.org/coast/</id>\n"
                    + #"<link rel="alternate" href="https://example.org/coast/"/>"# + "\n"
                    + "<published>2024-06-01T00:00:00Z</published>\n<updated>2024-06-03T19:40:00Z</updated>"),
            feed)
        XCTAssertTrue(
            feed.contains(
                #"<link rel="alternate" href="https://example.org/scans/"/>"# + "\n"
                    + "<published>2017-07-14T02:40:00Z</published>\n<updated>2017-07-14T02:40:00Z</updated>"),
            "the file's time, in UTC: \(feed)")
        XCTAssertTrue(feed.contains("<updated>2024-06-03T19:40:00Z</updated>\n<author>"), "the newest entry's")
        let today = AtomFeed.atomDate(seconds: Date().timeIntervalSince1970).prefix(10)
        XCTAssertFalse(feed.contains(today), "no date of the build's: \(feed)")

        XCTAssertEqual(try build(), feed, "nothing changed: the same feed")

        try photo("Coast/Sunset.jpg", taken: "2024:06:07 21:05:00")
        let added = try build()
        XCTAssertTrue(
            added.contains("<published>2024-06-01T00:00:00Z</published>\n<updated>2024-06-07T21:05:00Z</updated>"),
            added)
        XCTAssertTrue(added.contains("<updated>2024-06-07T21:05:00Z</updated>\n<author>"), added)
        XCTAssertTrue(added.contains("<updated>2017-07-14T02:40:00Z</updated>"), "the other album keeps its date")
    }
}
