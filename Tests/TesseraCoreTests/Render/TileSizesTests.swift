import TesseraYAML
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
        let metrics = ThemeMetrics.builtIn
        let limits = metrics.sizesLimits.map(\.container)
        for index in ratios.indices {
            let widest = grid.widestTile(index, upTo: limits, widestContainer: metrics.widestContainer).widths
            var drawnMost = [Double](repeating: 0, count: limits.count + 1)
            for container in stride(from: 300.0, through: metrics.widestContainer, by: 13) {
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

    /// On every screen up to 4,000 px, ultrawide (3440) and 4K (3840) among them, in every
    /// built-in theme, no tile is drawn wider than its `sizes` says: portfolio's grid runs
    /// edge to edge with no widest width, and its tiles were drawn up to 31 % wider than
    /// their `sizes` on a 4K screen, which assumed the container stopped growing 15 % past
    /// the widest breakpoint. The default theme keeps its `sizes` in px (none grows with the
    /// screen), as short as before.
    func testNoTileIsDrawnWiderThanItsSizesOnAnyScreenInAnyBuiltInTheme() throws {
        for name in Theme.builtInNames {
            let metrics = try Theme.load(theme: name, folder: nil, documents: YAMLDocumentParser()).metrics
            let layout = try assertNoTileIsDrawnWiderThanItsSizes(metrics, name)
            if name == "default" {
                XCTAssertFalse(layout.tiles.contains { $0.sizes.contains("vw") }, "default: within 2600 px, in px")
            }
        }
    }

    /// A user's theme with another widest width, or none over the default's padding, is
    /// right too: its `sizes` follow its `content_max_width`.
    func testNoTileIsDrawnWiderThanItsSizesWithAnotherWidestWidthOrNone() throws {
        for widest in [1500, 3000, nil] as [Double?] {
            var metrics = ThemeMetrics.builtIn
            metrics.contentMaxWidth = widest
            let layout = try assertNoTileIsDrawnWiderThanItsSizes(metrics, "content_max_width \(widest ?? 0)")
            XCTAssertEqual(layout.tiles.contains { $0.sizes.contains("vw") }, widest == nil)
        }
    }

    /// Lays out an album of many shapes (panoramas and tall strips among them) with
    /// `metrics` and checks every tile's `sizes` on every screen from 320 to 4,000 px.
    private func assertNoTileIsDrawnWiderThanItsSizes(
        _ metrics: ThemeMetrics, _ name: String, line: UInt = #line
    ) throws -> AlbumLayout {
        let shapes = [1.333, 0.75, 1.5, 0.667, 1, 1.778, 0.5625, 2, 1.2, 10, 0.2]
        let ratios = (0..<90).map { shapes[($0 * 7 + $0 / 9) % shapes.count] }
        let options = LayoutOptions()
        let grid = ResponsiveGrid(ratios: ratios, options: options)
        let screens = Array(stride(from: 320.0, through: 4000, by: 10)) + [3440, 3840]
        let layout = AlbumLayout(.init(tileRatios: ratios, coverRatios: [], options: options, metrics: metrics))
        for (index, tile) in layout.tiles.enumerated() {
            for viewport in screens {
                let container = metrics.containerWidth(atViewport: viewport)
                let drawn = try XCTUnwrap(Self.drawnWidth(of: index, in: grid, container: container))
                let declared = try XCTUnwrap(Self.width(tile.sizes, atViewport: viewport), tile.sizes)
                if drawn > declared + 1 {
                    XCTFail(
                        "\(name): tile \(index) is drawn \(drawn) px wide at \(viewport) px, but its sizes "
                            + "'\(tile.sizes)' say \(declared) px", line: line)
                    break
                }
            }
        }
        return layout
    }

    func testSizesNamePhoneTabletAndWiderScreens() {
        XCTAssertEqual(
            AlbumLayout.sizes(WidestTile(widths: [120, 180.2, 320, 410.6]), limits: ThemeMetrics.builtIn.sizesLimits),
            "(max-width: 430px) 120px, (max-width: 600px) 181px, (max-width: 1200px) 320px, 411px")
    }

    /// A tile growing with the screen without end says so in `vw`, after its widest in px
    /// when that is more than its share of the last step's viewport (1200 px) says.
    func testATileGrowingWithTheScreenSaysSoInViewportWidths() {
        let limits = ThemeMetrics.builtIn.sizesLimits
        XCTAssertEqual(
            AlbumLayout.sizes(WidestTile(widths: [120, 180.2, 320, 610.6], share: 0.201234), limits: limits),
            "(max-width: 430px) 120px, (max-width: 600px) 181px, (max-width: 1200px) 320px, max(611px, 20.13vw)")
        XCTAssertEqual(
            AlbumLayout.sizes(WidestTile(widths: [120, 180.2, 320, 410.6], share: 0.5), limits: limits),
            "(max-width: 430px) 120px, (max-width: 600px) 181px, (max-width: 1200px) 320px, 50vw")
    }

    /// How wide the stylesheet draws tile `index` in a container `container` px wide: the
    /// layout of the widest breakpoint at most as wide holds (below the first, the first),
    /// and the tile takes its share of the width its row's gaps leave (`tileStyle`'s flex
    /// basis and growth; a left-aligned row keeps its 1 px of slack).
    static func drawnWidth(of index: Int, in grid: ResponsiveGrid, container: Double) -> Double? {
        let layout = grid.layouts[grid.breakpoints.lastIndex { $0 <= container } ?? 0]
        guard let row = layout.rows.first(where: { $0.tiles.contains { $0.index == index } }),
            let tile = row.tiles.first(where: { $0.index == index })
        else { return nil }
        let taken = Double(row.tiles.count - 1) * layout.gap + (row.justified ? 0 : 1)
        return tile.width / (layout.containerWidth - taken) * (container - taken)
    }

    /// The width (CSS px) `sizes` says at `viewport`, as a browser reads it: its first entry
    /// whose `(max-width: …px)` holds, a length in `px`, `vw` or the `max()` of such.
    static func width(_ sizes: String, atViewport viewport: Double) -> Double? {
        func length(_ text: Substring) -> Double? {
            let text = text.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("max("), text.hasSuffix(")") {
                let parts = text.dropFirst(4).dropLast().split(separator: ",").map(length)
                return parts.contains(nil) ? nil : parts.compactMap { $0 }.max()
            }
            if text.hasSuffix("px") { return Double(text.dropLast(2)) }
            if text.hasSuffix("vw") { return Double(text.dropLast(2)).map { $0 * viewport / 100 } }
            return nil
        }
        var depth = 0
        var entries: [Substring] = []
        var start = sizes.startIndex
        for index in sizes.indices {
            switch sizes[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "," where depth == 0:
                entries.append(sizes[start..<index])
                start = sizes.index(after: index)
            default: break
            }
        }
        entries.append(sizes[start...])
        for entry in entries {
            let entry = entry.drop { $0 == " " }
            guard entry.hasPrefix("(max-width: "), let close = entry.firstIndex(of: ")") else { return length(entry) }
            let limit = Double(entry[entry.index(entry.startIndex, offsetBy: 12)..<close].dropLast(2)) ?? 0
            if viewport <= limit { return length(entry[entry.index(after: close)...]) }
        }
        return nil
    }
}
