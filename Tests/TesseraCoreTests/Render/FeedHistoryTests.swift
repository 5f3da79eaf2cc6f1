import XCTest

@testable import TesseraCore

/// When a feed entry last changed, as builds of one output folder remember it: a pure rule
/// over the last build's history and this build's digests.
final class FeedHistoryTests: XCTestCase {
    private let now = "2027-01-15T08:00:00Z"

    func testAFirstFeedMarksNothingSoItsDatesAreThePhotos() {
        let history = FeedHistory.next(after: nil, feed: "f1", entries: ["coast": "c1"], now: now)
        XCTAssertEqual(history.feed, FeedHistory.Mark(digest: "f1", changed: nil))
        XCTAssertEqual(history.entries, ["coast": FeedHistory.Mark(digest: "c1", changed: nil)])
    }

    func testWhatChangedOrIsNewIsMarkedNowAndTheRestKeepsItsMark() {
        let before = FeedHistory(
            feed: .init(digest: "f1", changed: nil),
            entries: [
                "coast": .init(digest: "c1", changed: "2025-03-01T10:00:00Z"),
                "scans": .init(digest: "s1", changed: nil),
                "gone": .init(digest: "g1", changed: nil),
            ])
        let after = FeedHistory.next(
            after: before, feed: "f2", entries: ["coast": "c2", "scans": "s1", "new": "n1"], now: now)
        XCTAssertEqual(after.feed, .init(digest: "f2", changed: now))
        XCTAssertEqual(
            after.entries,
            [
                "coast": .init(digest: "c2", changed: now), "scans": .init(digest: "s1", changed: nil),
                "new": .init(digest: "n1", changed: now),
            ], "an album gone is forgotten")
        XCTAssertEqual(
            FeedHistory.next(
                after: after, feed: "f2", entries: ["coast": "c2", "scans": "s1", "new": "n1"], now: "later"),
            after, "nothing changed: the same marks, whatever the time")
    }

    func testADateFromTheManifestReachesTheFeedOnlyAsAnAtomDate() {
        XCTAssertEqual(AtomFeed.atomDate(checked: "2027-01-15T08:00:00Z"), "2027-01-15T08:00:00Z")
        for text in ["</updated><x>", "2027-01-15T08:00:00", "2027-01-15T08:00:00+01:00", "２０２７-01-15T08:00:00Z", ""] {
            XCTAssertNil(AtomFeed.atomDate(checked: text), text)
        }
    }
}
