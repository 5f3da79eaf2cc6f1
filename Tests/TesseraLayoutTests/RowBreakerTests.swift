import XCTest

@testable import TesseraLayout

final class RowBreakerTests: XCTestCase {
    // MARK: Fixtures

    /// flickr/justified-layout `test/fixtures/four-squares.json`: its defaults are a 1060 px
    /// container with 10 px padding (1040 px inside), 10 px spacing and 320 px rows. Three squares
    /// at 340 px, then one at the target; Flickr's boxes are ours shifted by the padding.
    func testFourSquaresMatchFlickr() {
        let ratios = [1.0, 1, 1, 1]
        let layout = RowBreaker.layout(
            ratios: ratios, containerWidth: 1040, targetRowHeight: 320, gap: 10,
            minTileWidth: 48)
        LayoutInvariants.check(layout, ratios: ratios)
        XCTAssertEqual(layout.rows.map { $0.tiles.count }, [3, 1])
        XCTAssertEqual(layout.rows[0].height, 340, accuracy: 1e-9)
        XCTAssertEqual(layout.rows[0].tiles.map(\.left), [0, 350, 700])
        XCTAssertEqual(layout.rows[1].top, 350, accuracy: 1e-9)
        XCTAssertEqual(layout.rows[1].height, 320, accuracy: 1e-9)
        XCTAssertFalse(layout.rows[1].justified)
        XCTAssertEqual(layout.height, 670, accuracy: 1e-9)  // Flickr: containerHeight 690 with 2 × 10 padding
    }

    /// flickr/justified-layout `test/fixtures/four-squares-400.json`: 380 px inside, one square a
    /// row at 380 px. Flickr stretches the last one to 380 too; ours stops at the target.
    func testFourSquaresAt400MatchFlickrButTheLastRow() {
        let ratios = [1.0, 1, 1, 1]
        let layout = RowBreaker.layout(
            ratios: ratios, containerWidth: 380, targetRowHeight: 320, gap: 10,
            minTileWidth: 48)
        LayoutInvariants.check(layout, ratios: ratios)
        XCTAssertEqual(layout.rows.map { $0.tiles.count }, [1, 1, 1, 1])
        XCTAssertEqual(layout.rows.dropLast().map(\.height), [380, 380, 380])
        XCTAssertEqual(layout.rows.map(\.top), [0, 390, 780, 1170])
        XCTAssertEqual(layout.rows[3].height, 320, accuracy: 1e-9)
    }

    /// LAYOUT.md's table: on react-photo-album's 21 photos we beat both Flickr and
    /// react-photo-album on mean and max |h/H − 1| at every width, with zero crop.
    func testBeatsCompetitorsOnTheTwentyOnePhotoSet() {
        let ratios = LayoutFixtures.reactPhotoAlbumRatios
        for benchmark in LayoutFixtures.benchmarks {
            let layout = RowBreaker.layout(
                ratios: ratios, containerWidth: benchmark.width,
                targetRowHeight: benchmark.target, gap: benchmark.gap, minTileWidth: 48)
            LayoutInvariants.check(layout, ratios: ratios)
            let metrics = LayoutMetrics(layout: layout, ratios: ratios)
            let label = "\(Int(benchmark.width))/\(Int(benchmark.target))"
            XCTAssertLessThan(metrics.meanDeviation, benchmark.reactPhotoAlbum.mean, label)
            XCTAssertLessThan(metrics.meanDeviation, benchmark.flickr.mean, label)
            XCTAssertLessThan(metrics.maxDeviation, benchmark.reactPhotoAlbum.max, label)
            XCTAssertLessThan(metrics.maxDeviation, benchmark.flickr.max, label)
            XCTAssertEqual(metrics.crop, 0, accuracy: 1e-9, label)
        }
    }

