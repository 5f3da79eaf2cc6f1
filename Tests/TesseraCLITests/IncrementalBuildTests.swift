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

    func testAForcedBuildRemakesEveryImage() throws {
        let counts = try build(["--force"])
        XCTAssertEqual(counts.generated, imageCount, "images written again; pages are identical")
    }
}
