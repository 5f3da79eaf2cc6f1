import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// The built-in themes a site chooses with `theme:`: each a complete look laid over
/// `default`, its geometry reaching `sizes`, and a user's templates folder over any of them.
final class BuiltInThemesTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("photos/Harbour.jpg", FakeImaging.photo(width: 3000, height: 2000))
        try folder.write("photos/Tower.jpg", FakeImaging.photo(width: 2000, height: 3000))
    }

    private func theme(_ name: String, folder templates: URL? = nil) throws -> Theme {
        try Theme.load(theme: name, folder: templates, documents: YAMLDocumentParser())
    }

    /// The home page and stylesheet of the two photos built with `theme`.
    private func site(with theme: Theme) throws -> (home: String, css: String) {
        let site = folder.url.appendingPathComponent("site-\(theme.name)")
        let builder = SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: site,
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, generator: "test"), theme: theme,
            imaging: FakeImaging(), video: FakeVideo(), documents: YAMLDocumentParser(),
            markdown: CommonMarkRenderer())
        _ = try builder.build()
        return (
            try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8),
            try String(contentsOf: site.appendingPathComponent("tessera.css"), encoding: .utf8)
        )
    }

    func testThereAreThreeBuiltInThemesDefaultFirstEachDescribedInALine() throws {
        XCTAssertEqual(Theme.builtInNames, ["default", "journal", "portfolio"])
        let descriptions = try ThemeDescription.builtIn(documents: YAMLDocumentParser())
        XCTAssertEqual(descriptions.map(\.name), Theme.builtInNames)
        for description in descriptions {
            XCTAssertFalse(description.summary.isEmpty, description.name)
            XCTAssertFalse(description.summary.contains("\n"), "\(description.name)'s description is one line")
        }
        XCTAssertEqual(descriptions.map(\.extends), [nil, "default", "default"])
    }

    func testEveryBuiltInThemeLoadsWithoutAWarningAndLooksItsOwn() throws {
        var stylesheets: Set<String> = []
        var fingerprints: Set<String> = []
        for name in Theme.builtInNames {
            let theme = try theme(name)
            XCTAssertEqual(theme.name, name)
            XCTAssertEqual(theme.warnings, [], name)
            XCTAssertEqual(
                Set(Theme.templateSources(in: DefaultTemplates.textFiles[name] ?? [:]).keys).subtracting(
                    Theme.pageNames), [], name)
            stylesheets.insert(theme.stylesheet)
            fingerprints.insert(theme.fingerprint)
        }
        XCTAssertEqual(stylesheets.count, 3, "each theme has a stylesheet of its own")
        XCTAssertEqual(fingerprints.count, 3, "pages made in one theme are made again in another")
    }

    func testTheDefaultThemeByNameIsTheBuiltInDefault() throws {
        let named = try theme("default")
        let built = try Theme.defaults()
        XCTAssertEqual(named.fingerprint, built.fingerprint)
        XCTAssertEqual(named.metrics, built.metrics)
        XCTAssertEqual(named.assets, built.assets)
    }

    func testTheme_yamlIsNeitherPublishedNorCopiedByInit() throws {
        for name in Theme.builtInNames {
            let theme = try theme(name)
            XCTAssertFalse(theme.assets.keys.contains { $0.hasSuffix("theme.yaml") }, name)
        }
        XCTAssertFalse(Theme.builtInFiles.map(\.name).contains("theme.yaml"), "init --templates does not copy it")
    }

    func testPortfolioRunsEdgeToEdgeAndItsSizesFollow() throws {
        let portfolio = try theme("portfolio")
        XCTAssertEqual(portfolio.metrics.containerWidth(atViewport: 390), 386, "2 px each side, at any width")
        XCTAssertEqual(
            portfolio.metrics.sizesSteps, ThemeMetrics.builtIn.sizesSteps, "keys it leaves out are default's")
        let portfolioSite = try site(with: portfolio)
        let defaultSite = try site(with: try Theme.defaults())
        XCTAssertTrue(portfolioSite.css.contains("--tessera-page-padding: clamp(2px, 0vw, 2px);"), portfolioSite.css)
        XCTAssertNil(portfolio.metrics.contentMaxWidth, "edge to edge on any screen")
        XCTAssertTrue(portfolioSite.css.contains("--tessera-content-max-width: none;"), portfolioSite.css)
        XCTAssertTrue(defaultSite.css.contains("--tessera-content-max-width: 2600px;"), defaultSite.css)
        XCTAssertTrue(portfolioSite.css.contains("color-scheme: dark;"))
        // On a phone a tile is drawn wider without the padding, and `sizes` says so.
        func phoneTileWidth(_ page: String) -> Int? {
            guard let tile = page.range(of: "class=\"tile\""),
                let step = page[tile.upperBound...].range(of: "sizes=\"(max-width: 430px) ")
            else { return nil }
            return Int(page[step.upperBound...].prefix { $0.isNumber })
        }
        let wide = try XCTUnwrap(phoneTileWidth(portfolioSite.home), portfolioSite.home)
        let padded = try XCTUnwrap(phoneTileWidth(defaultSite.home), defaultSite.home)
        XCTAssertGreaterThan(wide, padded)
    }

    func testJournalHasALightAndADarkSchemeAndLargeLeadPhotos() throws {
        let journal = try theme("journal")
        XCTAssertTrue(journal.stylesheet.contains("@media (prefers-color-scheme: dark)"))
        XCTAssertGreaterThan(journal.metrics.cards.wideCover, ThemeMetrics.builtIn.cards.wideCover)
        let cover = Int((journal.metrics.cards.wideCover * 1.5).rounded(.up))
        XCTAssertTrue(ImageSource.coverSizes(ratio: 1.5, metrics: journal.metrics).hasSuffix(", \(cover)px"))
    }

    func testAUsersFolderGoesOverTheChosenThemeFileByFileAndKeyByKey() throws {
        try folder.write("templates/footer.mustache", Array("<footer class=\"page-footer\">Mine</footer>\n".utf8))
        try folder.write("templates/metrics.yaml", Array("cards:\n  wide_cover: 300\n".utf8))
        let layered = try theme("portfolio", folder: folder.url.appendingPathComponent("templates"))
        let portfolio = try theme("portfolio")
        XCTAssertEqual(layered.warnings, [])
        XCTAssertEqual(layered.stylesheet, portfolio.stylesheet, "the folder has no style.css: portfolio's")
        XCTAssertEqual(layered.metrics.cards.wideCover, 300, "the folder's key")
        XCTAssertEqual(layered.metrics.pagePadding.maximum, 2, "portfolio's key")
        XCTAssertEqual(layered.metrics.headerHeight, portfolio.metrics.headerHeight)
        XCTAssertEqual(layered.metrics.eager.window, ThemeMetrics.builtIn.eager.window, "default's key")
        let home = try site(with: layered).home
        XCTAssertTrue(home.contains("<footer class=\"page-footer\">Mine</footer>"), home)
    }

    func testAnUnknownThemeNamesTheNearestAndListsThemAll() throws {
        XCTAssertThrowsError(try theme("portfolo")) { error in
            XCTAssertEqual(
                error as? ThemeError,
                .unknownTheme("portfolo", nearest: "portfolio", known: ["default", "journal", "portfolio"]))
            XCTAssertEqual(
                "\(error)",
                "there is no built-in theme 'portfolo'; did you mean 'portfolio'? The themes are default, journal, "
                    + "portfolio ('tessera themes' describes them)")
        }
    }

    func testATheme_yamlWithAnUnknownKeyNamesItsLineAndTheNearestKey() throws {
        XCTAssertThrowsError(
            try ThemeDescription(
                name: "mine", text: "description: Mine\nextend: default\n", file: "theme.yaml",
                documents: YAMLDocumentParser())
        ) { error in
            XCTAssertEqual("\(error)", "theme.yaml:2: unknown key 'extend'; did you mean 'extends'?")
        }
    }
}
