import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A file's digest is what the manifest compares an edited-looking photo by: reading a
/// small file rather than mapping it must give the digest earlier builds stored.
final class ContentHashTests: XCTestCase {
    func testAFilesDigestIsItsBytesDigestWhetherReadOrMapped() throws {
        let folder = try TemporaryFolder()
        for size in [0, 7, 8, 4096 + 3, ContentHash.smallFileLimit, ContentHash.smallFileLimit + 5] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
            let file = try folder.write("photo-\(size).jpg", bytes)
            XCTAssertEqual(ContentHash.ofFile(at: file.path), ContentHash.of(Data(bytes)), "\(size) bytes")
        }
        let small = try folder.write("a.jpg", [1, 2, 3])
        let other = try folder.write("b.jpg", [1, 2, 4])
        XCTAssertNotEqual(ContentHash.ofFile(at: small.path), ContentHash.ofFile(at: other.path))
        XCTAssertNil(ContentHash.ofFile(at: folder.url.appendingPathComponent("missing.jpg").path))
    }
}
