import Foundation
import XCTest

@testable import TesseraCore

/// A rebuild redoes exactly what changed: an edited photo, a changed setting, a changed
/// template — and nothing for a photo that was only touched.
final class IncrementalBuildTests: XCTestCase {
    private var tmp: SampleWorkspace!
    private var photos: URL { tmp.photos }
    private var site: URL { tmp.site }
    private var imageCount = 0

    override func setUpWithError() throws {
        tmp = try SampleWorkspace()
        let first = try build()
        imageCount = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { $0.hasSuffix(".jpg") }.count
        XCTAssertEqual(first.generated, imageCount + pageCount + 1, "every image, page and the stylesheet written once")
    }

    override func tearDown() {
        tmp = nil  // XCTest keeps test cases alive; release the folder now so it is deleted
    }

    private var pageCount: Int { 5 + SampleAlbum.photos.count }

    private struct Counts: Decodable {
        var generated: Int
        var reused: Int
        var removed: Int
    }

    private func build(_ extra: [String] = []) throws -> Counts {
        let result = try Tessera.run(["build", "photos", "-o", "site", "--json"] + extra, in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONDecoder().decode(Counts.self, from: Data(result.stdout.utf8))
    }

    private func file(_ path: String) throws -> Data {
        try Data(contentsOf: site.appendingPathComponent(path))
    }

    func testATouchedPhotoIsNotMadeAgain() throws {
        let photo = photos.appendingPathComponent("Market.jpg")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: photo.path)
        let counts = try build()
        XCTAssertEqual(counts.generated, 0, "same bytes, new time: nothing to do")
    }

    func testAnEditedPhotoIsMadeAgainAndNothingElse() throws {
        let before = try file("_media/market.jpg")
        let otherSquare = photos.appendingPathComponent("Travels/Square.jpg")
        try FileManager.default.removeItem(at: photos.appendingPathComponent("Market.jpg"))
        try FileManager.default.copyItem(at: otherSquare, to: photos.appendingPathComponent("Market.jpg"))

        let counts = try build()

        XCTAssertEqual(counts.generated, 3, "the edited 1:1 photo's three images; its pages are unchanged")
        XCTAssertNotEqual(try file("_media/market.jpg"), before)
        XCTAssertEqual(counts.removed, 0)
    }

    func testAChangedQualityRemakesEveryImageAndALayoutSettingOnlyTheAlbumPages() throws {
        let quality = try build(["--quality", "60"])
        XCTAssertEqual(quality.generated, imageCount)

        let rowHeight = try build(["--quality", "60", "--row-height", "180"])
        XCTAssertEqual(rowHeight.generated, 5, "the five album pages; no image, no photo page")
    }

    func testAChangedTemplateRewritesPagesButNoImage() throws {
        let templates = tmp.url.appendingPathComponent("my-templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<footer class=\"page-footer\">My own footer</footer>\n".utf8)
            .write(to: templates.appendingPathComponent("footer.mustache"))

        let counts = try build(["--templates", templates.path])

        XCTAssertEqual(counts.generated, pageCount, "every page has the footer; no image is made again")
        XCTAssertTrue(String(decoding: try file("index.html"), as: UTF8.self).contains("My own footer"))
    }

    /// Albums whose pages cannot have changed are not rendered again; these are the
    /// changes that must still reach every page they show on.
    func testAPhotoAddedDeepDownUpdatesTheCountsOnEveryAlbumAbove() throws {
        let home = String(decoding: try file("index.html"), as: UTF8.self)
        XCTAssertTrue(home.contains("13 photos"), "Travels holds 13 photos, 6 of them in Coast 2024")
        try FileManager.default.copyItem(
            at: photos.appendingPathComponent("Travels/Square.jpg"),
            to: photos.appendingPathComponent("Travels/Coast 2024/Square again.jpg"))

        let counts = try build()

        XCTAssertEqual(
            counts.generated, 3 + 1 + 6 + 3,
            "3 images, its page, the 6 other Coast 2024 photo pages (\"1 / 7\"), and the Coast 2024, Travels and home pages")
        let after = String(decoding: try file("index.html"), as: UTF8.self)
        XCTAssertTrue(after.contains("14 photos"), "the home page's Travels card counts the new photo")
        XCTAssertTrue(after.contains("31 photos"), "and so does the home page's own total")
    }

    func testANewTitleReachesEveryPage() throws {
        let counts = try build(["--title", "Our Pictures"])
        XCTAssertEqual(counts.generated, pageCount)
        for page in ["index.html", "evening.html", "travels/index.html", "travels/coast-2024/index.html"] {
            XCTAssertTrue(String(decoding: try file(page), as: UTF8.self).contains("Our Pictures"), page)
        }
    }

    func testADeletedPageIsWrittenAgain() throws {
        try FileManager.default.removeItem(at: site.appendingPathComponent("travels/bridge.html"))
        let counts = try build()
        XCTAssertEqual(counts.generated, 1, "only the missing page")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("travels/bridge.html").path))
    }

    func testAForcedBuildRemakesEveryImage() throws {
        let counts = try build(["--force"])
        XCTAssertEqual(counts.generated, imageCount, "images written again; pages are identical")
    }
}
