import Foundation
import TesseraCLI
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// File and folder names from real photo collections: every one gets a working, escaped,
/// unique page (a real build, in process; JPEG only, as the names are the point).
final class NamesTests: XCTestCase {
    static let photoNames = [
        "a b.jpg", "hash#1.jpg", "100%.jpg", "what?.jpg", "R&D.jpg", "quote\"d.jpg", "it's.jpg",
        "less<than.jpg", "a+b.jpg", "semi;colon.jpg", "-leading.jpg", "caf\u{E9}.jpg", "cafe\u{301}.jpg",
        "🌅.jpg", "東京タワー.jpg", String(repeating: "x", count: 246) + ".jpg",
        "Beach.jpg", "beach.JPG", "beach.jpeg",
    ]
    static let folderNames = ["Trip #1 & more", "\"><img src=x onerror=alert(1)>", "<script>alert(1)<\\script>"]

    func testEveryNameGetsAWorkingEscapedUniquePage() throws {
        let tmp = try TemporaryFolder()
        let jpeg = Data(
            try LibGDSamplePainter().paintSample(
                uprightSize: PixelSize(width: 120, height: 80), label: "name", hue: 0.3, orientation: .up))
        let photos = tmp.url.appendingPathComponent("photos")
        for folder in [""] + Self.folderNames {
            let dir = folder.isEmpty ? photos : photos.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            // Each its own bytes (a trailing name after the JPEG's end): copies would be folded.
            for name in Self.photoNames {
                try (jpeg + Data((folder + "/" + name).utf8)).write(to: dir.appendingPathComponent(name))
            }
        }
        let before = try Fingerprint.tree(photos)

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--json", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let total = Self.photoNames.count * (Self.folderNames.count + 1)
        XCTAssertEqual(report["photos"] as? Int, total, result.stderr)
        XCTAssertEqual((report["skipped"] as? [Any])?.count, 0, result.stderr)
        XCTAssertEqual(try Fingerprint.tree(photos), before, "the input folder is never written")

        let pages = try SitePages(site: tmp.url.appendingPathComponent("site"))
        XCTAssertEqual(
            pages.pages.count, total + Self.folderNames.count + 2,
            "one page per photo and per album and the 404 page, no collisions")
        for (page, html) in pages.pages {
            for link in SitePages.links(in: html) {
                XCTAssertTrue(pages.resolves(link, from: page), "\(page): link '\(link)' does not resolve")
            }
            XCTAssertFalse(html.contains("<script>alert"), "\(page) contains markup from a name")
            XCTAssertFalse(html.contains("<img src=x"), "\(page) contains markup from a name")
        }
        let home = try XCTUnwrap(pages.pages["index.html"])
        XCTAssertTrue(home.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"), "folder name shown, escaped")
        XCTAssertFalse(home.contains("quote\"d.jpg"), "file names are not alt texts")
        XCTAssertTrue(home.contains("alt=\"Photo 1 of "), "alt texts say where the photo is")
    }

    func testANameThatIsNotUTF8IsSkippedWithAReasonAndTheRestBuilds() throws {
        let tmp = try TemporaryFolder()
        let photos = tmp.url.appendingPathComponent("photos")
        XCTAssertEqual(try InProcessCLI.run(["sample", photos.path]).status, 0)
        let jpeg = try Data(contentsOf: photos.appendingPathComponent("Harbour at dawn.jpg"))
        // Latin-1 "café.jpg": the byte 0xE9 alone is not UTF-8.
        let path = Array(photos.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".jpg".utf8) + [0]
        let fd = path.withUnsafeBufferPointer {
            $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--json", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.contains("warning: caf\u{FFFD}.jpg: the name is not valid UTF-8 text; rename it"),
            result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let skipped = try XCTUnwrap(report["skipped"] as? [[String: String]])
        XCTAssertEqual(skipped.map { $0["path"] }, ["caf\u{FFFD}.jpg"])
        XCTAssertEqual(report["photos"] as? Int, 30, "every other photo is published")
        let strict = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--strict", "--quiet", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(strict.status, 1, "--strict counts it as skipped")
    }
    /// `tessera build $'\xc9t\xe9 2003' -o site` said the folder (which exists) did not
    /// exist, and `-o $'site-\xe9'` wrote the site into another folder, `site-\u{FFFD}`:
    /// the arguments are read as UTF-8 text, each byte that is not one a U+FFFD. Such an
    /// argument is a usage error naming it, and nothing is made. The release binary, since
    /// only a process's own arguments carry such bytes.
    func testAnArgumentThatIsNotUTF8IsRefusedNamingIt() throws {
        let tmp = try TemporaryFolder()
        XCTAssertEqual(try InProcessCLI.run(["sample", tmp.url.appendingPathComponent("photos").path]).status, 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // printf writes the byte 0xE9 (Latin-1 é) into the output folder's name.
        process.arguments = [
            "-c", #"exec "$0" build photos -o "$(printf 'site-\351')" --quiet --formats none"#,
            try Tessera.binary().path,
        ]
        process.currentDirectoryURL = tmp.url
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 64, stderr)
        XCTAssertTrue(stderr.contains("Error: 'site-\u{FFFD}' is not UTF-8 text"), stderr)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: tmp.url.path), ["photos"], "no site made anywhere")

        let words: [String] = ["tessera", "build", "caf\u{E9}"]
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { word in word.withCString { strdup($0) } } + [nil]
        defer { for argument in argv { free(argument) } }
        argv[2]![3] = CChar(bitPattern: 0xE9)  // "caf" then a lone 0xE9: Latin-1, not UTF-8
        argv[2]![4] = 0
        XCTAssertEqual(
            argv.withUnsafeMutableBufferPointer { CLI.undecodableArguments(of: $0.baseAddress!, count: 3) },
            ["caf\u{FFFD}"])
    }
}
