import Foundation
import XCTest

@testable import TesseraCore

/// Builds the sample album and checks the site as a browser would see it: with the real
/// binary for the sample end to end, in process for the rules (escapes, rebuilds).
final class EndToEndTests: XCTestCase {
    private var tmp: SampleWorkspace!
    private var photos: URL { tmp.photos }
    private var site: URL { tmp.site }

    override func setUpWithError() throws {
        tmp = try SampleWorkspace()
    }

    override func tearDown() {
        tmp = nil  // XCTest keeps test cases alive; release the folder now so it is deleted
    }

    private func build(_ extra: [String] = [], inProcess: Bool = false) throws -> [String: Any] {
        let arguments = ["build", "photos", "-o", "site", "--json"] + extra
        let result = inProcess ? try InProcessCLI.run(arguments, in: tmp.url) : try Tessera.run(arguments, in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try XCTUnwrap(json, "stdout is one JSON object: \(result.stdout)")
    }

    func testTheSampleSiteHasEveryPhotoEveryLinkResolvesAndEveryTileKeepsItsShape() throws {
        let inputBefore = try Fingerprint.tree(photos)
        let report = try build()

        XCTAssertEqual(report["photos"] as? Int, SampleAlbum.photos.count)
        XCTAssertEqual(report["albums"] as? Int, 5)
        XCTAssertEqual((report["skipped"] as? [Any])?.count, 0)
        XCTAssertEqual(
            Set(report.keys),
            [
                "photos", "albums", "skipped", "generated", "reused", "removed", "seconds", "excluded", "warnings",
                "unreadable", "folded", "videos", "kept",
            ])
        XCTAssertEqual(try Fingerprint.tree(photos), inputBefore, "the input folder is never written")

        let pages = try SitePages(site: site)
        XCTAssertTrue(pages.pages.keys.contains("index.html"))
        XCTAssertEqual(
            pages.pages.count, 6 + SampleAlbum.photos.count, "one page per album and per photo, and the 404 page")
        for (page, html) in pages.pages {
            for link in SitePages.links(in: html) {
                XCTAssertTrue(pages.resolves(link, from: page), "\(page): link '\(link)' does not resolve to a file")
            }
        }

        // Tiles are found by their thumbnail's name (`_media/<slug>.thumb.jpg`): the alt text
        // is the photo's title or caption, else its place in the album, never its file name.
        let uprightSize = Dictionary(
            SampleAlbum.photos.map {
                (Slug.forPhoto(fileName: ($0.path as NSString).lastPathComponent), $0.size)
            }, uniquingKeysWith: { first, _ in first })
        var tiles = 0
        for (page, html) in pages.pages {
            for tile in SitePages.tiles(in: html) {
                tiles += 1
                let slug = String(
                    (tile.src.removingPercentEncoding! as NSString).lastPathComponent.split(separator: ".").first ?? "")
                let photo = try XCTUnwrap(uprightSize[slug], "\(page): tile for unknown photo \(tile.src)")
                // The two photos with a sidecar (`SampleAlbum.notes`) have its title.
                XCTAssertTrue(
                    tile.alt.hasPrefix("Photo ") || ["The old bridge", "La Seine"].contains(tile.alt),
                    "\(page): a neutral alt without a caption: \(tile.alt)")
                XCTAssertEqual(tile.sourceTypes, ["image/avif"], "\(page): AVIF offered by default, JPEG the fallback")
                let ratio = photo.aspectRatio
                XCTAssertEqual(
                    Double(tile.height), Double(tile.width) / ratio, accuracy: 1,
                    "\(page): \(tile.alt) is \(tile.width)×\(tile.height), photo ratio \(ratio)")
                let file = pages.folder(of: page).appendingPathComponent(tile.src.removingPercentEncoding!)
                let size = try XCTUnwrap(JPEGSize.read(file), "\(tile.src) is a JPEG")
                XCTAssertEqual(
                    Double(size.height), Double(size.width) / ratio, accuracy: 1,
                    "\(tile.src) is \(size.width)×\(size.height): the thumbnail keeps the photo's shape")
                // 360 px tall at 1x, never enlarged; a photo at most a quarter taller than
                // that (400 px) is its own 1x thumbnail.
                let oneX = min(360, photo.height)
                XCTAssertTrue(
                    size.height == oneX || (size.height == photo.height && photo.height * 4 <= oneX * 5),
                    "\(tile.src) is \(size.height) px tall for a photo of \(photo.height)")
            }
            if page.hasSuffix("index.html"), html.contains("class=\"grid\"") {
                XCTAssertTrue(html.contains("data-layout=\"justified\""), page)
            }
        }
        XCTAssertEqual(tiles, SampleAlbum.photos.count, "every photo has one tile")
    }

    func testNamesNeedingEscapesAreEscapedAndEncoded() throws {
        _ = try build(["--formats", "none"], inProcess: true)
        let pages = try SitePages(site: site)
        let family = try XCTUnwrap(pages.pages["family-friends/index.html"], "album page for 'Family & Friends'")
        XCTAssertTrue(family.contains("<h1 dir=\"auto\">Family &amp; Friends</h1>"), family)
        XCTAssertTrue(family.contains("alt=\"Photo 1 of "), "the file name is never the alt text")
        XCTAssertFalse(family.contains("Kids <3"))
        let home = try XCTUnwrap(pages.pages["index.html"])
        XCTAssertTrue(
            home.contains("href=\"%C3%A9t%C3%A9-%C3%A0-paris/index.html\""), "accented album folder is percent-encoded")
    }

    func testARebuildReusesEverythingAndDeletedPhotosDisappearButForeignFilesStay() throws {
        _ = try build(["--formats", "none"], inProcess: true)
        try Data("mine".utf8).write(to: site.appendingPathComponent("KEEP.txt"))

        let again = try build(["--formats", "none"], inProcess: true)
        XCTAssertEqual(again["generated"] as? Int, 0, "nothing changed, nothing written")
        XCTAssertEqual(again["removed"] as? Int, 0)
        XCTAssertGreaterThan(again["reused"] as? Int ?? 0, SampleAlbum.photos.count)

        try FileManager.default.removeItem(at: photos.appendingPathComponent("Travels/Coast 2024"))
        let fewer = try build(["--formats", "none"], inProcess: true)
        XCTAssertEqual(fewer["photos"] as? Int, SampleAlbum.photos.count - 6)
        XCTAssertGreaterThan(fewer["removed"] as? Int ?? 0, 6 * 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: site.appendingPathComponent("travels/coast-2024").path))
        XCTAssertEqual(try String(contentsOf: site.appendingPathComponent("KEEP.txt"), encoding: .utf8), "mine")

        let forced = try build(["--formats", "none", "--force"], inProcess: true)
        XCTAssertGreaterThan(forced["generated"] as? Int ?? 0, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent("KEEP.txt").path))
    }

}

