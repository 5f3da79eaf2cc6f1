import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

final class OutputLocationTests: XCTestCase {
    func testOutputMayNotBeInsideContainOrEqualTheInput() throws {
        let tmp = try TemporaryFolder()
        let photos = try tmp.folder("photos")
        let input = photos.path

        XCTAssertThrowsError(try OutputLocation.validate(input: input, output: input)) {
            XCTAssertEqual($0 as? WriteError, .outputIsInput(input))
        }
        XCTAssertThrowsError(try OutputLocation.validate(input: input, output: input + "/site")) {
            XCTAssertEqual($0 as? WriteError, .outputInsideInput(output: input + "/site", input: input))
        }
        XCTAssertThrowsError(try OutputLocation.validate(input: input, output: tmp.url.path)) {
            XCTAssertEqual($0 as? WriteError, .outputContainsInput(output: tmp.url.path, input: input))
        }
        XCTAssertNoThrow(try OutputLocation.validate(input: input, output: tmp.url.path + "/site"))
        XCTAssertNoThrow(try OutputLocation.validate(input: input, output: tmp.url.path + "/photos-site"))
    }

    func testLinksAreResolvedBeforeComparing() throws {
        let tmp = try TemporaryFolder()
        let photos = try tmp.folder("photos")
        let alias = tmp.url.appendingPathComponent("alias")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: photos)

        XCTAssertThrowsError(try OutputLocation.validate(input: photos.path, output: alias.path + "/site")) {
            XCTAssertTrue("\($0)".contains("inside the input folder"))
        }
    }
}
