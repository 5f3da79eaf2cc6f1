import Foundation
import TesseraTestSupport
import XCTest

/// A temporary folder holding `photos/` (written by `tessera sample`) and, once built, `site/`.
final class SampleWorkspace {
    let folder: TemporaryFolder
    var url: URL { folder.url }
    var photos: URL { folder.url.appendingPathComponent("photos") }
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryFolder()
        let sample = try Tessera.run(["sample", "photos"], in: folder.url)
        XCTAssertEqual(sample.status, 0, sample.stderr)
    }
}
