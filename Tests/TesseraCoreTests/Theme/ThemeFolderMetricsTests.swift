import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A templates folder's `metrics.yaml`: the page geometry its own stylesheet draws with, so
/// the `sizes` a build writes are computed from the folder's numbers, not the built-in ones.
final class ThemeFolderMetricsTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var templates: URL { folder.url.appendingPathComponent("templates") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("photos/Ridge.jpg", FakeImaging.photo(width: 8000, height: 800))
        try folder.write("photos/Trip/Boat.jpg", FakeImaging.photo(width: 3000, height: 2000))
    }

    private func home(with theme: Theme) throws -> String {
        let builder = SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: folder.url.appendingPathComponent("site"),
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, generator: "test"), theme: theme,
            imaging: FakeImaging(), video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
        _ = try builder.build()
        return try String(contentsOf: folder.url.appendingPathComponent("site/index.html"), encoding: .utf8)
    }

    /// The issue's bug: a theme padding its pages 16 px on every screen got `sizes` for the
    /// built-in 8–24 px padding, so browsers fetched thumbnails for a wider grid.
    func testAThemeWithSixteenPixelPaddingGetsSizesComputedFromSixteenPixels() throws {
        try folder.write(
            "templates/metrics.yaml",
            Array("page_padding:\n  share: 0\n  minimum: 16\n  maximum: 16\n".utf8))
        let theme = try Theme.load(from: templates)
        XCTAssertEqual(theme.metrics.pagePadding, .init(share: 0, minimum: 16, maximum: 16))
        XCTAssertEqual(
            theme.metrics.cards, ThemeMetrics.builtIn.cards, "the keys the file leaves out are the built-in ones")
        let page = try home(with: theme)
        // The panorama fills the grid's container: the viewport less 2 × 16 px at each step.
        XCTAssertTrue(page.contains(#"sizes="(max-width: 430px) 398px, (max-width: 600px) 568px, "#), page)
        // A narrow card's column: half the viewport less the 16 px padding and half the 10 px gap.
        XCTAssertTrue(page.contains("min(calc(50vw - 21px), "), page)
        XCTAssertFalse(page.contains("412px") || page.contains("50vw - 13px"), "no size from the built-in padding")
    }

    func testWithoutAMetricsFileAFolderHasTheBuiltInMetrics() throws {
        try folder.write("templates/footer.mustache", Array("<footer>Mine</footer>\n".utf8))
        XCTAssertEqual(try Theme.load(from: templates).metrics, ThemeMetrics.builtIn)
    }

    func testAMisspeltKeyIsAnErrorNamingTheFileTheLineAndTheNearestKey() throws {
        try folder.write("templates/metrics.yaml", Array("cards:\n  narrow_width: 600\n  wide_covr: 150\n".utf8))
        XCTAssertThrowsError(try Theme.load(from: templates)) { error in
            XCTAssertEqual(
                (error as? ThemeError)?.description,
                "\(templates.path)/metrics.yaml:3: unknown key 'wide_covr' in 'cards'; did you mean 'wide_cover'?")
        }
    }

    func testAValueThatIsNotANumberIsAnErrorSayingWhatToWrite() throws {
        try folder.write("templates/metrics.yaml", Array("header_height: 120\nviewer_chrome: 11rem\n".utf8))
        XCTAssertThrowsError(try Theme.load(from: templates)) { error in
            XCTAssertEqual(
                (error as? ThemeError)?.description,
                "\(templates.path)/metrics.yaml:2: 'viewer_chrome' must be a number from 0 to 100000, not '11rem'")
        }
    }

    /// A theme is someone's text: `viewer_chrome: 1e308` (or a card's cover, the padding)
    /// stopped the build with SIGILL when the layout turned it into whole pixels. Each metric
    /// has a range, and a value outside it is an error at its line.
    func testANumberBeyondAnyScreenIsAnErrorNotACrash() throws {
        for (text, line, key, expected, found) in [
            ("viewer_chrome: 1e308\n", 1, "viewer_chrome", "a number from 0 to 100000", "1e+308"),
            ("cards:\n  wide_cover: 100001\n", 2, "cards.wide_cover", "a number from 0 to 100000", "100001"),
            ("page_padding:\n  share: 1.5\n", 2, "page_padding.share", "a number from 0 to 1", "1.5"),
            (
                "common_screens:\n  - {width: 1e308, height: 600}\n", 2, "common_screens.width",
                "a number from 1 to 100000", "1e+308"
            ),
        ] {
            try folder.write("templates/metrics.yaml", Array(text.utf8))
            XCTAssertThrowsError(try Theme.load(from: templates), text) { error in
                XCTAssertEqual(
                    (error as? ThemeError)?.description,
                    "\(templates.path)/metrics.yaml:\(line): '\(key)' must be \(expected), not \(found)", text)
            }
        }
        try folder.write("templates/metrics.yaml", Array("viewer_chrome: 100000\n".utf8))
        XCTAssertEqual(try Theme.load(from: templates).metrics.viewerChrome, 100_000)
    }

    /// `sizes_steps` empty gave every tile `sizes=", 414px"`, and descending a 390-px phone
    /// the widest step's image (the first media condition that holds wins): each step must
    /// be wider than the one before, and there must be one.
    func testSizesStepsMustBeAscendingWidths() throws {
        let expected = "a list of at least one width from 1 to 100000, each wider than the one before"
        for (text, line, found) in [
            ("sizes_steps: []\n", 1, "not an empty list"), ("sizes_steps: [1200, 600, 430]\n", 1, "600"),
            ("sizes_steps:\n  - 430\n  - 430\n", 3, "430"), ("sizes_steps: [0]\n", 1, "0"),
        ] {
            try folder.write("templates/metrics.yaml", Array(text.utf8))
            XCTAssertThrowsError(try Theme.load(from: templates), text) { error in
                let description = (error as? ThemeError)?.description ?? "\(error)"
                XCTAssertTrue(
                    description.hasPrefix("\(templates.path)/metrics.yaml:\(line): 'sizes_steps' must be \(expected)"),
                    description)
                XCTAssertTrue(description.contains(found), description)
            }
        }
        try folder.write("templates/metrics.yaml", Array("sizes_steps: [360, 800]\n".utf8))
        XCTAssertEqual(try Theme.load(from: templates).metrics.sizesSteps, [360, 800])
    }

    /// `content_max_width` is a width or `none` (the content as wide as the screen, as
    /// CSS's `max-width: none`), and the grid's widest container follows it.
    func testTheContentsWidestWidthIsAWidthOrNone() throws {
        let expected = "a width from 1 to 100000, or none"
        for (text, found) in [("content_max_width: wide\n", "'wide'"), ("content_max_width: 0\n", "0")] {
            try folder.write("templates/metrics.yaml", Array(text.utf8))
            XCTAssertThrowsError(try Theme.load(from: templates), text) { error in
                XCTAssertEqual(
                    (error as? ThemeError)?.description,
                    "\(templates.path)/metrics.yaml:1: 'content_max_width' must be \(expected), not \(found)")
            }
        }
        try folder.write("templates/metrics.yaml", Array("content_max_width: 1800\n".utf8))
        let capped = try Theme.load(from: templates).metrics
        XCTAssertEqual(capped.contentMaxWidth, 1800)
        XCTAssertEqual(capped.widestContainer, 1752, "1800 px less 24 px each side")
        XCTAssertEqual(capped.containerWidth(atViewport: 3840), 1752)
        try folder.write("templates/metrics.yaml", Array("content_max_width: none\n".utf8))
        let unbounded = try Theme.load(from: templates).metrics
        XCTAssertNil(unbounded.contentMaxWidth)
        XCTAssertEqual(unbounded.widestContainer, .infinity)
        XCTAssertEqual(unbounded.containerWidth(atViewport: 3840), 3792)
    }

    /// A screen of `common_screens` with a misspelt or missing side is told so, at the
    /// side's line: it was "must be a list of screens …, not a map", which it was.
    func testAScreenWithAMisspeltOrMissingSideNamesTheSide() throws {
        let list = "a list of at least one screen, each a map of width and height (numbers from 1 to 100000)"
        for (text, expected) in [
            // No screen at all left every image lazy and none fetched first, without a word.
            ("common_screens: []\n", "metrics.yaml:1: 'common_screens' must be \(list), not an empty list"),
            (
                "common_screens:\n  - width: 375\n    heigth: 667\n",
                "metrics.yaml:3: unknown key 'heigth' in 'common_screens'; did you mean 'height'?"
            ),
            (
                "common_screens:\n  - width: 375\n",
                "metrics.yaml:2: 'common_screens' must be \(list), not a map without height"
            ),
            ("common_screens:\n  - 375\n", "metrics.yaml:2: 'common_screens' must be \(list), not 375"),
            (
                "common_screens:\n  - width: 0\n    height: 667\n",
                "metrics.yaml:2: 'common_screens.width' must be a number from 1 to 100000, not 0"
            ),
        ] {
            try folder.write("templates/metrics.yaml", Array(text.utf8))
            XCTAssertThrowsError(try Theme.load(from: templates), text) { error in
                XCTAssertEqual((error as? ThemeError)?.description, "\(templates.path)/\(expected)", text)
            }
        }
    }

    /// The built-in file gives every metric, with today's numbers (the pins of
    /// `ThemeMetricsTests` are computed from it).
    func testTheBuiltInFileGivesEveryMetric() throws {
        let metrics = ThemeMetrics.builtIn
        XCTAssertEqual(metrics.pagePadding, .init(share: 0.02, minimum: 8, maximum: 24))
        XCTAssertEqual(metrics.commonScreens, [.init(width: 375, height: 667), .init(width: 1366, height: 657)])
        XCTAssertEqual(metrics.sizesSteps, [430, 600, 1200])
        XCTAssertEqual(metrics.contentMaxWidth, 2600)
        XCTAssertEqual(metrics.viewerChrome, 11)
        XCTAssertEqual(metrics.eager, .init(window: 700, cardRowHeight: 230, cards: 6))
    }
}
