import Foundation
import TesseraLayout
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// The theme's metrics reach its stylesheet as custom properties, so `style.css` writes no
/// page-geometry number of its own and a theme's `metrics.yaml` moves the drawing and the
/// `sizes` estimate together.
final class ThemeStylesheetTests: XCTestCase {
    /// Each way the built-in `style.css` wrote a metric by hand before the metrics reached it.
    private func handWritten(_ metrics: ThemeMetrics) -> [String] {
        func px(_ value: Double) -> String { CSSNumber.format(value, decimals: 3) + "px" }
        let properties = Dictionary(uniqueKeysWithValues: metrics.customProperties.map { ($0.name, $0.value) })
        let cards = metrics.cards
        return [
            properties["tessera-page-padding"] ?? "?", metrics.viewerChromeCSS, px(cards.narrowWidth),
            px(cards.narrowCover), px(cards.wideCover), "\(px(cards.narrowRowGap)) \(px(cards.narrowColumnGap))",
            "gap: \(px(cards.wideGap))", "\(px(cards.marginTop)) 0 \(px(cards.marginBottom))",
            // Written beside the padding until `sizes` needed it too (tiles on a 4K screen).
            "max-width: " + (metrics.contentMaxWidth.map(px) ?? "none"),
        ]
    }

    /// Whether `literal` stands in `css` as a value of its own (`600px`, not `2600px`).
    private func writes(_ css: String, _ literal: String) -> Bool {
        let pattern = "(?<![0-9.])" + NSRegularExpression.escapedPattern(for: literal)
        return css.range(of: pattern, options: .regularExpression) != nil
    }

    func testTheBuiltInStyleSheetWritesNoneOfTheMetricsNumbers() throws {
        let theme = try Theme.defaults()
        let css = theme.baseStylesheet + theme.stylesheet
        for literal in handWritten(theme.metrics) {
            XCTAssertFalse(writes(css, literal), "style.css writes \(literal) itself")
        }
        for name in [
            "page-padding", "content-max-width", "viewer-chrome", "cards-wide-cover", "cards-narrow-cover",
            "cards-narrow-width",
        ] {
            XCTAssertTrue(css.contains("var(--tessera-\(name))"), name)
        }
    }

