import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A manifest is read from disk, where anyone could have written it: every path it lists
/// must be one Tessera could have made before the build reads or deletes anything.
final class ProductPathTests: XCTestCase {
    func testEveryKindOfFileTesseraMakesIsAccepted() {
        for path in [
            "index.html", "tessera.css", ".nojekyll", "sitemap.xml", "feed.xml", "travels/index.html",
            "travels/coast/pier-2.html", "travels/_media/pier.thumb1.5x.avif", "été-à-paris/_media/天空.webp",
        ] {
            XCTAssertNil(ProductPath.refusal(path), path)
        }
    }

    func testPathsOutsideTheFolderHiddenOrWithControlCharactersAreRefused() {
        let refused: [String: String] = [
            "../victim.txt": "climbs out", "a/../../victim.txt": "climbs out", "/etc/passwd": "absolute",
            "": "empty", "a//b.html": "empty part", "./index.html": "'.' part", "a/./b.html": "'.' part",
            "a/": "empty part", ".tessera-manifest.json": "hidden", ".tessera-journal": "hidden",
            "_media/.a.jpg.tessera-12.tmp": "hidden", ".git/config": "hidden", "a/.nojekyll": "hidden",
            "..\\victim.txt": "backslash", "a\u{0}b.html": "control", "a\nb.html": "control",
            "bell\u{7}.html": "control", "esc\u{1B}[2J.html": "control", "c1\u{85}.html": "control",
            String(repeating: "a", count: 256) + ".html": "longer",
            String(repeating: "a/", count: 2100) + "b": "longer",
        ]
        for (path, reason) in refused {
            let refusal = ProductPath.refusal(path)
            XCTAssertNotNil(refusal, "\(path.debugDescription) is refused")
            XCTAssertTrue(refusal?.contains(reason) ?? false, "\(path.debugDescription): \(refusal ?? "nil")")
        }
    }

    func testAManifestListingAPathOutsideTheFolderIsRefusedSayingWhatToDo() throws {
        let site = try TemporaryFolder()
        let manifest = Manifest(files: [
            "index.html": .init(fingerprint: "a"), "../victim.txt": .init(fingerprint: "b"),
            "z\u{1B}[31m.html": .init(fingerprint: "c"),
        ])
        try site.write(Manifest.fileName, manifest.encoded())
        XCTAssertThrowsError(try Manifest.load(from: site.url)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("was not written by Tessera or is damaged"), message)
            XCTAssertTrue(message.contains("\"../victim.txt\", a path that climbs out of the folder"), message)
            XCTAssertTrue(message.contains("delete the manifest") && message.contains("empty folder with -o"), message)
            XCTAssertFalse(message.contains("\u{1B}"), "no escape sequence reaches the terminal")
        }
    }

    func testAnOldVersionsManifestIsCheckedToo() throws {
        let site = try TemporaryFolder()
        try site.write(
            Manifest.fileName, Array(#"{"version":1,"files":{"/home/me/notes.txt":{"fingerprint":""}}}"#.utf8))
        XCTAssertThrowsError(try Manifest.load(from: site.url)) { error in
            XCTAssertTrue("\(error)".contains("\"/home/me/notes.txt\", an absolute path"), "\(error)")
        }
    }

    /// A manifest that is a pipe or a link to a device is refused saying what it is; the
    /// message was "Permission denied".
    func testAManifestThatIsNotAFileIsRefusedSayingSo() throws {
        let site = try TemporaryFolder()
        XCTAssertEqual(mkfifo(site.url.appendingPathComponent(Manifest.fileName).path, 0o644), 0)
        XCTAssertThrowsError(try Manifest.load(from: site.url)) { error in
            XCTAssertTrue("\(error)".contains("it is not a regular file, but a pipe, a device or a folder"), "\(error)")
        }
        let linked = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(
            atPath: linked.url.appendingPathComponent(Manifest.fileName).path, withDestinationPath: "/dev/zero")
        XCTAssertThrowsError(try Manifest.load(from: linked.url)) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
    }
}
