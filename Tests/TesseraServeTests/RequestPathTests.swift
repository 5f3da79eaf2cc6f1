import XCTest

@testable import TesseraServe

final class RequestPathTests: XCTestCase {
    func testDecodesOnceAndSplitsSegments() throws {
        let path = try RequestPath(escaped: "/album%20one//photo.jpg")
        XCTAssertEqual(path.segments, ["album one", "photo.jpg"])
        XCTAssertFalse(path.namesFolder)
        XCTAssertTrue(try RequestPath(escaped: "/album/").namesFolder)
    }

    func testDoubleEncodingStaysALiteralName() throws {
        XCTAssertEqual(try RequestPath(escaped: "/%252e%252e/secret").segments, ["%2e%2e", "secret"])
    }

    func testRefusesEveryWayOut() {
        let hostile = [
            "/../secret.txt", "/a/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/.%2e/secret.txt", "/..%5csecret.txt", "/..\\secret.txt", "/index.html%00.txt",
            "/%c0%ae%c0%ae/secret.txt", "/%e0%80%ae/secret.txt", "http://example.com/", "*",
            "/bad%zzescape", "/trailing%2", "/./index.html",
        ]
        for path in hostile {
            XCTAssertThrowsError(try RequestPath(escaped: path), path)
        }
    }
}
