import XCTest

@testable import TesseraLayout

final class ResponsiveGridTests: XCTestCase {
    /// The index `widestTile` reads holds, per breakpoint, the width of the tile the layout's
    /// rows place under that index: what a search of every row finds, for every tile.
    func testTileWidthsAreTheWidthsTheRowsPlaceEachTileAt() {
        for seed in 1...4 {
            let ratios = LayoutFixtures.randomRatios(count: 50 * seed, seed: UInt64(seed))
            let grid = ResponsiveGrid(ratios: ratios, options: LayoutOptions())
            XCTAssertEqual(grid.tileWidths.count, grid.layouts.count)
            for (widths, layout) in zip(grid.tileWidths, grid.layouts) {
                for index in ratios.indices {
                    let searched = layout.rows.lazy.flatMap(\.tiles).first { $0.index == index }?.width
                    XCTAssertEqual(widths[index], searched, "seed \(seed), tile \(index), at \(layout.containerWidth)")
                }
            }
        }
    }

    /// At the bottom, middle and top of every breakpoint interval (and below the first), the
    /// browser's own wrapping gives the computed rows, and every tile is its ratio × its row's
    /// height within 0.01 px; justified rows fill the width.
    func testBrowserFlexReproducesTheLayoutAcrossEveryInterval() {
        let albums =
            [LayoutFixtures.reactPhotoAlbumRatios]
            + (1...6).map { LayoutFixtures.randomRatios(count: 40 + 37 * Int($0), seed: $0) }
        for (albumIndex, ratios) in albums.enumerated() {
            for options in [LayoutOptions(), LayoutOptions(targetRowHeight: 300, gap: 0, minTileWidth: 64)] {
                let grid = ResponsiveGrid(ratios: ratios, options: options)
                let simulation = FlexSimulation(grid: grid)
                for (index, layout) in grid.layouts.enumerated() {
                    LayoutInvariants.check(layout, ratios: ratios)
                    let low = layout.containerWidth
                    let high = index + 1 < grid.breakpoints.count ? grid.breakpoints[index + 1] - 0.01 : low * 1.25
                    var widths = [low, (low + high) / 2, high]
                    if index == 0 { widths.append(low * 0.9) }
                    for width in widths {
                        assertSimulation(
                            simulation, matches: layout, ratios: ratios, gap: options.gap, at: width,
                            "album \(albumIndex) breakpoint \(Int(low)) width \(width)")
                    }
                }
            }
        }
    }

    func testTileStylesAreSafeInAnAttribute() {
        let ratios = LayoutFixtures.randomRatios(count: 200, seed: 3)
        let grid = ResponsiveGrid(ratios: ratios, options: LayoutOptions())
        for index in ratios.indices {
            let style = grid.tileStyle(index)
            XCTAssertFalse(style.contains { "\"<>&'".contains($0) }, style)
            XCTAssertTrue(style.hasPrefix("--a:"), style)
        }
        let css = ResponsiveGrid.stylesheet(options: LayoutOptions())
        XCTAssertTrue(css.contains(".gallery{container:tessera-gallery/inline-size}"))
        XCTAssertEqual(
            css.components(separatedBy: "@container tessera-gallery").count - 1,
            LayoutOptions.defaultBreakpoints.count - 1)
    }

    func testTwoThousandPhotosStayWellUnderBudget() {
        let ratios = LayoutFixtures.randomRatios(count: 2000, seed: 2000)
        let options = LayoutOptions()
        let grid = ResponsiveGrid(ratios: ratios, options: options)
        let styles = ratios.indices.reduce(0) { $0 + grid.tileStyle($1).utf8.count }
        let css = ResponsiveGrid.stylesheet(options: options).utf8.count
        print("2000 photos: tile styles \(styles) B, stylesheet \(css) B")
        XCTAssertLessThan(styles + css, 700_000)
    }

    func testDefaultBreakpointsClimbInFifteenPercentSteps() {
        let ladder = LayoutOptions.defaultBreakpoints
        XCTAssertEqual(ladder.first, 320)
        XCTAssertEqual(ladder.last, 2560)
        for (lower, upper) in zip(ladder, ladder.dropFirst()) {
            XCTAssertLessThanOrEqual(upper / lower, 1.16)
            XCTAssertGreaterThan(upper, lower)
        }
    }

    func testEmptyAlbum() {
        let grid = ResponsiveGrid(ratios: [], options: LayoutOptions())
        XCTAssertEqual(grid.layouts.count, LayoutOptions.defaultBreakpoints.count)
        XCTAssertTrue(grid.layouts.allSatisfy { $0.rows.isEmpty })
    }

    // MARK: - Support

    private func assertSimulation(
        _ simulation: FlexSimulation, matches layout: JustifiedLayout, ratios: [Double],
        gap: Double, at width: Double, _ label: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let lines = simulation.lines(at: width)
        XCTAssertEqual(lines.map(\.indices), layout.rows.map { $0.tiles.map(\.index) }, label, file: file, line: line)
        guard lines.count == layout.rows.count else { return }
        for (simulated, row) in zip(lines, layout.rows) {
            let sum = row.tiles.reduce(0.0) { $0 + ratios[$1.index] }
            let available = { (width: Double) in width - Double(row.tiles.count - 1) * gap }
            // Justified rows are (W − k·g) / Σa tall; a left-aligned row keeps its share of the
            // width left after the gaps and the 1 px slack.
            let height =
                row.justified
                ? available(width) / sum
                : row.height * (available(width) - 1) / (available(layout.containerWidth) - 1)
            for (tileWidth, index) in zip(simulated.widths, simulated.indices) {
                XCTAssertEqual(
                    tileWidth, ratios[index] * height, accuracy: 0.01, "\(label) tile \(index)",
                    file: file, line: line)
            }
            let filled = simulated.widths.reduce(0, +) + Double(simulated.widths.count - 1) * gap
            if row.justified {
                XCTAssertEqual(filled, width, accuracy: 0.01, label, file: file, line: line)
            } else {
                XCTAssertLessThanOrEqual(filled, width, label, file: file, line: line)
            }
        }
    }
}
