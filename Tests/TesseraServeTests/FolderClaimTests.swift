import Foundation
import Glibc
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// One preview per served folder, held by a socket the kernel lets go of with the process.
final class FolderClaimTests: XCTestCase {
    func testASecondClaimOnAFolderIsRefusedNamingTheHolderUntilTheFirstEnds() throws {
        let folder = try TemporaryFolder()
        var first: FolderClaim? = try FolderClaim(folder: folder.url)
        XCTAssertThrowsError(try FolderClaim(folder: folder.url)) { error in
            XCTAssertEqual(error as? FolderClaimError, .held(byProcess: getpid()))
        }
        // Another spelling of the same folder: its real path is what is claimed.
        let link = folder.url.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder.url)
        defer { try? FileManager.default.removeItem(at: link) }
        XCTAssertThrowsError(try FolderClaim(folder: link))
        // Another folder is another claim.
        let other = try TemporaryFolder()
        XCTAssertNoThrow(try FolderClaim(folder: other.url))
        withExtendedLifetime(first) {}
        first = nil
        XCTAssertNoThrow(try FolderClaim(folder: folder.url), "free once the first serve ends")
    }

    func testAFolderNotMadeYetIsClaimedByItsPath() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appendingPathComponent("site")
        let claim = try FolderClaim(folder: site)
        XCTAssertThrowsError(try FolderClaim(folder: URL(fileURLWithPath: site.path + "/")))
        withExtendedLifetime(claim) {}
        XCTAssertNotEqual(FolderClaim.name(for: site), FolderClaim.name(for: folder.url))
        XCTAssertLessThan(FolderClaim.name(for: site).count, 107)
    }
}
