import XCTest

@testable import TesseraCore

/// The thumbnail ladder: which files every photo gets, how tall, named how, and what
/// `build --help` says of them.
final class RenditionLadderTests: XCTestCase {
    func testTheThumbnailIsMadeAtFourHeightsRoundedDownWithTheirSuffixes() {
        let targets = RenditionLadder(displaySize: 2048, thumbnailHeight: 361).targets
        XCTAssertEqual(targets.map(\.role), [.display, .thumbnail2x, .thumbnail1_5x, .thumbnail, .thumbnail0_5x])
        XCTAssertEqual(targets.map(\.bound), [.longEdge(2048), .height(722), .height(541), .height(361), .height(180)])
        XCTAssertEqual(targets.map(\.suffix), ["", ".thumb2x", ".thumb1.5x", ".thumb", ".thumb0.5x"])
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

    func testHelpNamesTheSizesBeside1x() {
        XCTAssertEqual(RenditionLadder.otherThumbnailSizes, "0.5x, 1.5x and 2x")
    }
}
