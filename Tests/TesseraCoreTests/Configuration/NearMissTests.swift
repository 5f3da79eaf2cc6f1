import XCTest

@testable import TesseraCore

final class NearMissTests: XCTestCase {
    func testAClosePlaceholderIsSuggestedAndAFarOneIsNot() {
        XCTAssertEqual(NearMiss.suggestion(for: "ouput", in: ["output", "title", "quality"]), "output")
        XCTAssertEqual(NearMiss.suggestion(for: "row_heigth", in: ["row_height", "gap"]), "row_height")
        XCTAssertNil(NearMiss.suggestion(for: "colour", in: ["quality", "display_size"]))
        XCTAssertEqual(NearMiss.editDistance("", "abc"), 3)
        XCTAssertEqual(NearMiss.editDistance("kitten", "sitting"), 3)
    }
}