/// The HTML pages of a built site and the links in them.
struct SitePages {
    let site: URL
    /// Site-relative path → HTML.
    let pages: [String: String]

    init(site: URL) throws {
        self.site = site
        var pages: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "html" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(site.standardizedFileURL.path.count + 1))
            pages[relative] = try String(contentsOf: url, encoding: .utf8)
        }
        self.pages = pages
    }

    func folder(of page: String) -> URL {
        site.appendingPathComponent(page).deletingLastPathComponent()
    }

    /// Whether a relative link from `page` names an existing file inside the site.
    /// The 404 page alone links from the host's root (`/tessera.css`, `/` for home): a host
    /// shows it under any address, where relative links would break.
    func resolves(_ link: String, from page: String) -> Bool {
        if page == "404.html", link.hasPrefix("/"), !link.hasPrefix("//") {
            return resolves(link == "/" ? "index.html" : String(link.dropFirst()), from: "index.html")
        }
        guard !link.contains("://"), !link.hasPrefix("/"), let path = link.removingPercentEncoding else { return false }
        let target = folder(of: page).appendingPathComponent(path).standardizedFileURL.path
        var isFolder: ObjCBool = false
        return target.hasPrefix(site.standardizedFileURL.path + "/")
            && FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) && !isFolder.boolValue
    }

    /// Every `href`, `src` and `srcset` URL in a page that names a file (a `data:` URL, like
    /// the empty favicon, carries its content itself).
    static func links(in html: String) -> [String] {
        var links: [String] = []
        for match in matches(#"(?:href|src)="([^"]*)""#, in: html) where !match[0].hasPrefix("data:") {
            links.append(unescape(match[0]))
        }
        for match in matches(#"srcset="([^"]*)""#, in: html) {
            for candidate in unescape(match[0]).split(separator: ",") {
                if let url = candidate.split(separator: " ").first { links.append(String(url)) }
            }
        }
        return links
    }

    struct Tile {
        var src: String
        var width: Int
        var height: Int
        var alt: String
        /// The `<picture>`'s `<source>` types, in order.
        var sourceTypes: [String]
    }

    /// The image of every tile of the justified grid.
    static func tiles(in html: String) -> [Tile] {
        matches(
            #"<a class="tile"[^>]*><picture>((?:<source [^>]*>)*)<img src="([^"]*)"[^>]* width="(\d+)" height="(\d+)" alt="([^"]*)""#,
            in: html
        ).map {
            Tile(
                src: unescape($0[1]), width: Int($0[2])!, height: Int($0[3])!, alt: unescape($0[4]),
                sourceTypes: matches(#"type="([^"]*)""#, in: $0[0]).map { $0[0] })
        }
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (1..<match.numberOfRanges).map { ns.substring(with: match.range(at: $0)) }
        }
    }
}

/// Reads a JPEG's pixel size from its SOF marker.
enum JPEGSize {
    static func read(_ url: URL) -> (width: Int, height: Int)? {
        guard let data = try? [UInt8](Data(contentsOf: url)), data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else {
            return nil
        }
        var i = 2
        while i + 9 < data.count {
            guard data[i] == 0xFF else { return nil }
            let marker = data[i + 1]
            let length = Int(data[i + 2]) << 8 | Int(data[i + 3])
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(data[i + 7]) << 8 | Int(data[i + 8]), Int(data[i + 5]) << 8 | Int(data[i + 6]))
            }
            i += 2 + length
        }
        return nil
    }
}

/// A digest of every file's path and bytes under a folder.
enum Fingerprint {
    static func tree(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            if !isFolder.boolValue { files[url.path] = try Data(contentsOf: url) }
        }
        return files
    }
}
