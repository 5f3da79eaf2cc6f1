import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraServe

/// Nothing outside the served folder, and nothing hidden, is ever sent: the responder's
/// rules without a socket, and every traversal form over a real connection too (what
/// libmicrohttpd does to a request line before the responder sees it).
final class PathSafetyTests: XCTestCase {
    private func assertRefused(
        _ site: some SiteUnderTest, _ path: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let response = try site.get(path)
        XCTAssertTrue(
            [400, 404].contains(response.status), "\(path) answered \(response.status)", file: file, line: line)
        XCTAssertFalse(response.text.contains(ServedSite.secret), "\(path) leaked the secret", file: file, line: line)
    }

    func testEveryTraversalFormIsRefused() throws {
        let files = ["index.html": Array("home".utf8), "a/b/index.html": Array("deep".utf8)]
        try assertEveryTraversalFormIsRefused(try RespondedSite(files: files))
    }

    func testEveryTraversalFormIsRefusedOverARealConnection() throws {
        try assertEveryTraversalFormIsRefused(
            try ServedSite(files: ["index.html": Array("home".utf8), "a/b/index.html": Array("deep".utf8)]))
    }

    private func assertEveryTraversalFormIsRefused(_ site: some SiteUnderTest) throws {
        let hostile = [
            "/../secret.txt", "/a/../../secret.txt", "/a/b/../../../secret.txt",
            "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt", "/a/%2e%2e/%2e%2e/secret.txt",
            "/%252e%252e/secret.txt", "/%252e%252e%252fsecret.txt", "/..%2fsecret.txt", "/..%5csecret.txt",
            "/..\\secret.txt", "/a\\..\\..\\secret.txt", "/index.html%00", "/%00../secret.txt",
            "/%c0%ae%c0%ae/secret.txt", "/%c0%ae%c0%ae%c0%afsecret.txt", "/%e0%80%ae%e0%80%ae/secret.txt",
            "/\(site.folder.url.path)/secret.txt", "//\(site.folder.url.path)/secret.txt",
            "http://127.0.0.1/../secret.txt", site.folder.url.appendingPathComponent("secret.txt").path,
        ]
        for path in hostile { try assertRefused(site, path) }
    }

    func testSymbolicLinksLeadingOutAreRefused() throws {
        let site = try RespondedSite(files: ["index.html": Array("home".utf8), "photos/inside.txt": Array("ok".utf8)])
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: site.site.appendingPathComponent("leak.txt").path,
            withDestinationPath: site.folder.url.appendingPathComponent("secret.txt").path)
        try manager.createSymbolicLink(
            atPath: site.site.appendingPathComponent("up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(
            atPath: site.site.appendingPathComponent("alias").path, withDestinationPath: "photos")
        try assertRefused(site, "/leak.txt")
        try assertRefused(site, "/up/secret.txt")
        XCTAssertEqual(try site.get("/alias/inside.txt").text, "ok", "a link that stays inside is served")
    }

    /// A served folder `café` (é one character) and a sibling `café` (e and an accent): two
    /// folders on Linux, one string to Swift, so a link to the sibling passed for one inside.
    func testALinkToASiblingSpeltLikeTheServedFolderIsRefused() throws {
        let site = try RespondedSite(files: ["index.html": Array("home".utf8)], name: "caf\u{E9}")
        try site.folder.write("cafe\u{301}/secret.txt", Array(ServedSite.secret.utf8))
        try FileManager.default.createSymbolicLink(
            atPath: site.site.appendingPathComponent("private").path, withDestinationPath: "../cafe\u{301}")
        try assertRefused(site, "/private/secret.txt")
        XCTAssertTrue(try site.get("/index.html").text.hasPrefix("home"), "the folder itself is served")
    }

    func testHiddenAndRefusedNamesAreNeverServed() throws {
        let site = try RespondedSite(files: [
            ".tessera-manifest.json": Array("manifest".utf8), ".page.html.tmp": Array("tmp".utf8),
            ".hidden/file.txt": Array("hidden".utf8), "drafts/x.txt": Array("draft".utf8),
        ]) { configuration in
            configuration.refusesName = { $0.hasPrefix(".") || $0 == "drafts" }
        }
        try FileManager.default.createSymbolicLink(
            atPath: site.site.appendingPathComponent("manifest-link.json").path,
            withDestinationPath: ".tessera-manifest.json")
        for path in [
            "/.tessera-manifest.json", "/%2etessera-manifest.json", "/.page.html.tmp", "/.hidden/file.txt",
            "/drafts/x.txt", "/manifest-link.json",
        ] {
            XCTAssertEqual(try site.get(path).status, 404, path)
        }
    }
}