    /// The 6.75:1 panorama (photo 18) gets a row of its own at every benchmark width.
    func testTheTwentyOnePhotoPanoramaStandsAlone() {
        let ratios = LayoutFixtures.reactPhotoAlbumRatios
        for benchmark in LayoutFixtures.benchmarks {
            let layout = RowBreaker.layout(
                ratios: ratios, containerWidth: benchmark.width,
                targetRowHeight: benchmark.target, gap: benchmark.gap, minTileWidth: 48)
            let row = layout.rows.first { $0.tiles.contains { $0.index == 17 } }
            XCTAssertEqual(row?.tiles.count, 1)
        }
    }

    // MARK: Extreme photos

    func testPanoramaTakesARowOfItsOwnBelowTheBand() {
        let ratios = [1.5, 4.0 / 3, 10, 1.5, 2.0 / 3, 16.0 / 9, 1.5]
        let layout = RowBreaker.layout(
            ratios: ratios, containerWidth: 1280, targetRowHeight: 240, gap: 6,
            minTileWidth: 48)
        LayoutInvariants.check(layout, ratios: ratios)
        let row = layout.rows.first { $0.tiles.contains { $0.index == 2 } }!
        XCTAssertEqual(row.tiles.count, 1)
        XCTAssertTrue(row.justified)
        XCTAssertEqual(row.height, 128, accuracy: 1e-9)
        XCTAssertLessThan(row.height, RowCost.bandLow * 240)
    }

    func testTallStripIsNotASliverWhenATallerRowCanHoldIt() {
        let ratios = [1.5, 2.0 / 3, 0.2, 4.0 / 3, 1.5, 16.0 / 9, 3.0 / 4, 1.5, 1, 1.5]
        for width in [1024.0, 1280, 1600] {
            let layout = RowBreaker.layout(
                ratios: ratios, containerWidth: width, targetRowHeight: 240, gap: 6,
                minTileWidth: 64)
            LayoutInvariants.check(layout, ratios: ratios)
            let strip = layout.rows.flatMap(\.tiles).first { $0.index == 2 }!
            XCTAssertGreaterThanOrEqual(strip.width, 64 - 1e-9, "at \(width)")
        }
    }

    func testLonePhotoNeverBecomesAGiant() {
        for ratio in LayoutFixtures.realWorldRatios {
            for width in [320.0, 375, 1280, 2560] {
                let target = LayoutOptions().targetRowHeight(forContainerWidth: width)
                let layout = RowBreaker.layout(
                    ratios: [ratio], containerWidth: width, targetRowHeight: target,
                    gap: 6, minTileWidth: 48)
                LayoutInvariants.check(layout, ratios: [ratio])
                XCTAssertLessThanOrEqual(layout.rows[0].height, target + 1e-9, "ratio \(ratio) at \(width)")
            }
        }
    }

    func testPortraitBetweenPanoramasJoinsOneRatherThanStandingAlone() {
        let ratios = [10, 2.0 / 3, 10, 1.5]
        let layout = RowBreaker.layout(
            ratios: ratios, containerWidth: 1280, targetRowHeight: 240, gap: 6,
            minTileWidth: 48)
        LayoutInvariants.check(layout, ratios: ratios)
        for row in layout.rows {
            XCTAssertLessThanOrEqual(row.height, RowCost.bandHigh * 240)
        }
    }

