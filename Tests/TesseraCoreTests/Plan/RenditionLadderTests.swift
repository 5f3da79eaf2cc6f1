import XCTest

@testable import TesseraCore

/// The thumbnail ladder: which files every photo gets, how tall, named how, and what
/// `build --help` says of them.
final class RenditionLadderTests: XCTestCase {
    func testTheThumbnailIsMadeAtThreeHeightsRoundedDownWithTheirSuffixes() {
        let targets = RenditionLadder(displaySize: 2048, thumbnailHeight: 361).targets
        XCTAssertEqual(targets.map(\.role), [.display, .thumbnail2x, .thumbnail, .thumbnail0_5x])
        XCTAssertEqual(targets.map(\.bound), [.longEdge(2048), .height(722), .height(361), .height(180)])
        XCTAssertEqual(targets.map(\.suffix), ["", ".thumb2x", ".thumb", ".thumb0.5x"])
    }

    func testTilesAndCoversOfferOnlyThumbnailsOfTheLadderSmallestFirst() {
        let heights = Dictionary(
            uniqueKeysWithValues: RenditionLadder.thumbnails.map { ($0.role, $0.halves) })
        for roles in [RenditionLadder.tileRoles, RenditionLadder.coverRoles] {
            let halves = roles.map { heights[$0] }
            XCTAssertFalse(halves.contains(nil), "\(roles)")
            XCTAssertEqual(halves.compactMap { $0 }, halves.compactMap { $0 }.sorted())
        }
        XCTAssertEqual(
            Set(RenditionLadder.thumbnails.map(\.role)), Set(Rendition.Role.allCases).subtracting([.display]))
    }

    /// A browser keeps to the first `<source>` whose type it shows and picks there the
    /// narrowest file at least as wide as the tile needs. So the AVIF a tile offers must
    /// include its 1x file: without it (when a 1.5x AVIF stood in its place), a phone at
    /// pixel ratio 3 (a 171-px tile needs 513 px) and a laptop at 1 (a 425-px tile) took
    /// the 1.5x AVIF, 2.25 times the pixels of the 1x JPEG they would otherwise take, and
    /// `make viewer-bench` measured their bytes by the load event at 1.6 and 3.6 times what
    /// they were with the 1x AVIF.
    func testATilesAVIFIsNeverWiderThanTheJPEGTheSameScreenWouldTake() {
        let ladder = RenditionLadder(displaySize: 2048, thumbnailHeight: 360)
        let steps = Dictionary(uniqueKeysWithValues: RenditionLadder.thumbnails.map { ($0.role, $0) })
        // A 3:2 photo, wide enough to have every thumbnail apart.
        func width(_ role: Rendition.Role) -> Int { steps[role]!.halves * ladder.thumbnailHeight / 2 * 3 / 2 }
        func pick(_ roles: [Rendition.Role], needing pixels: Int) -> Int {
            let widths = roles.map(width).sorted()
            return widths.first { $0 >= pixels } ?? widths.last!
        }
        let jpeg = RenditionLadder.tileRoles
        let avif = RenditionLadder.tileRoles.filter(RenditionLadder.avifRoles.contains)
        XCTAssertEqual(avif.last, jpeg.last, "the AVIF source holds the largest file, so it is never blurrier")
        // Tile widths in CSS px times pixel ratio: `make viewer-bench`'s phone (171 px at 3×)
        // and laptop (425 px at 1×), a phone at 2× and a laptop at 2×.
        for pixels in [171 * 3, 425, 171 * 2, 425 * 2] {
            XCTAssertLessThanOrEqual(
                pick(avif, needing: pixels), pick(jpeg, needing: pixels), "a tile \(pixels) px wide")
        }
    }

    func testHelpNamesTheSizesBeside1x() {
        XCTAssertEqual(RenditionLadder.otherThumbnailSizes, "0.5x and 2x")
    }
}
