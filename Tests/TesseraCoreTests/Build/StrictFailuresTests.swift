import XCTest

@testable import TesseraCore

/// `--strict` names each kind of problem for what it is: a metadata file's, a still
/// published without its motion, an original or a ZIP not offered, an original offered with
/// its place; a build with none of them passes.
final class StrictFailuresTests: XCTestCase {
    private func report(_ warnings: [MetadataWarning]) -> BuildReport {
        BuildReport(
            photos: 3, videos: 0, albums: 1, skipped: [], generated: 0, reused: 0, removed: 0, seconds: 0,
            warnings: warnings)
    }

    func testEachKindOfProblemIsNamedForWhatItIs() {
        let failures = report([
            MetadataWarning(file: "Porto/index.md", line: 2, message: "cover 'nope.jpg' is not a photo"),
            MetadataWarning(file: "Porto/a.jpg.md", line: 1, message: "unknown field"),
            MetadataWarning(file: "IMG_0001.HEIC", message: "its Live Photo movie cannot be read", kind: .motion),
            MetadataWarning(file: "b.jpg", message: "its original is not offered: gone", kind: .original),
            MetadataWarning(file: "c.jpg", message: "published as-is with a GPS position", kind: .location),
            MetadataWarning(file: "Porto/index.md", message: "the album's ZIP is not offered", kind: .archive),
        ]).strictFailures
        XCTAssertEqual(
            failures,
            [
                "2 metadata file problems and --strict is set",
                "1 photo was published without its motion (a still) and --strict is set",
                "1 original could not be offered and --strict is set",
                "1 original is offered with the place it was taken and --strict is set",
                "1 album's ZIP could not be offered and --strict is set",
            ])
    }

    func testABuildWithoutProblemsPassesStrict() {
        XCTAssertEqual(report([]).strictFailures, [])
    }
}
