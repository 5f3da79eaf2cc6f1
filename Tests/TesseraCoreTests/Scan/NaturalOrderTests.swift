import XCTest

@testable import TesseraCore

final class NaturalOrderTests: XCTestCase {
    func testNumbersSortByValueAndCaseIsFolded() {
        let names = ["img10.jpg", "IMG2.jpg", "img1.jpg", "Beach.jpg", "apple.jpg", "img02.jpg"]
        XCTAssertEqual(
            names.sorted(by: NaturalOrder.precedes),
            ["apple.jpg", "Beach.jpg", "img1.jpg", "IMG2.jpg", "img02.jpg", "img10.jpg"])
    }

    func testTheOrderIsTotalForNamesThatDifferOnlyByCase() {
        XCTAssertTrue(
            NaturalOrder.precedes("Beach.jpg", "beach.JPG") != NaturalOrder.precedes("beach.JPG", "Beach.jpg"))
    }
}

extension NaturalOrderTests {
    func testSortingAListAgreesWithPairwiseComparison() {
        let names = ["b10", "B2", "a", "b2", "b02", "x-1", "x-01", "é", "e\u{301}", "z"]
        XCTAssertEqual(NaturalOrder.sorted(names), names.sorted(by: NaturalOrder.precedes))
    }
}
