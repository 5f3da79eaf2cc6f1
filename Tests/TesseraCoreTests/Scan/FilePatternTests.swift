import XCTest

@testable import TesseraCore

/// `ignore:` and `hidden:` patterns.
final class FilePatternTests: XCTestCase {
    func testANameMatchesAtAnyDepthAndAPathFromTheRoot() {
        XCTAssertTrue(FilePattern("*.tmp").matches("a/b/c.tmp"))
        XCTAssertTrue(FilePattern("drafts").matches("2024/drafts"))
        XCTAssertFalse(FilePattern("drafts").matches("2024/drafts-old"))
        XCTAssertTrue(FilePattern("2024/*.jpg").matches("2024/a.jpg"))
        XCTAssertFalse(FilePattern("2024/*.jpg").matches("2024/x/a.jpg"), "* stays within a folder")
        XCTAssertTrue(FilePattern("2024/**.jpg").matches("2024/x/a.jpg"), "** crosses folders")
        XCTAssertTrue(FilePattern("/private/*").matches("private/a.jpg"))
        XCTAssertTrue(FilePattern("IMG_?.jpg").matches("IMG_1.jpg"))
        XCTAssertFalse(FilePattern("IMG_?.jpg").matches("IMG_10.jpg"))
    }
}
