import Foundation
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// With a base URL, pages name their absolute address and preview image, and the site gets
/// a sitemap and an Atom feed; without one, the site stays relative and has neither.
final class PublishedAddressTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write(
            "photos/Harbour.jpg",
            FakeImaging.photo(
                PhotoInfo(
                    format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000),
                    metadata: PhotoMetadata(dateTaken: "2023-07-01 09:00:00"))))
        try folder.write(
            "photos/Été & co/Plage.jpg",
            FakeImaging.photo(
                PhotoInfo(
                    format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000),
                    metadata: PhotoMetadata(dateTaken: "2024:08:15 18:30:00"))))
        try folder.write(
            "photos/Winter/Snow.jpg",
            FakeImaging.photo(
                PhotoInfo(
                    format: .jpeg, storedSize: PixelSize(width: 2000, height: 3000),
                    metadata: PhotoMetadata(dateTaken: "2024:01:20 12:00:00"))))
    }

    private func build(baseURL: String?) throws {
        _ = try SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: output,
            configuration: SiteConfiguration(
                title: "Our <photos>", baseURL: baseURL, images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, generator: "test"), theme: try Theme.defaults(), imaging: FakeImaging(),
            video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func testPagesNameTheirAbsoluteAddressAndPreviewImage() throws {
        try build(baseURL: "https://example.org/photos")
        let home = try text("index.html")
        XCTAssertTrue(home.contains(#"<link rel="canonical" href="https://example.org/photos/">"#), home)
        XCTAssertTrue(home.contains(#"<meta property="og:title" content="Our &lt;photos&gt;">"#))
        XCTAssertTrue(home.contains(#"<link rel="alternate" type="application/atom+xml" href="feed.xml">"#))
        let album = try text("été-co/index.html")
        XCTAssertTrue(album.contains(#"href="https://example.org/photos/%C3%A9t%C3%A9-co/">"#), "encoded, folder form")
        XCTAssertTrue(album.contains(#"href="../feed.xml""#))
        let photo = try text("été-co/plage.html")
        XCTAssertTrue(
            photo.contains(#"<link rel="canonical" href="https://example.org/photos/%C3%A9t%C3%A9-co/plage.html">"#))
        XCTAssertTrue(
            photo.contains(
                #"<meta property="og:image" content="https://example.org/photos/%C3%A9t%C3%A9-co/_media/plage.jpg">"#))
        XCTAssertTrue(photo.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
    }

    /// Every site gets a `404.html` that hosts show for a missing address, linking home
    /// from the host's root, below the base URL's path (any name of the host shows it); it is the build's own (in the manifest), never in the sitemap or the feed,
    /// and a photo named `404.jpg` at the root does not take its name.
    func testTheNotFoundPageIsTheBuildsOwnAndListedNowhere() throws {
        try folder.write(
            "photos/404.jpg", FakeImaging.photo(PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 30, height: 20))))
        try build(baseURL: "https://example.org/photos/")
        let page = try text("404.html")
        XCTAssertTrue(page.contains(#"<meta name="robots" content="noindex">"#), page)
        XCTAssertTrue(page.contains(#"<p><a href="/photos/">Go to the home page</a></p>"#), page)
        XCTAssertTrue(page.contains(#"<link rel="stylesheet" href="/photos/tessera.css">"#))
        XCTAssertTrue(page.contains("<h1>Page not found</h1>"))
        XCTAssertTrue(page.contains("<title>Page not found · Our &lt;photos&gt;</title>"))
        XCTAssertTrue(try text("index.html").contains(#"href="404-2.html""#), "the photo's page is renamed")
        XCTAssertFalse(try text("sitemap.xml").contains("404.html"))
        XCTAssertFalse(try text("feed.xml").contains("404.html"))
        XCTAssertTrue(try text(".tessera-manifest.json").contains(#""404.html""#), "the writer owns it")

        try build(baseURL: nil)
        let relative = try text("404.html")
        XCTAssertTrue(relative.contains(#"<p><a href="/">Go to the home page</a></p>"#), relative)
        XCTAssertTrue(relative.contains(#"<link rel="stylesheet" href="/tessera.css">"#))
    }

    func testTheSitemapListsEveryPageOnce() throws {
        try build(baseURL: "https://example.org/photos/")
        let sitemap = try text("sitemap.xml")
        let locations = sitemap.components(separatedBy: "<loc>").dropFirst().map {
            $0.components(separatedBy: "</loc>")[0]
        }
        XCTAssertEqual(
            locations,
            [
                "https://example.org/photos/", "https://example.org/photos/harbour.html",
                "https://example.org/photos/winter/", "https://example.org/photos/winter/snow.html",
                "https://example.org/photos/%C3%A9t%C3%A9-co/",
                "https://example.org/photos/%C3%A9t%C3%A9-co/plage.html",
            ], "in the site's order")
        XCTAssertTrue(XMLParser(data: Data(sitemap.utf8)).parse(), "well-formed XML")
    }

    func testTheFeedListsAlbumsNewestFirstAsWellFormedAtom() throws {
        try build(baseURL: "https://example.org/photos/")
        let feed = try text("feed.xml")
        XCTAssertTrue(XMLParser(data: Data(feed.utf8)).parse(), "well-formed XML")
        XCTAssertTrue(feed.contains("<title>Our &lt;photos&gt;</title>"))
        XCTAssertTrue(
            feed.contains("<updated>2024-08-15T18:30:00Z</updated>\n<author>"), "the feed is as new as its newest album"
        )
        let titles = feed.components(separatedBy: "<entry>\n<title>").dropFirst().map {
            $0.components(separatedBy: "</title>")[0]
        }
        XCTAssertEqual(
            titles, ["Été &amp; co", "Winter", "Our &lt;photos&gt;"],
            "newest first; the home page's own photo (harbour) is an entry too, titled as the site")
    }

    /// A space or an accent in `--base-url` was written as it is, breaking every absolute
    /// link; an escape already there stays one.
    func testTheBaseURLIsPercentEncodedInCanonicalLinksTheSitemapAndTheFeed() throws {
        try build(baseURL: "https://example.org/my photos/été/%C3%A9")
        let base = "https://example.org/my%20photos/%C3%A9t%C3%A9/%C3%A9/"
        XCTAssertTrue(try text("index.html").contains(#"<link rel="canonical" href="\#(base)">"#))
        XCTAssertTrue(try text("sitemap.xml").contains("<loc>\(base)winter/snow.html</loc>"))
        let feed = try text("feed.xml")
        XCTAssertTrue(feed.contains(#"<link rel="alternate" href="\#(base)winter/"/>"#), feed)
        XCTAssertFalse(feed.contains("my photos"), feed)
    }

    /// Feed readers list an entry by its summary: the album's description, else its count.
    func testFeedEntriesHaveSummaries() throws {
        try folder.write("photos/Winter/index.md", Array("Title: Winter\n\nSnow on the *hills*.\n".utf8))
        try build(baseURL: "https://example.org/")
        let feed = try text("feed.xml")
        XCTAssertTrue(feed.contains("<summary>Snow on the hills.</summary>"), feed)
        XCTAssertTrue(feed.contains("<summary>1 photo</summary>"), "Été & co has no description: \(feed)")
    }

    func testWithoutABaseURLTheSiteStaysRelative() throws {
        try build(baseURL: nil)
        XCTAssertFalse(try text("index.html").contains("canonical"))
        XCTAssertFalse(try text("index.html").contains("https://"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("sitemap.xml").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("feed.xml").path))
    }

    func testRemovingTheBaseURLRemovesTheSitemapAndFeed() throws {
        try build(baseURL: "https://example.org/")
        try build(baseURL: nil)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("feed.xml").path))
    }

    func testOnlyAbsoluteWebAddressesAreAcceptedAsBaseURL() {
        let rule = SiteConfiguration.baseURL.rule
        XCTAssertEqual(rule.value(fromText: "https://example.org/photos/"), .some("https://example.org/photos/"))
        for wrong in ["example.org", "ftp://example.org/", "/photos", "https://", "https://x.org/?a=1"] {
            XCTAssertTrue(rule.value(fromText: wrong) == nil, wrong)
        }
        // A page's address made every canonical link, sitemap and feed entry
        // `https://example.org/photos/index.html/trip/`, which verify passed.
        for page in ["https://example.org/photos/index.html", "https://example.org/Photos/INDEX.HTM"] {
            XCTAssertTrue(rule.value(fromText: page) == nil, page)
        }
        XCTAssertTrue(rule.expectation.contains("not a page"), rule.expectation)
        XCTAssertEqual(rule.value(fromText: "https://example.org/photos.v2"), .some("https://example.org/photos.v2"))
        XCTAssertEqual(
            rule.value(fromText: "https://example.org/photos.html/"), .some("https://example.org/photos.html/"),
            "a folder named like a page, its slash written")
    }
}
