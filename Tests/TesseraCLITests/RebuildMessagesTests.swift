import XCTest

@testable import TesseraCLI

/// The rule by which `serve` repeats no warning or note: pure, one build's list after another.
final class RebuildMessagesTests: XCTestCase {
    private let sigal = StandingMessage.note("../sigal.conf.py: read for title (never run)")
    private let cover = StandingMessage.warning("cover 'gone.jpg' is not a photo", at: "Porto/index.md:2")

    func testAllAtFirstThenOnlyAChangedListWholeThenOneLineWhenNoneIsLeft() {
        let repeats = RebuildMessages()
        XCTAssertEqual(repeats.shown(for: []), [], "a first build with nothing to say says nothing")
        XCTAssertEqual(repeats.shown(for: [sigal]), [sigal])
        XCTAssertEqual(repeats.shown(for: [sigal]), [])
        XCTAssertEqual(repeats.shown(for: [sigal, cover]), [sigal, cover], "the whole list, in the build's order")
        XCTAssertEqual(repeats.shown(for: [cover, sigal]), [], "the same messages in another order are no change")
        XCTAssertEqual(repeats.shown(for: [cover]), [cover])
        XCTAssertEqual(repeats.shown(for: []), [.note("no warnings or notes any more (the last build had 1)")])
        XCTAssertEqual(repeats.shown(for: []), [])
    }

    func testTheSameTextAtAnotherLineIsAChange() {
        let repeats = RebuildMessages()
        _ = repeats.shown(for: [cover])
        let moved = StandingMessage.warning(cover.text, at: "Porto/index.md:3")
        XCTAssertEqual(repeats.shown(for: [moved]), [moved])
    }
}
