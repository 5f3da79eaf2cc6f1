import XCTest

@testable import TesseraLayout

final class LayoutMetricsTests: XCTestCase {
    func testMeasuresAHandMadeLayout() {
        // Two rows at W = 100, H = 50: a justified row 40 px tall (one square stretched to 60 × 40,
        // i.e. cropped 50 %) and a left-aligned last row at 50.
        let layout = JustifiedLayout(
            containerWidth: 100, targetRowHeight: 50, gap: 0, height: 90,
            rows: [
                .init(
                    top: 0, height: 40, justified: true,
                    tiles: [.init(index: 0, left: 0, width: 40), .init(index: 1, left: 40, width: 60)]),
                .init(top: 40, height: 50, justified: false, tiles: [.init(index: 2, left: 0, width: 50)]),
            ])
        let metrics = LayoutMetrics(layout: layout, ratios: [1, 1, 1])
        XCTAssertEqual(metrics.rows, 2)
        XCTAssertEqual(metrics.meanDeviation, 0.1, accuracy: 1e-12)
        XCTAssertEqual(metrics.maxDeviation, 0.2, accuracy: 1e-12)
        XCTAssertEqual(metrics.meanDeviationExcludingLastRow, 0.2, accuracy: 1e-12)
        XCTAssertEqual(metrics.maxDeviationExcludingLastRow, 0.2, accuracy: 1e-12)
        XCTAssertEqual(metrics.crop, 0.5, accuracy: 1e-12)
        XCTAssertEqual(metrics.fillError, 0, accuracy: 1e-12)
        XCTAssertEqual(metrics.minTileWidth, 40)
    }

    /// Prints ours against greedy and LAYOUT.md's competitors on the 21-photo set, and checks
    /// that the optimal layout never costs more than the greedy one there.
    func testTwentyOnePhotoReport() {
        let ratios = LayoutFixtures.reactPhotoAlbumRatios
        var report = "width/H  strategy  rows  mean   max   (without last: mean  max)  min tile\n"
        for benchmark in LayoutFixtures.benchmarks {
            var costs: [Double] = []
            for strategy in LayoutStrategy.allCases {
                let layout = RowBreaker.layout(
                    ratios: ratios, containerWidth: benchmark.width,
                    targetRowHeight: benchmark.target, gap: benchmark.gap,
                    minTileWidth: LayoutOptions().minTileWidth, strategy: strategy)
                costs.append(RowBreaker.cost(of: layout, ratios: ratios, minTileWidth: LayoutOptions().minTileWidth))
                let m = LayoutMetrics(layout: layout, ratios: ratios)
                report +=
                    "\(Int(benchmark.width))/\(Int(benchmark.target))  \(strategy.rawValue)  \(m.rows)  "
                    + [
                        m.meanDeviation, m.maxDeviation, m.meanDeviationExcludingLastRow,
                        m.maxDeviationExcludingLastRow, m.minTileWidth,
                    ].map { "\(($0 * 1000).rounded() / 1000)" }
                    .joined(separator: "  ") + "\n"
            }
            XCTAssertLessThanOrEqual(costs[0], costs[1] + 1e-12)
        }
        print(report)
    }
}
