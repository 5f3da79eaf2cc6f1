import XCTest

@testable import TesseraCore

final class SlugTests: XCTestCase {
    func testSlugsAreReadableLowerCaseWordsJoinedByHyphens() {
        XCTAssertEqual(Slug.forPhoto(fileName: "Harbour at Dawn (2).JPG"), "harbour-at-dawn-2")
        XCTAssertEqual(Slug.make("Family & Friends", fallback: "album"), "family-friends")
        XCTAssertEqual(Slug.make("  --Picnic #1--  ", fallback: "album"), "picnic-1")
    }

    func testLettersOfEveryScriptAreKeptAndAccentsComposed() {
        let nfd = "E\u{301}te\u{301} a\u{300} Paris"
        XCTAssertEqual(Slug.make(nfd, fallback: "album"), "été-à-paris")
        XCTAssertEqual(Slug.make("Été à Paris", fallback: "album"), Slug.make(nfd, fallback: "album"))
        XCTAssertEqual(Slug.forPhoto(fileName: "東京タワー.jpg"), "東京タワー")
    }

    func testNamesWithNothingReadableFallBack() {
        XCTAssertEqual(Slug.forPhoto(fileName: "🌅🌅.jpg"), "photo")
        XCTAssertEqual(Slug.make("%%%", fallback: "album"), "album")
        XCTAssertEqual(Slug.forPhoto(fileName: ".jpg"), "jpg")
    }

    func testSlugsNeverContainDotsAndStayShort() {
        let long = String(repeating: "ab.", count: 100)
        let slug = Slug.make(long, fallback: "x")
        XCTAssertFalse(slug.contains("."))
        XCTAssertLessThanOrEqual(slug.count, Slug.maximumLength)
        XCTAssertFalse(slug.hasSuffix("-"))
        // 80 characters of it would be 240 bytes.
        let chinese = Slug.make(String(repeating: "写真 ", count: 50), fallback: "x")
        XCTAssertLessThanOrEqual(chinese.utf8.count, Slug.maximumBytes, "bytes, not only characters")
        XCTAssertTrue(chinese.hasPrefix("写真-写真") && !chinese.hasSuffix("-"), chinese)
    }

    func testCollisionsGetNumberedSuffixesIgnoringCase() {
        var names = SlugAllocator(reserved: ["index"])
        let claimed = ["beach", "Beach", "beach", "index", "beach-2"].map { names.claim($0) }
        XCTAssertEqual(claimed, ["beach", "Beach-2", "beach-3", "index-2", "beach-2-2"])
        XCTAssertEqual(Set(claimed.map { $0.lowercased() }).count, claimed.count)
    }
}
