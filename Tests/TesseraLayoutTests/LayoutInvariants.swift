import XCTest

@testable import TesseraLayout

/// Checks what every layout must satisfy, whatever the strategy or input.
enum LayoutInvariants {
    static func check(_ layout: JustifiedLayout, ratios: [Double], file: StaticString = #filePath, line: UInt = #line) {
        let indices = layout.rows.flatMap { $0.tiles.map(\.index) }
        XCTAssertEqual(indices, Array(ratios.indices), "every photo exactly once, in order", file: file, line: line)
        var expectedTop = 0.0
        for (rowIndex, row) in layout.rows.enumerated() {
            let isLast = rowIndex == layout.rows.count - 1
            XCTAssertTrue(row.justified || isLast, "only the last row may be left-aligned", file: file, line: line)
            XCTAssertGreaterThan(row.height, 0, file: file, line: line)
            XCTAssertEqual(row.top, expectedTop, accuracy: 1e-6, "rows stack with one gap", file: file, line: line)
            expectedTop = row.top + row.height + layout.gap
            XCTAssertFalse(row.tiles.isEmpty, file: file, line: line)
            var right = -layout.gap
            for tile in row.tiles {
                // One height per row, and that height is the photo's: width = ratio × height.
                XCTAssertEqual(
                    tile.width, ratios[tile.index] * row.height, accuracy: 1e-9 * max(1, tile.width),
                    "tile \(tile.index) keeps its shape", file: file, line: line)
                XCTAssertGreaterThanOrEqual(tile.left, right + layout.gap - 1e-6, "no overlap", file: file, line: line)
                right = tile.left + tile.width
            }
            XCTAssertEqual(row.tiles.first?.left ?? 0, 0, accuracy: 1e-9, file: file, line: line)
            if row.justified {
                XCTAssertEqual(
                    right, layout.containerWidth, accuracy: 1e-6, "justified row fills the width",
                    file: file, line: line)
            } else {
                XCTAssertLessThanOrEqual(right, layout.containerWidth + 1e-6, file: file, line: line)
                XCTAssertLessThanOrEqual(
                    row.height, layout.targetRowHeight + 1e-9,
                    "a left-aligned row never exceeds the target", file: file, line: line)
            }
        }
        XCTAssertEqual(
            layout.height, layout.rows.last.map { $0.top + $0.height } ?? 0, accuracy: 1e-6,
            file: file, line: line)
        let metrics = LayoutMetrics(layout: layout, ratios: ratios)
        XCTAssertLessThan(metrics.crop, 1e-9, "never cropped", file: file, line: line)
        XCTAssertLessThan(metrics.fillError, 1e-6, file: file, line: line)
    }
}