    func testThePublishedStylesheetDeclaresTheMetricsAndSubstitutesThemInMediaConditions() throws {
        let css = PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions()).stylesheet()
        XCTAssertTrue(css.hasPrefix("/* The theme's page geometry, from its metrics.yaml. */\n:root {\n"), css)
        XCTAssertTrue(css.contains("  --tessera-page-padding: clamp(8px, 2vw, 24px);\n"))
        XCTAssertTrue(css.contains("  --tessera-viewer-chrome: 11rem;\n"))
        XCTAssertTrue(css.contains("  --tessera-content-max-width: 2600px;\n"), css)
        XCTAssertTrue(css.contains("@media (max-width: 600px) {"), "a custom property does not work in a condition")
        XCTAssertFalse(css.contains("@media (max-width: var("))
    }

    /// A theme padding its pages 16 px with cards two to a row up to 500 px draws with those
    /// numbers: the stylesheet and the `sizes` come from the same file.
    func testAFoldersMetricsReachItsStylesheet() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "templates/metrics.yaml",
            Array("page_padding: {share: 0, minimum: 16, maximum: 16}\ncards:\n  narrow_width: 500\n".utf8))
        let theme = try Theme.load(from: folder.url.appendingPathComponent("templates"))
        let css = PageRenderer(theme: theme, layout: LayoutOptions()).stylesheet()
        XCTAssertTrue(css.contains("  --tessera-page-padding: clamp(16px, 0vw, 16px);\n"), css)
        XCTAssertTrue(css.contains("@media (max-width: 500px) {"), css)
        XCTAssertFalse(writes(css, "600px"), "no number of the built-in metrics")
    }

    /// The rules every theme needs are written once, in the default theme's `base.css`, and
    /// every built-in theme publishes them before its own look, so its rules win over them.
    func testEveryBuiltInThemePublishesTheBaseRulesOnceBeforeItsOwn() throws {
        let base = try Theme.defaults().baseStylesheet
        XCTAssertTrue(base.contains("details.description"), "the description's folding")
        XCTAssertTrue(base.contains("html { -webkit-text-size-adjust: 100%; scrollbar-gutter: stable; }"), base)
        for name in Theme.builtInNames {
            let theme = try Theme.load(theme: name, folder: nil, documents: YAMLDocumentParser())
            XCTAssertEqual(theme.baseStylesheet, base, "\(name) keeps the default theme's base.css")
            XCTAssertFalse(theme.stylesheet.contains("details.description"), "\(name)'s style.css repeats the base")
            XCTAssertFalse(theme.stylesheet.contains("scrollbar-gutter"), "\(name)'s style.css repeats the base")
            let css = PageRenderer(theme: theme, layout: LayoutOptions()).stylesheet()
            let folding = try XCTUnwrap(css.range(of: "details.description[open]"), name)
            let look = try XCTUnwrap(css.range(of: "body {"), name)
            XCTAssertLessThan(folding.lowerBound, look.lowerBound, "\(name): base.css before style.css")
            XCTAssertEqual(css.components(separatedBy: "details.description[open]").count, 2, "\(name): once")
            XCTAssertTrue(
                css.contains("@media (max-width: 600px) {\n    details.description"), "base.css's conditions too")
        }
    }

    /// A folder's `base.css` replaces the built-in one, as any file does.
    func testAFoldersBaseStylesheetReplacesTheBuiltInOne() throws {
        let folder = try TemporaryFolder()
        try folder.write("templates/base.css", Array("html { overflow-y: scroll; }\n".utf8))
        let theme = try Theme.load(from: folder.url.appendingPathComponent("templates"))
        let css = PageRenderer(theme: theme, layout: LayoutOptions()).stylesheet()
        XCTAssertTrue(css.contains("html { overflow-y: scroll; }"), css)
        XCTAssertFalse(css.contains("details.description"), css)
        XCTAssertNotEqual(theme.fingerprint, try Theme.defaults().fingerprint, "pages are made again")
    }

    func testOnlyTessera_VariablesInMediaConditionsAreSubstituted() throws {
        let metrics = ThemeMetrics.builtIn
        XCTAssertEqual(
            metrics.substitutingMediaConditions(
                in: "a{width:var(--tessera-cards-narrow-width)}\n"
                    + "@media (min-width: var(--tessera-cards-narrow-width)) and (max-width: var(--mine)) {b{}}\n"
                    + "@media print{c{}}"),
            "a{width:var(--tessera-cards-narrow-width)}\n"
                + "@media (min-width: 600px) and (max-width: var(--mine)) {b{}}\n@media print{c{}}",
            "declarations keep their var(); a name the metrics do not have stays as written")
    }

    /// CSS reads `@MEDIA` and `VAR(` as `@media` and `var(`: written so, the reference was
    /// left in the condition, where no browser reads it.
    func testAnAtRuleOrAReferenceInCapitalsIsSubstituted() throws {
        XCTAssertEqual(
            ThemeMetrics.builtIn.substitutingMediaConditions(
                in: "@MEDIA (max-width: var(--tessera-cards-narrow-width)) {a{}}\n"
                    + "@Media (max-width: VAR(--tessera-cards-narrow-width)) {b{}}\n"),
            "@MEDIA (max-width: 600px) {a{}}\n@Media (max-width: 600px) {b{}}\n")
    }

    /// `var( --tessera-… )` spaced as CSS allows, or with a fallback, was left in the
    /// condition, where no browser reads it (the rule never applied, nothing said so); an
    /// `@media` in a string or a comment was rewritten as if it were one.
    func testAReferenceSpacedOrWithAFallbackIsSubstitutedAndStringsAndCommentsAreNot() throws {
        let metrics = ThemeMetrics.builtIn
        XCTAssertEqual(
            metrics.substitutingMediaConditions(
                in: "@media (max-width: var( --tessera-cards-narrow-width )) {a{}}\n"
                    + "@media (max-width: var(--tessera-cards-narrow-width, calc(1px + 2px))) {b{}}\n"
                    + "p::after { content: \"@media (max-width: var(--tessera-cards-narrow-width))\" }\n"
                    + "/* @media (max-width: var(--tessera-cards-narrow-width)) */\n"
                    + "@media (max-width: var(--tessera-cards-narrow-width)) and (min-width: var(--tessera-"),
            "@media (max-width: 600px) {a{}}\n@media (max-width: 600px) {b{}}\n"
                + "p::after { content: \"@media (max-width: var(--tessera-cards-narrow-width))\" }\n"
                + "/* @media (max-width: var(--tessera-cards-narrow-width)) */\n"
                + "@media (max-width: 600px) and (min-width: var(--tessera-")
    }
}