    /// A photo far taller than wide (a 1 × 30,000 px strip, a 1:300 banner) stood alone in a
    /// row the page's width: 36 million px tall at 1,217 px (365,000 for the banner), so the
    /// rest of the album was never reached. It joins a row as a thin tile instead, and no
    /// row grows past a dozen target heights to widen it; a long screenshot (1:7.4) keeps the
    /// place it had, and so does every row of ordinary photos.
    func testAVeryTallPhotoJoinsARowInsteadOfStandingAloneThePagesWidth() {
        for strip in [1.0 / 30_000, 1.0 / 300] {
            let ratios = [1.5, 0.75, strip, 1.5, 1.0, 1.333]
            for width in [375.0, 1217, 1857] {
                let layout = RowBreaker.layout(
                    ratios: ratios, containerWidth: width, targetRowHeight: 240, gap: 6, minTileWidth: 48)
                LayoutInvariants.check(layout, ratios: ratios)
                let row = layout.rows.first { $0.tiles.contains { $0.index == 2 } }!
                XCTAssertGreaterThan(row.tiles.count, 1, "ratio \(strip) at \(width): not alone")
                XCTAssertLessThan(layout.rows.map(\.height).max()!, 12 * 240, "ratio \(strip) at \(width)")
            }
        }
        let screenshot = [1.5, 0.75, 1080.0 / 8000, 1.5, 1.0, 1.333]
        let layout = RowBreaker.layout(
            ratios: screenshot, containerWidth: 1217, targetRowHeight: 240, gap: 6, minTileWidth: 48)
        XCTAssertEqual(layout.rows.map(\.tiles.count), [3, 3], "the screenshot shares a row, as before")
    }

    func testEmptyAndInvalidInputs() {
        let empty = RowBreaker.layout(ratios: [], containerWidth: 800, targetRowHeight: 200, gap: 6, minTileWidth: 48)
        XCTAssertEqual(empty.rows, [])
        XCTAssertEqual(empty.height, 0)
        let odd = RowBreaker.layout(
            ratios: [0, .nan, -2, .infinity, 1.5], containerWidth: 800, targetRowHeight: 200,
            gap: 6, minTileWidth: 48)
        LayoutInvariants.check(odd, ratios: [1, 1, 1, 1, 1.5])
    }

    // MARK: Random albums

    func testRandomAlbumsKeepTheInvariantsAndOptimalNeverCostsMoreThanGreedy() {
        let options = LayoutOptions()
        var generator = SeededGenerator(seed: 2024)
        for seed in 1...60 as ClosedRange<UInt64> {
            let count = Int.random(in: 1...160, using: &generator)
            let ratios = LayoutFixtures.randomRatios(count: count, seed: seed)
            for width in [320.0, 375, 500, 800, 1024, 1280, 1920, 2560] {
                let target = options.targetRowHeight(forContainerWidth: width)
                var costs: [LayoutStrategy: Double] = [:]
                for strategy in LayoutStrategy.allCases {
                    let layout = RowBreaker.layout(
                        ratios: ratios, containerWidth: width, targetRowHeight: target,
                        gap: options.gap, minTileWidth: options.minTileWidth,
                        strategy: strategy)
                    LayoutInvariants.check(layout, ratios: ratios)
                    costs[strategy] = RowBreaker.cost(of: layout, ratios: ratios, minTileWidth: options.minTileWidth)
                }
                XCTAssertLessThanOrEqual(costs[.optimal]!, costs[.greedy]! + 1e-9, "seed \(seed) width \(width)")
            }
        }
    }

    func testLayoutIsDeterministic() {
        let ratios = LayoutFixtures.randomRatios(count: 300, seed: 7)
        let first = RowBreaker.layout(
            ratios: ratios, containerWidth: 1111, targetRowHeight: 240, gap: 6, minTileWidth: 48)
        let second = RowBreaker.layout(
            ratios: ratios, containerWidth: 1111, targetRowHeight: 240, gap: 6, minTileWidth: 48)
        XCTAssertEqual(first, second)
    }

    func testJSONShapeIsTheContract() throws {
        let layout = RowBreaker.layout(
            ratios: [1, 1], containerWidth: 100, targetRowHeight: 50, gap: 0, minTileWidth: 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(layout), as: UTF8.self)
        XCTAssertEqual(
            json,
            #"{"containerWidth":100,"gap":0,"height":50,"rows":[{"height":50,"justified":true,"tiles":[{"index":0,"left":0,"width":50},{"index":1,"left":50,"width":50}],"top":0}],"targetRowHeight":50}"#
        )
        XCTAssertEqual(try JSONDecoder().decode(JustifiedLayout.self, from: Data(json.utf8)), layout)
    }
}
