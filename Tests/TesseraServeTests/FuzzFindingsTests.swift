import XCTest

@testable import TesseraServe

/// Inputs the fuzz targets (Fuzz/README.md) once failed on; the same bytes are in the
/// target's seed corpus (`Fuzz/Corpus/TARGET/regression-*`).
final class FuzzFindingsTests: XCTestCase {
    /// Found by FuzzRequestPath: a `/` inside one grapheme cluster (after a prepended
    /// concatenation mark such as U+0605, or before a combining mark such as U+0301) is not
    /// the Character "/", so splitting by Characters left `/` and a bare `..` inside one
    /// "segment": `/../%CC%81x` passed as the one segment `../\u{301}x`, which the
    /// filesystem reads as `..` then `\u{301}x` (ServedFolder's `realpath` check still kept
    /// the file outside the root from being served). Segments are split and checked on bytes.
    func testASlashInsideAGraphemeClusterStillSeparatesSegments() throws {
        XCTAssertEqual(try RequestPath(escaped: "/a%D8%85/b").segments, ["a\u{605}", "b"])
        XCTAssertEqual(try RequestPath(escaped: "/a/%CC%81b").segments, ["a", "\u{301}b"])
        for hostile in ["/../%CC%81secret", "/x%D8%85/../../secret", "/a%D8%85/..", "/%D8%85/./x"] {
            XCTAssertThrowsError(try RequestPath(escaped: hostile), hostile) { error in
                XCTAssertEqual(error as? RequestPath.Refusal, .dotSegment, hostile)
            }
        }
        for escaped in ["/a%D8%85/b/%CC%81c/", "/%D8%85%CC%81/x"] {
            for segment in try RequestPath(escaped: escaped).segments {
                XCTAssertFalse(segment.utf8.contains(UInt8(ascii: "/")), "\(escaped): '\(segment)' holds a slash")
            }
        }
    }
}
