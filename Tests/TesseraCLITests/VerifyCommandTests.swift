import Foundation
import TesseraTestSupport
import XCTest

/// `tessera verify` in process on sites `tessera build` made: clean ones pass (exit 0), each
/// planted problem fails (exit 1) naming its file; usage mistakes exit 64. Images and videos
/// are judged against exiftool, which must see the same positions verify reports.
final class VerifyCommandTests: XCTestCase {
    /// One sample site, built once for the class (a static `let` is made once, safely
    /// across threads) with a base URL, AVIF and WebP, a hidden album and a hidden photo;
    /// removed when the class's tests end.
    static let workspace: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-verify-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try? InProcessCLI.run(["sample", "photos"], in: folder)
        try? Data("---\nhidden: true\n---\nPrivate.\n".utf8)
            .write(to: folder.appendingPathComponent("photos/Travels/Coast 2024/index.md"))
        try? Data("Hidden: true\n\nNot for everyone.\n".utf8).write(
            to: folder.appendingPathComponent("photos/Market.md"))
        _ = try? InProcessCLI.run(
            ["build", "photos", "-o", "site", "-q", "--base-url", "https://example.org/g/", "--formats", "avif,webp"],
            in: folder)
        return folder
    }()

    override class func tearDown() {
        try? FileManager.default.removeItem(at: workspace)
        super.tearDown()
    }

    /// A fresh copy of the built site, to plant a problem in.
    func copyOfSite() throws -> (folder: TemporaryFolder, site: URL) {
        let built = Self.workspace.appendingPathComponent("site")
        XCTAssertTrue(FileManager.default.fileExists(atPath: built.appendingPathComponent("index.html").path))
        let folder = try TemporaryFolder()
        let site = folder.url.appendingPathComponent("site")
        try FileManager.default.copyItem(at: built, to: site)
        return (folder, site)
    }

    /// `body`'s result while `site` is served by Python's `http.server` on a free loopback
    /// port, which `body` is given.
    func served<Result>(_ site: URL, _ body: (Int) throws -> Result) throws -> Result {
        guard let python = ExifToolReading.executable("python3") else { throw XCTSkip("python3 is not installed") }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: python)
        server.arguments = ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site.path]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate() }
        return try body(try ServedFolder.port(printedBy: output, marker: " port ", process: server))
    }

    func edit(_ file: URL, _ change: (String) -> String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let changed = change(text)
        XCTAssertNotEqual(changed, text, "the edit of \(file.lastPathComponent) changed nothing")
        try Data(changed.utf8).write(to: file)
    }

    func testTheBuiltSampleSitePassesAndSaysWhatItChecked() throws {
        let (folder, _) = try copyOfSite()
        let result = try InProcessCLI.run(["verify", "site"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("no problems"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("site: 36 pages"), "30 photos, 5 albums and the 404 page: \(result.stdout)")
        XCTAssertTrue(
            result.stderr.contains("note: .tessera-manifest.json"), "the build folder's own files: \(result.stderr)")
        XCTAssertFalse(result.stderr.contains("error"), result.stderr)

        let json = try InProcessCLI.run(["verify", "site", "--json"], in: folder.url)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((report["problems"] as? [Any])?.count, 0)
        XCTAssertEqual(report["baseURL"] as? String, "https://example.org/g/")
        let images = try FileManager.default.subpathsOfDirectory(atPath: folder.url.appendingPathComponent("site").path)
            .filter { path in [".jpg", ".avif", ".webp"].contains { path.hasSuffix($0) } }
        XCTAssertGreaterThan(
            images.count, 200, "30 photos: three images each in JPEG, two in AVIF and three in WebP, more for covers")
        XCTAssertEqual(report["images"] as? Int, images.count, "every rendition in JPEG, AVIF and WebP was looked into")
        XCTAssertEqual((report["heaviest"] as? [[String: Any]])?.count, 3)
    }

    /// A page's link to `x%0Anote%3A 0 problems` decodes to a name with a line break: the
    /// report printed it raw, forging a `note: 0 problems` line of its own.
    func testALinkHoldingALineBreakCannotForgeALineOfTheReport() throws {
        let (folder, site) = try copyOfSite()
        try edit(site.appendingPathComponent("index.html")) {
            $0.replacingOccurrences(of: "</main>", with: #"<a href="x%0Anote%3A 0 problems">x</a></main>"#)
        }
        let result = try InProcessCLI.run(["verify", "site"], in: folder.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains(#"no file 'x\nnote: 0 problems' in the site"#), result.stdout)
        XCTAssertFalse(
            result.stdout.split(separator: "\n").contains { $0.hasPrefix("note: 0 problems") }, result.stdout)
        // Nor can the heaviest page's name, which the summary gives.
        try edit(site.appendingPathComponent("index.html")) {
            $0.replacingOccurrences(of: #"<a href="x%0Anote%3A 0 problems">x</a>"#, with: "")
        }
        let heavy = "<html><body>" + (0..<20_000).map { "w\($0) " }.joined() + "</body></html>"
        try Data(heavy.utf8).write(to: site.appendingPathComponent("x\nnote: 0 problems.html"))
        let named = try InProcessCLI.run(["verify", "site"], in: folder.url)
        XCTAssertTrue(named.stdout.contains(#"heaviest page x\nnote: 0 problems.html"#), named.stdout)
        XCTAssertFalse(
            named.stdout.split(separator: "\n").contains { $0.hasPrefix("note: 0 problems") }, named.stdout)
    }

    func testEachPlantedProblemFailsNamingItsFile() throws {
        struct Plant {
            var name: String
            var arguments: [String] = []
            var expected: [String]
            var plant: (URL) throws -> Void
        }
        let plants: [Plant] = [
            Plant(name: "a missing image", expected: ["Links (", "no file 'travels/_media/bridge.thumb.jpg'"]) { site in
                try FileManager.default.removeItem(at: site.appendingPathComponent("travels/_media/bridge.thumb.jpg"))
            },
            Plant(name: "a broken link", expected: ["travels/index.html:", "href 'brige.html'"]) { site in
                try self.edit(site.appendingPathComponent("travels/index.html")) {
                    $0.replacingOccurrences(of: "href=\"bridge.html\"", with: "href=\"brige.html\"")
                }
            },
            Plant(
                name: "a broken srcset entry", expected: ["travels/index.html:", "srcset '_media/bridge.thumb2x.avf'"]
            ) {
                site in
                try self.edit(site.appendingPathComponent("travels/index.html")) {
                    $0.replacingOccurrences(
                        of: "_media/bridge.thumb2x.avif 1080w", with: "_media/bridge.thumb2x.avf 1080w")
                }
            },
            Plant(
                name: "a hidden album in the sitemap",
                expected: ["Hidden pages (", "sitemap.xml:", "'travels/coast-2024/index.html'"]
            ) {
                site in
                try self.edit(site.appendingPathComponent("sitemap.xml")) {
                    $0.replacingOccurrences(
                        of: "</urlset>",
                        with: "<url><loc>https://example.org/g/travels/coast-2024/</loc></url>\n</urlset>")
                }
            },
            Plant(
                name: "a hidden album in the feed",
                expected: ["feed.xml:", "lists the hidden page 'travels/coast-2024/index.html'"]
            ) {
                site in
                try self.edit(site.appendingPathComponent("feed.xml")) {
                    $0.replacingOccurrences(
                        of: "</feed>",
                        with:
                            "<entry><link rel=\"alternate\" href=\"https://example.org/g/travels/coast-2024/\"/></entry>\n</feed>"
                    )
                }
            },
            Plant(
                name: "a hidden photo in a listing",
                expected: ["index.html:", "links to the hidden page 'market.html'"]
            ) { site in
                try self.edit(site.appendingPathComponent("index.html")) {
                    $0.replacingOccurrences(of: "</main>", with: "<a href=\"market.html\">Market</a></main>")
                }
            },
            Plant(
                name: "a published manifest, memo and journal", arguments: ["--published"],
                expected: [
                    "Published files (3)", ".tessera-manifest.json: Tessera's manifest is published",
                    ".tessera-memo: Tessera's build memo is published", ".tessera-journal:",
                ]
            ) { site in
                try Data("tessera-journal 1 0\n".utf8).write(to: site.appendingPathComponent(".tessera-journal"))
            },
            Plant(name: "a missing .nojekyll", expected: [".nojekyll: missing"]) { site in
                try FileManager.default.removeItem(at: site.appendingPathComponent(".nojekyll"))
            },
            Plant(
                name: "an over-budget page", arguments: ["--page-budget", "1"],
                expected: ["Page budgets (", "over the 1.0 KiB budget"]
            ) { _ in },
        ]
        for plant in plants {
            let (folder, site) = try copyOfSite()
            try plant.plant(site)
            let result = try InProcessCLI.run(["verify", "site"] + plant.arguments, in: folder.url)
            XCTAssertEqual(result.status, 1, "\(plant.name): \(result.stdout)")
            for text in plant.expected {
                XCTAssertTrue(result.stdout.contains(text), "\(plant.name): no '\(text)' in\n\(result.stdout)")
            }
            XCTAssertTrue(result.stderr.contains("error: site: "), "\(plant.name): \(result.stderr)")
        }
    }

    func testImagesExiftoolFindsAPositionInAreTheOnesVerifyNames() throws {
        guard ExifTool.isAvailable else { throw XCTSkip(ExifTool.missing) }
        let (folder, site) = try copyOfSite()
        let tagged = ["_media/evening.jpg", "travels/_media/bridge.thumb.avif", "_media/lighthouse.webp"]
        for path in tagged {
            try ExifTool.write(
                ["-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E"],
                to: site.appendingPathComponent(path))
        }
        try ExifTool.write(["-XMP-dc:Title=Private"], to: site.appendingPathComponent("_media/market.thumb.jpg"))
        let result = try InProcessCLI.run(["verify", "site", "--json"], in: folder.url)
        XCTAssertEqual(result.status, 1)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let problems = try XCTUnwrap(report["problems"] as? [[String: Any]])
        let named = Dictionary(grouping: problems.filter { $0["group"] as? String == "metadata" }) {
            $0["file"] as! String
        }
        XCTAssertEqual(Set(named.keys), Set(tagged + ["_media/market.thumb.jpg"]))
        for path in tagged {
            XCTAssertTrue(
                named[path]?.contains { ($0["message"] as? String)?.contains("GPS position") == true } == true,
                "\(path): \(named[path] ?? [])")
        }
        // exiftool, as an independent reader, agrees on every image of the site.
        let media = try FileManager.default.subpathsOfDirectory(atPath: site.path).filter { path in
            [".jpg", ".avif", ".webp"].contains { path.hasSuffix($0) }
        }
        let read = try ExifToolReading.tags(of: media.map { site.appendingPathComponent($0) })
        for path in media {
            let tags = read[site.appendingPathComponent(path).path] ?? []
            let hasGPS = tags.contains { $0.contains("GPS") }
            let hasMetadata = tags.contains { $0.hasPrefix("EXIF:") || $0.hasPrefix("XMP") || $0.hasPrefix("IPTC:") }
            XCTAssertEqual(
                hasGPS, tagged.contains(path), "\(path): exiftool reads \(tags.filter { $0.contains("GPS") })")
            XCTAssertEqual(hasMetadata, named[path] != nil, "\(path): exiftool reads \(tags)")
        }
    }

    func testVideosCarryingAPlaceOrTagsAreNamedAndACleanOnePasses() throws {
        guard let ffmpeg = ExifToolReading.executable("ffmpeg") else {
            throw XCTSkip("ffmpeg is not installed (Debian: ffmpeg; `make test` installs it)")
        }
        let (folder, site) = try copyOfSite()
        let media = site.appendingPathComponent("_media")
        func make(_ name: String, _ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ffmpeg)
            process.arguments =
                ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=64x36:rate=5", "-t", "0.4"] + arguments
                + [media.appendingPathComponent(name).path]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, name)
        }
        let place = ["-metadata", "location=+48.8584+002.2945/"]
        try make("clean.mp4", ["-map_metadata", "-1", "-c:v", "libx264", "-pix_fmt", "yuv420p"])
        try make("clean.webm", ["-map_metadata", "-1", "-c:v", "libvpx-vp9", "-b:v", "50k"])
        try make("phone.mov", place + ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mov"])
        try make("tagged.mp4", place + ["-metadata", "creation_time=2024-05-01T10:00:00Z", "-c:v", "libx264"])
        try make("tagged.webm", place + ["-c:v", "libvpx-vp9", "-b:v", "50k"])
        let result = try InProcessCLI.run(["verify", "site"], in: folder.url)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("_media/phone.mov: moov/udta/©xyz: a position"), result.stdout)
        XCTAssertTrue(result.stdout.contains("_media/tagged.mp4: moov/udta/loci: a place"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("_media/tagged.mp4: moov/mvhd: the recording time (2024-05-01)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("_media/tagged.webm: Tags: LOCATION"), result.stdout)
        XCTAssertFalse(result.stdout.contains("clean."), "what ffmpeg -map_metadata -1 writes passes: \(result.stdout)")
        XCTAssertTrue(result.stdout.contains("and 5 videos inspected"), result.stdout)
        if ExifTool.isAvailable {
            let read = try ExifToolReading.tags(
                of: ["clean.mp4", "clean.webm", "phone.mov", "tagged.mp4", "tagged.webm"].map {
                    media.appendingPathComponent($0)
                })
            for (file, tags) in read {
                let located = tags.contains {
                    $0.contains("GPS") || $0.hasSuffix(":Location") || $0.contains("Location-")
                }
                XCTAssertEqual(located, !file.contains("clean."), "\(file): exiftool reads \(tags)")
            }
        }
    }

    func testHostileNamesBuildIntoASiteThatPasses() throws {
        let folder = try TemporaryFolder()
        XCTAssertEqual(try InProcessCLI.run(["sample", "sample"], in: folder.url).status, 0)
        let jpeg = try Data(contentsOf: folder.url.appendingPathComponent("sample/Harbour at dawn.jpg"))
        let names = [
            "a b.jpg", "hash#1.jpg", "100%.jpg", "what?.jpg", "R&D.jpg", "quote\"d.jpg", "it's.jpg", "🌅 sunrise.jpg",
            "שלום.jpg", "مرحبا بالعالم.jpg", "caf\u{E9}.jpg", "cafe\u{301}.jpg",
        ]
        for album in ["", "Trip #1 & more?", "\u{202E}RTL override", "שבת שלום"] {
            for name in names {
                // Each its own bytes (its name after the JPEG's end): copies would be folded.
                try folder.write("photos/" + (album.isEmpty ? "" : album + "/") + name, Array(jpeg) + Array(name.utf8))
            }
        }
        let build = try InProcessCLI.run(["build", "photos", "-o", "site", "-q", "--formats", "none"], in: folder.url)
        XCTAssertEqual(build.status, 0, build.stderr)
        let result = try InProcessCLI.run(["verify", "site"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("site: 53 pages"), "and the 404 page: " + result.stdout)
    }

    func testAServedSiteIsVerifiedOverHTTP() throws {
        let serve = Process()
        serve.executableURL = try Tessera.binary()
        serve.arguments = [
            "serve", "photos", "-o", "site", "--no-watch", "--port", "0", "--base-url", "https://example.org/g/",
            "--formats", "avif,webp", "-q",
        ]
        serve.currentDirectoryURL = Self.workspace
        let output = Pipe()
        serve.standardOutput = output
        serve.standardError = FileHandle.nullDevice
        try serve.run()
        defer { serve.terminate() }
        let port = try ServedFolder.port(printedBy: output, marker: "http://127.0.0.1:", process: serve)
        let result = try InProcessCLI.run(["verify", "--url", "http://127.0.0.1:\(port)/"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(
            result.stdout.contains("http://127.0.0.1:\(port)/: 27 pages"),
            "hidden pages are not reached: \(result.stdout)")
        XCTAssertTrue(result.stderr.contains("note: over HTTP only what links reach is checked"), result.stderr)
    }

    /// A published file of a gigabyte (a long video, an original) is read over HTTP as a
    /// folder's is, from disk: `verify --url` passes within 200 MB of data (`ulimit -d`), where
    /// it held the file in memory and died of SIGILL. Nor does it hold what it has received
    /// and not yet written: URLSession queued every piece for it, and on a loaded machine,
    /// writing more slowly than loopback sent, a gigabyte piled up (it died so within 400 MB
    /// once on CI, and within 150 MB every time beside four busy loops). The limit counts
    /// each thread's stack as reserved, 8 MB, not as used: a passing run peaks at 131–145 MB
    /// of data with 9 or 10 threads while only 18–31 MB of it is memory in use (`VmData`
    /// and `RssAnon` sampled every 50 ms, 11 runs), so a limit of 150 MB failed now and then
    /// (once in a whole debug suite) with nothing wrong. The file held whole fails here every
    /// time, the pile-up only on a machine that writes more slowly than loopback sends.
    func testAServedFileOfAGigabyteIsCheckedWithinASmallServersMemory() throws {
        guard !(try Tessera.binary().path.contains("/asan/")) else {
            throw XCTSkip(
                "AddressSanitizer's shadow memory is more than any data limit allows; the other runs check this")
        }
        let (folder, site) = try copyOfSite()
        for name in try FileManager.default.contentsOfDirectory(atPath: site.path) where name.hasPrefix(".tessera-") {
            try FileManager.default.removeItem(at: site.appendingPathComponent(name))
        }
        // The photo's bytes, then a gigabyte of nothing (sparse on disk) before its end marker.
        let photo = site.appendingPathComponent("travels/_media/canal.jpg")
        let bytes = try Data(contentsOf: photo)
        let handle = try FileHandle(forWritingTo: photo)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes.dropLast(2))
        try handle.seek(toOffset: 1 << 30)
        try handle.write(contentsOf: Data([0xFF, 0xD9]))
        try handle.close()
        let result = try served(site) { port in
            try Tessera.run(
                ["verify", "--url", "http://127.0.0.1:\(port)/", "--base-url", "https://example.org/g/"],
                in: folder.url, timeout: 300, dataKiB: 200_000)
        }
        XCTAssertEqual(result.reason, .exit, "not ended by a signal: \(result.stderr)")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("no problems"), result.stdout)
    }

    func testAPublishedCopyServedWithItsManifestAndABrokenLinkFails() throws {
        let (folder, site) = try copyOfSite()
        try FileManager.default.removeItem(at: site.appendingPathComponent("travels/_media/canal.jpg"))
        let result = try served(site) { port in
            try InProcessCLI.run(
                ["verify", "--url", "http://127.0.0.1:\(port)/", "--base-url", "https://example.org/g/"], in: folder.url
            )
        }
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains(".tessera-manifest.json: Tessera's manifest is published"), result.stdout)
        XCTAssertTrue(result.stdout.contains("no file 'travels/_media/canal.jpg'"), result.stdout)
    }

    /// The home page's address pasted from a browser (`…/index.html`) names the site, as
    /// README says; it was refused as a usage mistake (exit 64), verifying nothing.
    func testTheHomePagesOwnAddressVerifiesTheSiteServedThere() throws {
        let (folder, site) = try copyOfSite()
        for name in try FileManager.default.contentsOfDirectory(atPath: site.path) where name.hasPrefix(".tessera-") {
            try FileManager.default.removeItem(at: site.appendingPathComponent(name))
        }
        let (port, result) = try served(site) { port in
            (port, try InProcessCLI.run(["verify", "--url", "http://127.0.0.1:\(port)/index.html"], in: folder.url))
        }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("http://127.0.0.1:\(port)/: 27 pages"), result.stdout)
        let page = try InProcessCLI.run(["verify", "--url", "http://127.0.0.1:1/travels/index.html"])
        XCTAssertEqual(page.status, 1, "an album's own page is another site's home, not refused: \(page.stderr)")
        let other = try InProcessCLI.run(["verify", "--url", "http://127.0.0.1:1/evening.html"])
        XCTAssertEqual(other.status, 64, "a photo's page is no site's address: \(other.stderr)")
        XCTAssertTrue(other.stderr.contains("or its home page"), other.stderr)
    }

    /// A big site takes a while: `verify` says how far it has read, as a build does (here
    /// a line for every report, as a log gets one every few seconds), and `--quiet` says
    /// nothing of it.
    func testVerifySaysHowManyFilesItHasReadUnlessQuiet() throws {
        let (folder, _) = try copyOfSite()
        let result = try InProcessCLI.run(["verify", "site"], in: folder.url, plainProgressInterval: .zero)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("Verifying: ") }
        let read = try XCTUnwrap(result.stdout.firstMatch(of: /(\d+) files/)?.1).description
        XCTAssertEqual(lines.first?.hasPrefix("Verifying: 1 of "), true, result.stderr)
        XCTAssertGreaterThan(lines.count, 50, "a line for each file read: \(lines.count)")
        XCTAssertTrue(lines.allSatisfy { $0.contains(" of ") }, result.stderr)
        XCTAssertGreaterThanOrEqual(Int(read) ?? 0, lines.count, "no more read than the site has")
        XCTAssertEqual(Tessera.withoutProgress(result.stderr).contains("Verifying"), false, "the filter knows them")
        let quiet = try InProcessCLI.run(["verify", "site", "-q"], in: folder.url, plainProgressInterval: .zero)
        XCTAssertEqual(quiet.stderr, "", quiet.stderr)
    }

    func testUsageMistakesExit64AndAMissingFolderIsAnError() throws {
        for arguments in [
            ["verify"], ["verify", "site", "--url", "http://127.0.0.1:1/"], ["verify", "--url", "ftp://example.org/"],
            ["verify", "site", "--page-budget", "0"], ["verify", "site", "--pubished"],
        ] {
            let result = try InProcessCLI.run(arguments)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("Usage: tessera verify"), result.stderr)
        }
        let missing = try InProcessCLI.run(["verify", "nowhere"])
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("error: 'nowhere' is not a folder"), missing.stderr)
        let refused = try InProcessCLI.run(["verify", "--url", "http://127.0.0.1:1/"])
        XCTAssertEqual(refused.status, 1, "nothing listens on port 1")
        XCTAssertTrue(refused.stdout.contains("Unreadable (1):\n  index.html: cannot be read: "), refused.stdout)
        XCTAssertTrue(try InProcessCLI.run(["help", "verify"]).stdout.contains("--page-budget <kib>"))
    }
}

/// Reading tags with exiftool, and finding other programs the tests run.
enum ExifToolReading {
    static func executable(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `GROUP:Tag` names exiftool reads in each file (`-ee -G -a`, embedded data too).
    static func tags(of files: [URL]) throws -> [String: [String]] {
        guard let path = ExifTool.path else { throw XCTSkip(ExifTool.missing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-j", "-ee", "-G", "-a", "-q", "-q"] + files.map(\.path)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        var result: [String: [String]] = [:]
        for entry in entries {
            guard let file = entry["SourceFile"] as? String else { continue }
            result[file] = entry.keys.filter {
                !$0.hasPrefix("File:") && !$0.hasPrefix("ExifTool:") && $0 != "SourceFile"
            }
        }
        return result
    }
}
