import Foundation
import XCTest

/// `tessera layout`: the engine's JSON contract, read through the real binary.
final class LayoutCommandTests: XCTestCase {
    private func layout(_ input: String, _ arguments: [String]) throws -> [String: Any] {
        let result = try Tessera.run(["layout"] + arguments, stdin: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
    }

    func testRatiosAndSizesGiveTheSameRowsAndJustifiedRowsFillTheWidth() throws {
        let ratios = [1.5, 0.6667, 1.3333, 1.7778, 1, 4, 0.5625, 1.5, 1.5, 0.75, 2.5]
        let sizes = ratios.map { #"{"width": \#($0 * 1000), "height": 1000}"# }
        let a = try layout(
            "[" + ratios.map { "\($0)" }.joined(separator: ",") + "]", ["--width", "1000", "--gap", "8"])
        let b = try layout("[" + sizes.joined(separator: ",") + "]", ["--width=1000", "--gap=8"])
        XCTAssertEqual(a as NSDictionary, b as NSDictionary)

        XCTAssertEqual(a["containerWidth"] as? Double, 1000)
        XCTAssertEqual(a["gap"] as? Double, 8)
        let rows = try XCTUnwrap(a["rows"] as? [[String: Any]])
        var seen: [Int] = []
        for (n, row) in rows.enumerated() {
            let height = try XCTUnwrap(row["height"] as? Double)
            let tiles = try XCTUnwrap(row["tiles"] as? [[String: Any]])
            for tile in tiles {
                let index = try XCTUnwrap(tile["index"] as? Int)
                seen.append(index)
                XCTAssertEqual(
                    tile["width"] as! Double, ratios[index] * height, accuracy: 1e-6, "tile \(index) keeps its shape")
            }
            let last = tiles.last!
            let right = (last["left"] as! Double) + (last["width"] as! Double)
            if row["justified"] as? Bool == true {
                XCTAssertEqual(right, 1000, accuracy: 1e-6, "row \(n) fills the width")
            } else {
                XCTAssertEqual(n, rows.count - 1, "only the last row may be unjustified")
                XCTAssertLessThanOrEqual(right, 1000 + 1e-6)
            }
        }
        XCTAssertEqual(seen, Array(ratios.indices), "every photo once, in order")
    }

    func testMetricsShowNoCropAndNoSliverWhereGreedyMakesOne() throws {
        let input = "[1.5, 0.667, 1.333, 1.778, 1, 4, 0.5625, 1.5, 1.5, 0.75, 2.5, 0.2, 10, 1.5, 0.667]"
        let optimal = try layout(input, ["--width", "800", "--row-height", "200", "--metrics"])
        let greedy = try layout(input, ["--width", "800", "--row-height", "200", "--metrics", "--greedy"])
        XCTAssertEqual(optimal["crop"] as! Double, 0, accuracy: 1e-9)
        XCTAssertEqual(optimal["rows"] as? Int, greedy["rows"] as? Int)
        XCTAssertLessThanOrEqual(optimal["maxDeviation"] as! Double, greedy["maxDeviation"] as! Double)
        XCTAssertLessThan(greedy["minTileWidth"] as! Double, 20, "greedy squeezes the 1:5 strip into a sliver")
        XCTAssertGreaterThanOrEqual(
            optimal["minTileWidth"] as! Double, 48, "the engine keeps it at least the minimum tile width")
    }

    func testBadInputSaysWhatIsWrong() throws {
        let notJSON = try Tessera.run(["layout", "--width", "500"], stdin: "hello")
        XCTAssertEqual(notJSON.status, 1)
        XCTAssertTrue(notJSON.stderr.contains("standard input: expected a JSON array"), notJSON.stderr)
        let negative = try Tessera.run(["layout", "--width", "500"], stdin: "[1.5, -2]")
        XCTAssertEqual(negative.status, 1)
        XCTAssertTrue(negative.stderr.contains("item 1 is not a positive ratio"), negative.stderr)
        let noWidth = try Tessera.run(["layout"], stdin: "[1]")
        XCTAssertEqual(noWidth.status, 64)
        XCTAssertTrue(noWidth.stderr.hasPrefix("Error: Missing expected option '--width <px>'."), noWidth.stderr)
    }
}
