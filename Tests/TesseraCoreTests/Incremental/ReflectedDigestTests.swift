import XCTest

@testable import TesseraCore

/// The theme's words are digested by reflection: every field, dictionaries in a sorted
/// order, so that two processes (each with its own hashing seed) agree.
final class ReflectedDigestTests: XCTestCase {
    func testADictionarysOrderDoesNotChangeTheDigestButAnyEntryDoes() {
        var small: [String: Int] = [:]
        var large: [String: Int] = [:]
        large.reserveCapacity(1000)  // another layout of buckets, so another order
        for (index, name) in ["next", "previous", "photos", "up", "home"].enumerated() {
            small[name] = index
            large[name] = index
        }
        XCTAssertEqual(ReflectedDigest.of(small), ReflectedDigest.of(large))
        large["up"] = 9
        XCTAssertNotEqual(ReflectedDigest.of(small), ReflectedDigest.of(large))
    }

    func testEveryFieldOfTheWordsCounts() {
        let words = ThemeWords.builtInEnglish
        var other = words
        other.words["next"] = .text("Onwards")
        XCTAssertNotEqual(ReflectedDigest.of(words), ReflectedDigest.of(other))
        other = words
        other.months = ["Jan"]
        XCTAssertNotEqual(ReflectedDigest.of(words), ReflectedDigest.of(other))
        other = words
        other.rightToLeft.toggle()
        XCTAssertNotEqual(ReflectedDigest.of(words), ReflectedDigest.of(other))
        XCTAssertEqual(ReflectedDigest.of(words), ReflectedDigest.of(ThemeWords.builtInEnglish))
    }

    func testValuesThatPrintAlikeInPiecesDigestApart() {
        XCTAssertNotEqual(ReflectedDigest.of(["a,b"]), ReflectedDigest.of(["a", "b"]))
        XCTAssertNotEqual(ReflectedDigest.of(Optional<String>.none as Any), ReflectedDigest.of("nil"))
    }
}
