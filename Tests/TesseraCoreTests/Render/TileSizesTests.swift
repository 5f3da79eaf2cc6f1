import XCTest

@testable import TesseraCore
@testable import TesseraLayout

/// A tile's `sizes` is never narrower than the tile is drawn (the browser would pick a
/// blurry file), and not much wider (it would pick a needlessly large one).
final class TileSizesTests: XCTestCase {
    func testEveryTileIsDrawnNoWiderThanItsSizesSayAtAnyContainerWidth() {
        var random = SystemRandomNumberGenerator()
        let ratios = (0..<40).map { _ in Double.random(in: 0.3...4, using: &random) }
        let grid = ResponsiveGrid(ratios: ratios, options: LayoutOptions())
        let limits = ThemeMetrics.builtIn.sizesLimits.map(\.container)
        for index in ratios.indices {
            let widest = grid.widestTile(index, upTo: limits)
            var drawnMost = [Double](repeating: 0, count: limits.count + 1)
            for container in stride(from: 300.0, through: 2900, by: 13) {
                let position = grid.breakpoints.lastIndex { $0 <= container } ?? 0
                let layout = grid.layouts[position]
                guard let tile = layout.rows.flatMap(\.tiles).first(where: { $0.index == index }) else { continue }
                let drawn = tile.width * container / grid.breakpoints[position]
                let slot = limits.firstIndex { container <= $0 } ?? limits.count
                drawnMost[slot] = max(drawnMost[slot], drawn)
                XCTAssertLessThanOrEqual(drawn, widest[slot] + 0.5, "tile \(index) at \(container) px")
            }
            for slot in drawnMost.indices where drawnMost[slot] > 0 {
                XCTAssertLessThanOrEqual(
                    widest[slot], drawnMost[slot] * 1.2 + 1, "tile \(index), slot \(slot): no waste")
            }
        }
    }

    func testSizesNamePhoneTabletAndWiderScreens() {
        XCTAssertEqual(
            AlbumLayout.sizes([120, 180.2, 320, 410.6], limits: ThemeMetrics.builtIn.sizesLimits),
            "(max-width: 430px) 120px, (max-width: 600px) 181px, (max-width: 1200px) 320px, 411px")
    }
}
