import XCTest
@testable import TesseraCore

final class MetricsReportTests: XCTestCase {
    func testPrintReport() {
        let ratios = LayoutFixtures.reactPhotoAlbumRatios
        for b in LayoutFixtures.benchmarks {
            for s in LayoutStrategy.allCases {
                let l = RowBreaker.layout(ratios: ratios, containerWidth: b.width, targetRowHeight: b.target, gap: b.gap, minTileWidth: 48, strategy: s)
                let m = LayoutMetrics(layout: l, ratios: ratios)
                print(String(format: "%5.0f/%3.0f %@ rows %d mean %.3f max %.3f (excl last %.3f %.3f) crop %.2g fill %.2g minW %.1f cost %.3f", b.width, b.target, s.rawValue, m.rows, m.meanDeviation, m.maxDeviation, m.meanDeviationExcludingLastRow, m.maxDeviationExcludingLastRow, m.crop, m.fillError, m.minTileWidth, RowBreaker.cost(of: l, ratios: ratios, minTileWidth: 64)))
                print("   ", l.rows.map { "\($0.tiles.count)\($0.justified ? "" : "L")@\(Int($0.height))" }.joined(separator: " "))
            }
        }
        let o = LayoutOptions()
        for w in [375.0, 1280] {
            let h = o.targetRowHeight(forContainerWidth: w)
            for s in LayoutStrategy.allCases {
                let l = RowBreaker.layout(ratios: ratios, containerWidth: w, targetRowHeight: h, gap: o.gap, minTileWidth: o.minTileWidth, strategy: s)
                let m = LayoutMetrics(layout: l, ratios: ratios)
                print(String(format: "%5.0f/%3.0f %@ rows %d mean %.3f max %.3f (excl last %.3f %.3f) minW %.1f", w, h, s.rawValue, m.rows, m.meanDeviation, m.maxDeviation, m.meanDeviationExcludingLastRow, m.maxDeviationExcludingLastRow, m.minTileWidth))
                print("   ", l.rows.map { "\($0.tiles.count)\($0.justified ? "" : "L")@\(Int($0.height))" }.joined(separator: " "))
            }
        }
    }
}
