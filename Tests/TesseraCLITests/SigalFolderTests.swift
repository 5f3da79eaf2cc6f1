import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// A folder laid out for sigal — album `index.md` with `Title:`/`Thumbnail:`, per-photo
/// `.md` files, a `.nomedia` folder — built (in process, real imaging) with its story in place.
final class SigalFolderTests: XCTestCase {
    private var tmp: TemporaryFolder!

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        let painter = LibGDSamplePainter()
        for (index, path) in ["Porto/bridge.jpg", "Porto/river.jpg", "Porto/tower.jpg", "Private/secret.jpg"]
            .enumerated()
        {
            let bytes = try painter.paintSample(
                uprightSize: PixelSize(width: 120, height: 80), label: "\(index)", hue: Double(index) / 4,
                orientation: .up)
            try write("photos/" + path, Data(bytes))
        }
        try write("photos/index.md", "Title: My Trips\n\nPhotos from *everywhere*.\n")
        try write(
            "photos/Porto/index.md",
            "Title: Summer in Porto\nThumbnail: tower.jpg\nAuthor: Ana\n\nA week by the **river**.\n")
        try write("photos/Porto/bridge.md", "Title: Dom Luís I\n\nThe bridge at dusk.\n")
        try write("photos/Porto/tower.jpg.md", "Clérigos tower <script>alert(1)</script>\n")
        try write("photos/Private/.nomedia", "")
    }

    override func tearDown() {
        tmp = nil
    }

    private func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    private func write(_ path: String, _ data: Data) throws {
        let url = tmp.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: tmp.url.appendingPathComponent("site/" + path), encoding: .utf8)
    }

    func testTitlesDescriptionsCaptionsAndCoversAreInPlace() throws {
        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--verbose"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("3 photos in 2 albums, 1 left out"), result.stdout)
        XCTAssertTrue(
            result.stderr.contains("note: Private: the folder holds a .nomedia file; left out"), result.stderr)
        XCTAssertFalse(
            result.stderr.contains(".md: not a photo"), "metadata files are not listed as strays: \(result.stderr)")
        XCTAssertEqual(
            result.stderr.components(separatedBy: "\n").filter { $0.contains("warning:") },
            [
                "Porto/tower.jpg.md:1: warning: raw HTML '<script>' is left out of the page; set 'allow_html: true' "
                    + "in tessera.yaml to keep it"
            ], "the one removal is named, nothing else warns")

        let home = try page("index.html")
        XCTAssertTrue(home.contains("<title>My Trips</title>"), home)
        XCTAssertTrue(home.contains("<p>Photos from <em>everywhere</em>.</p>"), home)
        XCTAssertTrue(home.contains(#"<meta name="description" content="Photos from everywhere.">"#), home)
        XCTAssertTrue(home.contains(#"<span class="album-name" dir="auto">Summer in Porto</span>"#), home)
        XCTAssertTrue(home.contains(#"<img src="porto/_media/tower."#), "Thumbnail: picks the cover: \(home)")

        let porto = try page("porto/index.html")
        XCTAssertTrue(porto.contains("<h1 dir=\"auto\">Summer in Porto</h1>"), porto)
        XCTAssertTrue(porto.contains("<p>A week by the <strong>river</strong>.</p>"), porto)
        XCTAssertTrue(porto.contains(#"alt="Dom Luís I""#), porto)
        XCTAssertTrue(porto.contains(#"alt="Photo 2 of 3 in Summer in Porto""#), "river has no words: \(porto)")
        XCTAssertTrue(porto.contains(#"alt="Clérigos tower""#), "a script's code is no words: \(porto)")

        let bridge = try page("porto/bridge.html")
        XCTAssertTrue(bridge.contains(#"<h1 class="title" dir="auto">Dom Luís I</h1>"#), bridge)
        XCTAssertTrue(bridge.contains("<p>The bridge at dusk.</p>"), bridge)
        XCTAssertTrue(bridge.contains("<title>Dom Luís I · Summer in Porto</title>"), bridge)
        let tower = try page("porto/tower.html")
        XCTAssertFalse(tower.contains("<script>alert"), "raw HTML in a sidecar is removed: \(tower)")

        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site/private").path))
    }

    func testBadMetadataWarnsWithFileAndLineAndStrictFails() throws {
        try write("photos/Porto/index.md", "Title: Summer in Porto\nThumbnail: nope.jpg\n")
        let result = try InProcessCLI.run(["build", "photos", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 0, "a warning, the build goes on: \(result.stderr)")
        XCTAssertTrue(
            result.stderr.contains(
                "Porto/index.md:2: warning: cover 'nope.jpg' is not a photo in this album or a sub-album; the first photo stands in"
            ),
            result.stderr)
        let json = try InProcessCLI.run(["build", "photos", "-o", "site", "--json"], in: tmp.url)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(
            report["excluded"] as? [[String: String]],
            [["path": "Private", "reason": "the folder holds a .nomedia file"]])
        let warnings = try XCTUnwrap(report["warnings"] as? [[String: Any]]).filter {
            $0["file"] as? String != "Porto/tower.jpg.md"  // its <script>, removed
        }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(warnings.first?["file"] as? String, "Porto/index.md")
        XCTAssertEqual(warnings.first?["line"] as? Int, 2)

        let strict = try InProcessCLI.run(["build", "photos", "-o", "site", "--strict"], in: tmp.url)
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("error: 2 metadata file problems and --strict is set"), strict.stderr)
    }
}
