import Foundation
import XCTest

@testable import TesseraCore
import TesseraTestSupport

/// A rebuild redoes exactly what changed: an edited photo, a changed setting, a changed
/// template, and nothing for a photo that was only touched. In process, with fake photos.
final class IncrementalRebuildTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var imaging: FakeImaging!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }
    private var imageCount = 0
    /// Home, Travels and Travels/Coast: three album pages, eight photo pages.
    private let pageCount = 3 + 8

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        imaging = FakeImaging()
        for (path, width, height) in [
            ("Harbour.jpg", 3000, 2000), ("Market.jpg", 2000, 2000), ("Travels/Bridge.jpg", 3000, 2000),
            ("Travels/Square.jpg", 2000, 2000), ("Travels/Tower.jpg", 2000, 3000),
            ("Travels/Coast/Cliff.jpg", 1000, 3000), ("Travels/Coast/Dunes.jpg", 3000, 2000),
            ("Travels/Coast/Pier.jpg", 3000, 2000),
        ] {
            try folder.write("photos/" + path, FakeImaging.photo(width: width, height: height))
        }
        let first = try build()
        imageCount = FileManager.default.subpaths(atPath: output.path)!.filter { $0.hasSuffix(".jpg") }.count
        XCTAssertEqual(first.generated, imageCount + pageCount + 2, "every image, page, the stylesheet and .nojekyll written once")
    }

    private func build(
        _ settings: BuildSettings = BuildSettings(jobs: 2, generator: "test"), layout: LayoutOptions = LayoutOptions(),
        templates: TemplateSet? = nil
    ) throws -> BuildReport {
        try SiteBuilder(
            input: input, output: output, settings: settings, layout: layout,
            templates: try templates ?? TemplateSet.defaults(), imaging: imaging
        ).build()
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    func testATouchedPhotoIsNotReadOrMadeAgain() throws {
        let photo = input.appendingPathComponent("Market.jpg")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: photo.path)
        let decodes = imaging.decoded.count
        XCTAssertEqual(try build().generated, 0, "same bytes, new time: nothing to do")
        XCTAssertEqual(imaging.decoded.count, decodes)
    }

    func testAnEditedPhotoIsMadeAgainAndNothingElse() throws {
        try folder.write("photos/Market.jpg", FakeImaging.photo(width: 2000, height: 2000, note: "retouched"))
        let report = try build()
        XCTAssertEqual(report.generated, 3, "the edited photo's three images; its pages are unchanged")
        XCTAssertEqual(imaging.decoded.filter { $0 == "Market.jpg" }.count, 2)
        XCTAssertEqual(report.removed, 0)
    }

    func testAChangedQualityRemakesEveryImageAndARowHeightOnlyTheAlbumPages() throws {
        var settings = BuildSettings(jobs: 2, generator: "test")
        settings.quality = 60
        XCTAssertEqual(try build(settings).generated, imageCount)
        var layout = LayoutOptions()
        layout.targetRowHeight = 180
        XCTAssertEqual(try build(settings, layout: layout).generated, 3, "the three album pages; no image, no photo page")
    }

    func testAChangedTemplateRewritesPagesButNoImage() throws {
        var sources = DefaultTemplates.sources
        sources["footer"] = "<footer class=\"page-footer\">My own footer</footer>\n"
        let templates = try TemplateSet(sources: sources, stylesheet: DefaultTemplates.stylesheet)
        XCTAssertEqual(try build(templates: templates).generated, pageCount, "every page has the footer; no image")
        XCTAssertTrue(try page("index.html").contains("My own footer"))
    }

    func testAPhotoAddedDeepDownUpdatesTheCountsOnEveryAlbumAbove() throws {
        XCTAssertTrue(try page("index.html").contains("6 photos"), "Travels holds 6 photos, 3 of them in Coast")
        try folder.write("photos/Travels/Coast/Shell.jpg", FakeImaging.photo(width: 2000, height: 2000))
        let report = try build()
        XCTAssertEqual(
            report.generated, 3 + 1 + 3 + 3,
            "3 images, its page, the 3 other Coast photo pages (\"1 / 4\"), and the Coast, Travels and home pages")
        let home = try page("index.html")
        XCTAssertTrue(home.contains("7 photos"), "the home page's Travels card counts the new photo")
        XCTAssertTrue(home.contains("9 photos"), "and so does the home page's own total")
    }

    func testANewTitleReachesEveryPage() throws {
        var settings = BuildSettings(jobs: 2, generator: "test")
        settings.title = "Our Pictures"
        XCTAssertEqual(try build(settings).generated, pageCount)
        for path in ["index.html", "harbour.html", "travels/index.html", "travels/coast/index.html"] {
            XCTAssertTrue(try page(path).contains("Our Pictures"), path)
        }
    }

    func testANewProgramRendersEveryPageAgainButRewritesNone() throws {
        let report = try build(BuildSettings(jobs: 2, generator: "test 2"))
        XCTAssertEqual(report.generated, 0, "the same program output: nothing written")
        XCTAssertEqual(report.reused, imageCount + pageCount + 2)
    }

    func testADeletedPageIsWrittenAgain() throws {
        try FileManager.default.removeItem(at: output.appendingPathComponent("travels/bridge.html"))
        XCTAssertEqual(try build().generated, 1, "only the missing page")
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("travels/bridge.html").path))
    }

    func testADeletedImageIsMadeAgainFromOneDecode() throws {
        try FileManager.default.removeItem(at: output.appendingPathComponent("travels/_media/tower.thumb.jpg"))
        let decodes = imaging.decoded.count
        XCTAssertEqual(try build().generated, 1, "only the missing image")
        XCTAssertEqual(imaging.decoded.count, decodes + 1)
    }
}
