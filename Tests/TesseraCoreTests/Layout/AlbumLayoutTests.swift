import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraLayout

/// The layout stage: the images a visitor sees without scrolling load first, the rest wait
/// until scrolled to; and the places an album could be cut into pages keep its rows.
final class AlbumLayoutTests: XCTestCase {
    /// Photos of 3:2 and 1:1, and `cards` sub-albums with 3:2 covers.
    private func input(photos: Int, cards: Int) -> AlbumLayout.Input {
        AlbumLayout.Input(
            tileRatios: (0..<photos).map { $0 % 3 == 0 ? 1 : 1.5 }, coverRatios: Array(repeating: 1.5, count: cards),
            options: LayoutOptions(), metrics: ThemeMetrics.builtIn)
    }

    func testTheFirstRowsLoadEagerlyTheFirstImageFirstAndTheRestLazily() {
        let tiles = AlbumLayout(input(photos: 60, cards: 0)).tiles
        let eager = tiles.filter { $0.loading == "eager" }
        XCTAssertGreaterThanOrEqual(eager.count, 4, "a laptop's first rows")
        XCTAssertLessThan(eager.count, 30, "not the whole album")
        XCTAssertTrue(tiles.prefix(eager.count).allSatisfy { $0.loading == "eager" }, "eager ones come first")
        XCTAssertEqual(tiles.last?.loading, "lazy")
        let first = tiles.indices.filter { tiles[$0].fetchPriority == "high" }
        XCTAssertTrue((1...2).contains(first.count), "a phone's and a laptop's largest tile: \(first)")
        XCTAssertTrue(first.allSatisfy { tiles[$0].loading == "eager" })
        XCTAssertTrue(tiles.allSatisfy { $0.style.hasPrefix("--a:") && $0.sizes.hasPrefix("(max-width: 430px) ") })
    }

    func testThePanoramaOnTheFirstScreenIsFetchedFirstNotTheSmallFirstTile() {
        var input = input(photos: 40, cards: 0)
        input.tileRatios[0] = 1.0 / 3  // a narrow portrait opens the album
        input.tileRatios[3] = 4  // a panorama fills a row of its own a little lower
        let tiles = AlbumLayout(input).tiles
        XCTAssertEqual(tiles[3].fetchPriority, "high")
        XCTAssertNil(tiles[0].fetchPriority)
    }

    func testAPageOpeningWithCardsLoadsTheFirstCardsFirst() {
        let layout = AlbumLayout(input(photos: 60, cards: 8))
        XCTAssertEqual(layout.cards[0], AlbumLayout.Card(loading: "eager", fetchPriority: "high"))
        XCTAssertEqual(layout.cards[5].loading, "eager")
        XCTAssertEqual(layout.cards[6].loading, "lazy", "the seventh card waits")
        let prioritised =
            layout.cards.filter { $0.fetchPriority != nil }.count
            + layout.tiles.filter { $0.fetchPriority != nil }.count
        XCTAssertEqual(prioritised, 1)
    }

    /// A visitor arriving on a further page from the pager sees its first rows at once:
    /// they load eagerly and its largest image first, as the first page's do.
    func testEveryPageOfAPagedAlbumLoadsItsOwnFirstScreenFirst() {
        var input = input(photos: 300, cards: 3)
        input.pageSize = 60
        let layout = AlbumLayout(input)
        let pages = AlbumPagination(count: 300, cuts: layout.cuts, pageSize: 60).pages
        XCTAssertGreaterThan(pages.count, 3)
        let wholeFirstPage = AlbumLayout(self.input(photos: 300, cards: 3))
        for (number, page) in pages.enumerated() {
            let tiles = Array(layout.tiles[page])
            let eager = tiles.prefix { $0.loading == "eager" }.count
            XCTAssertGreaterThanOrEqual(eager, 4, "page \(number + 1)'s first rows")
            XCTAssertLessThan(eager, 30, "page \(number + 1): not the whole page")
            XCTAssertEqual(tiles.filter { $0.loading == "eager" }.count, eager, "eager ones come first")
            let first = tiles.filter { $0.fetchPriority == "high" }.count
            if number == 0 {
                XCTAssertEqual(layout.cards.filter { $0.fetchPriority == "high" }.count + first, 1)
            } else {
                XCTAssertTrue((1...2).contains(first), "page \(number + 1): a phone's and a laptop's largest tile")
            }
        }
        XCTAssertEqual(
            layout.tiles[pages[0]].map(\.loading), wholeFirstPage.tiles[pages[0]].map(\.loading),
            "the first page's own first screen is as it was")
    }

    /// A cut is a tile that starts a row at every breakpoint, and every such tile is a cut.
    func testEveryCutStartsARowAtEveryBreakpoint() {
        for seed in 1...5 {
            var random = SeededGenerator(seed: UInt64(seed))
            var input = input(photos: 120, cards: 0)
            input.tileRatios = input.tileRatios.map { _ in Double.random(in: 0.5...2.5, using: &random) }
            let cuts = AlbumLayout(input).cuts
            let grid = ResponsiveGrid(ratios: input.tileRatios, options: input.options)
            let starts = grid.layouts.map { Set($0.rows.compactMap { $0.tiles.first?.index }) }
            XCTAssertFalse(cuts.contains(0))
            XCTAssertEqual(cuts, cuts.sorted())
            for index in 1..<input.tileRatios.count {
                XCTAssertEqual(
                    cuts.contains(index), starts.allSatisfy { $0.contains(index) }, "seed \(seed), tile \(index)")
            }
        }
    }

    /// With one breakpoint every row start is a cut; each breakpoint added can only take cuts away.
    func testMoreBreakpointsLeaveFewerCuts() {
        var random = SeededGenerator(seed: 7)
        let ratios = (0..<150).map { _ in Double.random(in: 0.5...2.5, using: &random) }
        func cuts(_ breakpoints: [Double]) -> [Int] {
            AlbumLayout(
                .init(
                    tileRatios: ratios, coverRatios: [], options: LayoutOptions(breakpoints: breakpoints),
                    metrics: ThemeMetrics.builtIn)
            ).cuts
        }
        let one = cuts([1000])
        let rows = ResponsiveGrid(ratios: ratios, options: LayoutOptions(breakpoints: [1000])).layouts[0].rows
        XCTAssertEqual(one, rows.dropFirst().compactMap { $0.tiles.first?.index })
        let two = cuts([600, 1000])
        XCTAssertTrue(Set(two).isSubset(of: Set(one)))
        XCTAssertTrue(Set(cuts([400, 600, 1000])).isSubset(of: Set(two)))
    }

    func testAnAlbumOfOneRowOrNoPhotosHasNoCut() {
        XCTAssertEqual(AlbumLayout(input(photos: 2, cards: 0)).cuts, [])
        XCTAssertEqual(AlbumLayout(input(photos: 0, cards: 3)).cuts, [])
        XCTAssertEqual(AlbumLayout(input(photos: 0, cards: 3)).cards.count, 3)
    }
}
