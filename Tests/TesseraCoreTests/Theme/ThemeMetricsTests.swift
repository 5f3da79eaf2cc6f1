import XCTest

@testable import TesseraCore

/// The built-in theme's geometry, as the Swift side knows it, and what is derived from it:
/// pinned to the numbers its pages carried while they were written out by hand, so moving
/// them into one value changed no page.
final class ThemeMetricsTests: XCTestCase {
    func testTheGridsContainerAtEachSizesStepIsTheViewportLessItsPadding() {
        let limits = ThemeMetrics.builtIn.sizesLimits
        XCTAssertEqual(limits.map(\.viewport), [430, 600, 1200])
        XCTAssertEqual(
            limits.map(\.container), [412, 576, 1152], "floor of the viewport less 2 × clamp(8px, 2vw, 24px)")
    }

    func testThePaddingIsTwoPercentOfTheViewportBetweenEightAndTwentyFourPixels() {
        let metrics = ThemeMetrics.builtIn
        XCTAssertEqual(metrics.containerWidth(atViewport: 320), 304)
        XCTAssertEqual(metrics.containerWidth(atViewport: 1000), 960)
        XCTAssertEqual(metrics.containerWidth(atViewport: 1366), 1318)
    }

    func testCoverAndViewerSizesReadTheThemesCardsAndChrome() {
        let metrics = ThemeMetrics.builtIn
        XCTAssertEqual(metrics.narrowCoverColumn, "calc(50vw - 13px)", "the smallest padding and half the column gap")
        XCTAssertEqual(metrics.viewerChromeCSS, "11rem")
        XCTAssertEqual(
            ImageSource.coverSizes(ratio: 1.5, metrics: metrics),
            "(max-width: 600px) min(calc(50vw - 13px), 165px), 255px")
    }

    /// A theme with other cards and padding gets `sizes` computed from its own numbers.
    func testAnotherThemesNumbersReachTheSizes() {
        var metrics = ThemeMetrics.builtIn
        metrics.pagePadding = .init(share: 0, minimum: 16, maximum: 16)
        metrics.cards.narrowCover = 100
        metrics.cards.narrowColumnGap = 8
        XCTAssertEqual(metrics.sizesLimits.map(\.container), [398, 568, 1168])
        XCTAssertEqual(
            ImageSource.coverSizes(ratio: 1.5, metrics: metrics),
            "(max-width: 600px) min(calc(50vw - 20px), 150px), 255px")
    }
}
