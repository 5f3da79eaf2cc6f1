import Synchronization
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// The rules on small hand-made sites: a clean one passes, and each planted problem is
/// named with its group, file and line.
final class SiteVerifierTests: XCTestCase {
    static let jpeg = MediaMetadataTests.jpeg(segments: [])
    static let gpsJPEG = MediaMetadataTests.jpeg(segments: [
        (0xE1, Array("Exif\0\0".utf8) + MediaMetadataTests.tiff(tags: [TIFFTags.gps]))
    ])

    /// A clean site of two listed pages, a hidden album, an image, a stylesheet and the
    /// sitemap, as Tessera lays one out.
    func cleanSite() throws -> TemporaryFolder {
        let site = try TemporaryFolder()
        try site.write(".nojekyll", [])
        try site.write(
            "index.html",
            Array(
                """
                <!doctype html><html><head><link rel="stylesheet" href="tessera.css">
                <link rel="canonical" href="https://example.org/g/"></head><body>
                <a href="trip/index.html">Trip</a>
                <picture><source type="image/avif" srcset="_media/a.jpg 360w, _media/a%20b.jpg 720w">
                <img src="_media/a.jpg" alt=""></picture>
                </body></html>
                """.utf8))
        try site.write(
            "trip/index.html",
            Array(
                """
                <html><head><link rel="canonical" href="https://example.org/g/trip/"></head><body>
                <a href="../index.html">Home</a> <a href="photo.html">A photo</a>
                </body></html>
                """.utf8))
        try site.write(
            "trip/photo.html",
            Array(
                #"<html><head><link rel="canonical" href="https://example.org/g/trip/photo.html"></head><body><a href="index.html">Up</a><img src="../_media/a.jpg"></body></html>"#
                    .utf8))
        try site.write(
            "secret/index.html",
            Array(
                #"<html><head><meta name="robots" content="noindex"><link rel="canonical" href="https://example.org/g/secret/"></head><body><a href="../index.html">Home</a></body></html>"#
                    .utf8))
        try site.write("tessera.css", Array("body { background: url(_media/a.jpg) }".utf8))
        try site.write("_media/a.jpg", Self.jpeg)
        try site.write("_media/a b.jpg", Self.jpeg)
        try site.write(
            "sitemap.xml",
            Array(
                """
                <?xml version="1.0"?>
                <urlset><url><loc>https://example.org/g/</loc></url>
                <url><loc>https://example.org/g/trip/</loc></url></urlset>
                """.utf8))
        return site
    }

    func verify(_ site: TemporaryFolder, _ change: (inout VerifyOptions) -> Void = { _ in }) -> VerifyReport {
        var options = VerifyOptions(
            gzippedSize: { $0.count }, inflatePNGText: { bytes, limit in bytes.count <= limit ? Array(bytes) : nil })
        change(&options)
        return SiteVerifier(site: SiteFolder(root: site.url, name: "site"), options: options).verify()
    }

    func problems(_ report: VerifyReport) -> [String] {
        report.problems.map { "\($0.group.rawValue) \($0.position): \($0.message)" }
    }

    func testACleanSitePasses() throws {
        let report = verify(try cleanSite())
        XCTAssertEqual(problems(report), [])
        XCTAssertEqual(report.pages, 4)
        XCTAssertEqual(report.images, 2)
        XCTAssertEqual(report.baseURL, "https://example.org/g/", "from the home page's canonical link")
        XCTAssertTrue(report.summary.contains("no problems"), report.summary)
    }

    /// `tessera verify` shows how far it has read: each file of a folder is told once, of
    /// all its files, the last report saying every one was read.
    func testProgressTellsEachFileReadOfAllTheFolderHas() throws {
        let site = try cleanSite()
        let reports = Mutex<[(read: Int, known: Int)]>([])
        let report = verify(site) { options in
            options.jobs = 3
            options.progress = { read, known in reports.withLock { $0.append((read, known)) } }
        }
        // Every file but the dot-files (`.nojekyll`), which are checked by name, not read.
        let visible = try XCTUnwrap(
            FileManager.default.enumerator(
                at: site.url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        )
        .compactMap { $0 as? URL }.filter {
            (try? $0.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
        }
        .count
        XCTAssertGreaterThan(report.files, visible, "the site has a dot-file too")
        let told = reports.withLock { $0 }
        XCTAssertEqual(told.map(\.read).sorted(), Array(1...visible), "each file once, none twice")
        XCTAssertEqual(Set(told.map(\.known)), [visible], "of all the folder's files")
    }

    func testMissingFilesBrokenLinksAndSourcesAreNamedWithTheirLine() throws {
        let site = try cleanSite()
        try FileManager.default.removeItem(at: site.url.appendingPathComponent("_media/a b.jpg"))
        try site.write(
            "trip/photo.html",
            Array(
                """
                <html><body><a href="index.html">Up</a>
                <a href="gone.html">Gone</a><img src="../../outside.jpg">
                <link rel="next" href="next.html"><a href=""><img src="" alt="a card without a cover"></a><link rel="canonical" href="https://example.org/g/trip/photo.html"></body></html>
                """.utf8))
        try site.write("tessera.css", Array("\n.x { background: url('_media/none.png') }".utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "links index.html:4: srcset '_media/a%20b.jpg': no file '_media/a b.jpg' in the site",
                "links tessera.css:2: url() '_media/none.png': no file '_media/none.png' in the site",
                "links trip/photo.html:2: href 'gone.html': no file 'trip/gone.html' in the site",
                "links trip/photo.html:2: src '../../outside.jpg' climbs above the site's root",
                "links trip/photo.html:3: href 'next.html': no file 'trip/next.html' in the site",
                "links trip/photo.html:3: src is empty: a broken image or clip",
            ])
    }

    /// The files the viewer loads from a tile (its display image's sources, original,
    /// video, motion) must be there as the tile's own image must: a missing one broke the
    /// viewer's zoom or download and passed.
    func testTheFilesTheViewerLoadsFromATileAreChecked() throws {
        let site = try cleanSite()
        try site.write(
            "trip/index.html",
            Array(
                """
                <html><head><link rel="canonical" href="https://example.org/g/trip/"></head><body>
                <a href="../index.html">Home</a> <a class="tile" href="photo.html" data-display="../_media/a.jpg 2048w, gone.jpg 4096w"
                data-original="_originals/gone.jpg" data-video="gone.mp4" data-motion="../_media/a.jpg"><img src="../_media/a.jpg"></a>
                </body></html>
                """.utf8))
        XCTAssertEqual(
            problems(verify(site)).filter { $0.hasPrefix("links") },
            [
                "links trip/index.html:2: data-display 'gone.jpg': no file 'trip/gone.jpg' in the site",
                "links trip/index.html:3: data-original '_originals/gone.jpg': no file 'trip/_originals/gone.jpg' in the site",
                "links trip/index.html:3: data-video 'gone.mp4': no file 'trip/gone.mp4' in the site",
            ])
    }

    func testAHiddenPageInAListingTheSitemapOrTheFeedIsALeak() throws {
        let site = try cleanSite()
        try site.write(
            "trip/index.html",
            Array(
                #"<html><body><a href="../index.html">Home</a><a href="photo.html">P</a><a href="../secret/index.html">S</a><link rel="canonical" href="https://example.org/g/trip/"></body></html>"#
                    .utf8))
        try site.write(
            "sitemap.xml",
            Array(
                "<urlset>\n<url><loc>https://example.org/g/</loc></url>\n<url><loc>https://example.org/g/secret/</loc></url></urlset>"
                    .utf8))
        try site.write(
            "feed.xml",
            Array(#"<feed><entry><link rel="alternate" href="https://example.org/g/secret/"/></entry></feed>"#.utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "hidden feed.xml:1: lists the hidden page 'secret/index.html' (it says noindex)",
                "hidden sitemap.xml:3: lists the hidden page 'secret/index.html' (it says noindex)",
                "hidden trip/index.html:1: links to the hidden page 'secret/index.html' (it says noindex)",
            ])
    }

    /// A hidden album's image named in the feed (an enclosure) or shown on a listed page
    /// shows the album as surely as a link to its page: it passed, as only pages were
    /// looked at. Its own pages may show it.
    func testAHiddenAlbumsImageInTheFeedOrOnAListedPageIsALeak() throws {
        let site = try cleanSite()
        try site.write("secret/_media/x.jpg", Self.jpeg)
        try site.write(
            "secret/index.html",
            Array(
                #"<html><head><meta name="robots" content="noindex"></head><body><a href="../index.html">Home</a><img src="_media/x.jpg"><link rel="canonical" href="https://example.org/g/secret/"></body></html>"#
                    .utf8))
        try site.write(
            "feed.xml",
            Array(
                #"<feed><entry><link rel="enclosure" href="https://example.org/g/secret/_media/x.jpg"/></entry></feed>"#
                    .utf8))
        try site.write(
            "trip/photo.html",
            Array(
                #"<html><body><a href="index.html">Up</a><img src="../secret/_media/x.jpg"><link rel="canonical" href="https://example.org/g/trip/photo.html"></body></html>"#
                    .utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "hidden feed.xml:1: lists 'secret/_media/x.jpg', a file of the hidden album 'secret/'",
                "hidden trip/photo.html:1: shows 'secret/_media/x.jpg', a file of the hidden album 'secret/'",
            ])
    }

    func testAPageNoListingReachesMustSayNoindex() throws {
        let site = try cleanSite()
        try site.write(
            "forgotten.html",
            Array(
                "<html><body>old<link rel=\"canonical\" href=\"https://example.org/g/forgotten.html\"></body></html>"
                    .utf8))
        try site.write("404.html", Array("<html><body>Not found</body></html>".utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "hidden forgotten.html: no listing links to this page and it does not say noindex: a hidden page "
                    + "built by an older Tessera (build again) or a page left behind"
            ], "404.html is what hosts show for a missing page, linked from nowhere")
    }

    /// One broken link on the home page cut the album behind it off, and every page there
    /// was also blamed on "an older Tessera"; the sitemap lists the album, so only the
    /// broken link is a problem.
    func testAPageTheSitemapListsIsNotLeftBehindWhenABrokenLinkCutsItOff() throws {
        let site = try cleanSite()
        let home = try String(contentsOf: site.url.appendingPathComponent("index.html"), encoding: .utf8)
        try site.write(
            "index.html", Array(home.replacingOccurrences(of: "trip/index.html", with: "trip/gone.html").utf8))
        XCTAssertEqual(
            problems(verify(site)), ["links index.html:3: href 'trip/gone.html': no file 'trip/gone.html' in the site"])
    }

    func testPublishedBookkeepingDotFilesAndAMissingNojekyll() throws {
        let site = try cleanSite()
        try site.write(".tessera-manifest.json", Array("{}".utf8))
        try site.write(".tessera-journal", [])
        try site.write(".tessera-memo", Array("{}".utf8))
        try site.write("trip/.photo.html.tessera-4242.tmp", [])
        try site.write("trip/.tessera-4242-photo.html.tmp", [])
        try site.write(".DS_Store", [])
        try site.write(".well-known/security.txt", [])
        XCTAssertEqual(
            problems(verify(site)).filter { $0.hasPrefix("files") }.map { $0.prefix(25) }, ["files .DS_Store: a dot-fi"]
        )
        XCTAssertEqual(verify(site).notes.count, 1, "the build folder's own files are a note")
        let published = problems(verify(site) { $0.published = true })
        XCTAssertEqual(
            published.map { String($0.prefix { $0 != ":" }) },
            [
                "files .DS_Store", "files .tessera-journal", "files .tessera-manifest.json", "files .tessera-memo",
                "files trip/.photo.html.tessera-4242.tmp", "files trip/.tessera-4242-photo.html.tmp",
            ])
        try FileManager.default.removeItem(at: site.url.appendingPathComponent(".nojekyll"))
        XCTAssertTrue(problems(verify(site)).contains { $0.hasPrefix("files .nojekyll: missing") })
    }

    /// A folder without a home page is not a site (the wrong folder, a deploy that copied
    /// nothing): it passed as "0 pages, no problems".
    func testAFolderWithoutAHomePageFails() throws {
        let site = try TemporaryFolder()
        try site.write(".nojekyll", [])
        let report = verify(site)
        XCTAssertEqual(
            problems(report),
            [
                "files index.html: the site has no home page; is this the folder a build wrote (`tessera build PHOTOS -o site`)?"
            ])
        XCTAssertTrue(report.hasProblems)
        let built = try cleanSite()
        try FileManager.default.removeItem(at: built.url.appendingPathComponent("index.html"))
        XCTAssertTrue(problems(verify(built)).contains { $0.hasPrefix("files index.html: the site has no home page") })
    }

    /// A hidden album named by a listed page other than by a link (its preview's `og:url`,
    /// an `<iframe>`, a prefetch) or by an image sitemap's `<image:loc>` passed.
    func testAHiddenAlbumNamedOtherThanByALinkIsALeak() throws {
        let site = try cleanSite()
        try site.write("secret/_media/x.jpg", Self.jpeg)
        try site.write(
            "trip/index.html",
            Array(
                """
                <html><head><meta property="og:url" content="https://example.org/g/secret/">
                <link rel="prefetch" href="../secret/index.html"></head><body><a href="../index.html">Home</a>
                <a href="photo.html">P</a><iframe src="../secret/index.html"></iframe><link rel="canonical" href="https://example.org/g/trip/"></body></html>
                """.utf8))
        try site.write(
            "sitemap.xml",
            Array(
                """
                <urlset><url><loc>https://example.org/g/</loc>
                <image:image><image:loc>https://example.org/g/secret/_media/x.jpg</image:loc></image:image></url>
                <url><loc>https://example.org/g/trip/</loc></url></urlset>
                """.utf8))
        XCTAssertEqual(
            problems(verify(site) { $0.baseURL = "https://example.org/g/" }),
            [
                "hidden sitemap.xml:2: lists 'secret/_media/x.jpg', a file of the hidden album 'secret/'",
                "hidden trip/index.html:1: names the hidden page 'secret/index.html' (it says noindex)",
                "hidden trip/index.html:2: names the hidden page 'secret/index.html' (it says noindex)",
                "hidden trip/index.html:3: names the hidden page 'secret/index.html' (it says noindex)",
            ])
    }

    /// Links the scan did not read: a refresh's target, a preload's `imagesrcset`, SVG's
    /// `<image href>`; a broken one passed.
    func testARefreshAPreloadsSourcesAndAnSVGImageAreLinks() throws {
        let site = try cleanSite()
        try site.write(
            "trip/photo.html",
            Array(
                """
                <html><head><meta http-equiv="refresh" content="5; URL='moved.html'">
                <link rel="preload" as="image" imagesrcset="../_media/a.jpg 1x, ../_media/gone.jpg 2x"></head>
                <body><a href="index.html">Up</a><svg><image href="../_media/gone.png"/></svg><link rel="canonical" href="https://example.org/g/trip/photo.html"></body></html>
                """.utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "links trip/photo.html:1: refresh 'moved.html': no file 'trip/moved.html' in the site",
                "links trip/photo.html:2: imagesrcset '../_media/gone.jpg': no file '_media/gone.jpg' in the site",
                "links trip/photo.html:3: href '../_media/gone.png': no file '_media/gone.png' in the site",
            ])
        XCTAssertEqual(SiteVerifier.refreshTarget("0;url=next.html"), "next.html")
        XCTAssertEqual(SiteVerifier.refreshTarget(" 3 , URL = \"a b.html\" "), "a b.html")
        XCTAssertNil(SiteVerifier.refreshTarget("30"), "a reload names nothing")
    }

    /// An album ZIP lives under `_originals/`, where camera data is the site's choice; what
    /// could not be looked into there (a compressed member, a ZIP inside) was dropped with it.
    func testWhatAnOriginalsZIPHidesIsAProblem() throws {
        let site = try cleanSite()
        try site.write(
            "trip/_originals/trip.zip",
            MediaMetadataTests.zip([
                ("a.jpg", Self.gpsJPEG, 8), ("inner.zip", MediaMetadataTests.zip([("b.jpg", Self.gpsJPEG, 0)]), 0),
                ("c.jpg", MediaMetadataTests.jpeg(segments: [(0xFE, Array("camera".utf8))]), 0),
            ]))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "metadata trip/_originals/trip.zip: a.jpg in the ZIP: compressed, so not looked into for metadata",
                "metadata trip/_originals/trip.zip: inner.zip in the ZIP: an archive itself, not looked into",
            ])
    }

    /// A JPEG XL and an SVG are images whose metadata is looked into, by their bytes.
    func testAJPEGXLAndAnSVGCarryingAPositionAreNamed() throws {
        let site = try cleanSite()
        let jxl =
            MediaMetadataTests.be32(12) + Array("JXL ".utf8) + [0x0D, 0x0A, 0x87, 0x0A]
            + MediaMetadataTests.box("Exif", MediaMetadataTests.be32(0) + MediaMetadataTests.tiff(tags: [TIFFTags.gps]))
            + MediaMetadataTests.box("jxlc", [0xFF, 0x0A])
        try site.write("_media/p.jxl", jxl)
        try site.write(
            "_media/map.svg",
            Array(
                #"<svg xmlns="http://www.w3.org/2000/svg"><metadata><rdf:Description exif:GPSLatitude="48,48.0N"/></metadata></svg>"#
                    .utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "metadata _media/map.svg: XMP metadata with a GPS position",
                "metadata _media/p.jxl: Exif box with a GPS position",
            ])
    }

    /// A hidden photo (`hidden: true` in its sidecar) is published as a page that says
    /// noindex, its files named after it in its album's `_media`: named on a listed page,
    /// in the feed, or packed in a listed album's ZIP, they show it. So does a hidden
    /// album's photo packed in a listed album's ZIP. `verify` tied files only to hidden
    /// albums, and passed each.
    func testAHiddenPhotosFilesOnAListedPageInTheFeedOrAListedZIPAreALeak() throws {
        let site = try cleanSite()
        let noindex = #"<meta name="robots" content="noindex">"#
        try site.write("trip/_media/photo.jpg", Self.jpeg)
        try site.write("trip/_media/hide.jpg", Self.jpeg)
        try site.write("trip/_media/hide.thumb0.5x.jpg", Self.jpeg)
        try site.write(
            "trip/hide.html",
            Array(
                #"<html><head>\#(noindex)</head><body><img src="_media/hide.jpg"><link rel="canonical" href="https://example.org/g/trip/hide.html"></body></html>"#
                    .utf8))
        try site.write(
            "secret/s1.html",
            Array(
                #"<html><head>\#(noindex)</head><body>s1<link rel="canonical" href="https://example.org/g/secret/s1.html"></body></html>"#
                    .utf8))
        try site.write(
            "trip/index.html",
            Array(
                """
                <html><head><meta property="og:image" content="https://example.org/g/trip/_media/hide.jpg">
                <link rel="canonical" href="https://example.org/g/trip/"></head><body>
                <a href="../index.html">Home</a> <a href="photo.html">A photo</a>
                <img src="_media/photo.jpg"><img src="_media/hide.thumb0.5x.jpg">
                </body></html>
                """.utf8))
        try site.write(
            "feed.xml",
            Array(
                #"<feed><entry><link rel="enclosure" href="https://example.org/g/trip/_media/hide.jpg"/></entry></feed>"#
                    .utf8))
        try site.write(
            "trip/_originals/trip.zip",
            MediaMetadataTests.zip([("photo.jpg", Self.jpeg, 0), ("hide.jpg", Self.jpeg, 0), ("s1.jpg", Self.jpeg, 0)]))
        // The hidden album's own ZIP packs its photos: nothing listed shows it.
        try site.write("secret/_originals/secret.zip", MediaMetadataTests.zip([("s1.jpg", Self.jpeg, 0)]))
        XCTAssertEqual(
            Set(problems(verify(site))),
            [
                "hidden feed.xml:1: lists 'trip/_media/hide.jpg', a file of the hidden photo 'trip/hide.html' (it says noindex)",
                "hidden trip/index.html:1: shows 'trip/_media/hide.jpg', a file of the hidden photo 'trip/hide.html' (it says noindex)",
                "hidden trip/index.html:4: shows 'trip/_media/hide.thumb0.5x.jpg', a file of the hidden photo 'trip/hide.html' (it says noindex)",
                "hidden trip/_originals/trip.zip: packs 'hide.jpg', the hidden photo 'trip/hide.html' (it says noindex)",
                "hidden trip/_originals/trip.zip: packs 's1.jpg', the hidden photo 'secret/s1.html' (it says noindex)",
            ])
    }

    /// Tessera's manifest, memo or journal copied without its leading dot (a sync tool
    /// that drops dots, a backup by hand) lists every file, hidden albums included: known
    /// by its bytes, whatever its name. Other JSON passes.
    func testTesserasOwnFilesUnderAnotherNameArePublished() throws {
        let site = try cleanSite()
        var manifest = Manifest()
        manifest.files["secret/index.html"] = Manifest.Product(fingerprint: "0a548e13032b3a9b")
        try site.write("tessera-manifest.json", Array(try JSONEncoder().encode(manifest)))
        try site.write("backup/journal", Journal.header(extending: "abc") + Array("x\t1\tsecret/index.html\n".utf8))
        try site.write("data.json", Array(#"{"files": ["a"], "version": 1}"#.utf8))
        XCTAssertEqual(
            problems(verify(site) { $0.published = true }),
            [
                "files backup/journal: a copy of Tessera's journal, which lists files, hidden albums included "
                    + "(.tessera-journal), under another name: leave it out of what you publish",
                "files tessera-manifest.json: a copy of Tessera's manifest, which lists every file, hidden albums "
                    + "included (.tessera-manifest.json), under another name: leave it out of what you publish",
            ])
    }

    func testImagesCarryingAPositionAndPagesOverBudget() throws {
        let site = try cleanSite()
        try site.write("_media/a.jpg", Self.gpsJPEG)
        // A file named like a page but holding a JPEG is still looked into by its bytes.
        try site.write("_media/renamed.txt", Self.gpsJPEG)
        // `.well-known/` is published on purpose: its images are looked into too, and its
        // pages, which are no gallery pages, are not held to what those are.
        try site.write(".well-known/logo.jpg", Self.gpsJPEG)
        try site.write(".well-known/change-password.html", Array("<html><body>x</body></html>".utf8))
        let report = verify(site) { $0.pageBudget = 300 }
        XCTAssertEqual(
            problems(report),
            [
                "metadata .well-known/logo.jpg: APP1 Exif segment with a GPS position",
                "metadata _media/a.jpg: APP1 Exif segment with a GPS position",
                "metadata _media/renamed.txt: APP1 Exif segment with a GPS position",
                "budget index.html: weighs 313 B gzipped (313 B as sent), over the 300 B budget",
            ])
        XCTAssertEqual(report.heaviest.first?.page, "index.html")
    }

    func testLinksLeavingTheBaseURLAndLinksOutOfTheFolder() throws {
        let site = try cleanSite()
        try site.write(
            "trip/photo.html",
            Array(
                """
                <html><head><link rel="canonical" href="https://example.com/elsewhere.html">
                <meta property="og:image" content="https://example.org/other/x.jpg"></head>
                <body><a href="index.html">Up</a> <a href="https://elsewhere.org/">a friend</a></body></html>
                """.utf8))
        try FileManager.default.createSymbolicLink(
            atPath: site.url.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        let report = verify(site) { $0.baseURL = "https://example.org/g" }
        XCTAssertEqual(
            problems(report),
            [
                "links trip/photo.html:1: canonical 'https://example.com/elsewhere.html' is not under the site's base URL https://example.org/g/",
                "links trip/photo.html:2: og:image 'https://example.org/other/x.jpg' leads outside the site (https://example.org/g/)",
                "files etc: a symbolic link out of the site, to '/etc'",
            ])
        XCTAssertEqual(report.external, 1, "a link to another site is counted, not followed")
    }

    /// A site folder `café` (é one character) and a sibling `café` (e and an accent): two
    /// folders on Linux, one string to Swift, so a link to the sibling passed for one inside
    /// (and, already "visited" as the root, its files were never looked at).
    func testALinkToASiblingSpeltLikeTheSiteFolderLeadsOut() throws {
        let outer = try TemporaryFolder()
        try outer.write("caf\u{E9}/index.html", Array("<html><body>Home</body></html>".utf8))
        try outer.write("cafe\u{301}/home.jpg", Self.jpeg)
        let root = outer.url.appendingPathComponent("caf\u{E9}")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("private").path, withDestinationPath: "../cafe\u{301}")
        let inventory = try XCTUnwrap(SiteFolder(root: root, name: "site").inventory())
        XCTAssertEqual(inventory.linksOut.map(\.0.description), ["private"])
        XCTAssertEqual(inventory.files.map(\.description), ["index.html"])
    }

    /// A page whose name is not UTF-8 (`résumé.html` in Latin-1, copied in from an old
    /// machine), linked as a Linux web server serves it (`r%E9sum%E9.html`): the folder was
    /// read through lossy text paths, so the file was "missing" and its link broken.
    func testAFileWhoseNameIsNotUTF8IsReadAndItsLinkResolves() throws {
        let site = try cleanSite()
        let clean = verify(site).files
        let name: [UInt8] = Array("r".utf8) + [0xE9] + Array("sum".utf8) + [0xE9] + Array(".html".utf8)
        let path = Array(site.url.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBytes {
            open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        let page = Array(
            "<html><body><a href=\"index.html\">Home</a><link rel=\"canonical\" href=\"https://example.org/g/r%E9sum%E9.html\"></body></html>"
                .utf8)
        XCTAssertEqual(page.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, page.count)
        close(fd)
        let home = try String(contentsOf: site.url.appendingPathComponent("index.html"), encoding: .utf8)
        try site.write(
            "index.html",
            Array(home.replacingOccurrences(of: "</body>", with: "<a href=\"r%E9sum%E9.html\">CV</a></body>").utf8))
        let report = verify(site)
        XCTAssertEqual(problems(report), [])
        XCTAssertEqual(report.files, clean + 1, "the page is one of the site's files")
    }

    /// `--base-url` as a person writes it, with a space or accents, is the base a build
    /// writes encoded from the same `base_url`: it gave a problem for every link under it.
    func testABaseURLWrittenWithASpaceIsTheEncodedOne() throws {
        let site = try cleanSite()
        for path in try FileManager.default.subpathsOfDirectory(atPath: site.url.path)
        where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            let file = site.url.appendingPathComponent(path)
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "example.org/g/", with: "example.org/my%20g%C3%A4llery/").utf8)
                .write(to: file)
        }
        let report = verify(site) { $0.baseURL = "https://example.org/my gällery/" }
        XCTAssertEqual(problems(report), [])
        XCTAssertEqual(report.baseURL, "https://example.org/my%20g%C3%A4llery/")
    }

    /// A sitemap or feed cut short or garbled is refused whole by every reader and search
    /// engine: it passed, as only the URLs in it were looked at. The file and the line
    /// where it breaks are named.
    func testASitemapOrFeedThatIsNotWellFormedXMLFails() throws {
        let site = try cleanSite()
        try site.write(
            "feed.xml",
            Array(
                """
                <?xml version="1.0" encoding="utf-8"?>
                <feed xmlns="http://www.w3.org/2005/Atom">
                <entry><link rel="alternate" href="https://example.org/g/trip/"/></entry>
                """.utf8))
        try site.write(
            "sitemap.xml",
            Array(
                """
                <?xml version="1.0"?>
                <urlset><url><loc>https://example.org/g/</loc></url>
                <url><loc>https://example.org/g/trip/</loc></url></url
                """.utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "unreadable feed.xml:3: is not well-formed XML: it ends before <feed> is closed (the file is cut short?); "
                    + "feed readers and search engines refuse all of it: copy it again from the build folder, or build again",
                "unreadable sitemap.xml:3: is not well-formed XML: it has the end tag </url> cut or garbled; "
                    + "feed readers and search engines refuse all of it: copy it again from the build folder, or build again",
            ])
    }

    /// What makes XML not well-formed, each seen; what Tessera writes (a declaration,
    /// CDATA, comments, references) is well-formed.
    func testXMLWellFormednessKnowsWhatReadersRefuse() {
        func problem(_ text: String) -> String? { XMLWellFormedness.problem(in: Array(text.utf8))?.reason }
        let clean = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!-- a sitemap -->
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" a='1'>
            <url><loc><![CDATA[https://example.org/<a>]]></loc><x/><y b="&amp;&#38;&#x26;"></y></url>
            <?pi data?>
            </urlset>
            <!-- done -->

            """
        XCTAssertNil(problem(clean))
        XCTAssertNil(problem("<!DOCTYPE feed [<!ENTITY e \"x\">]><feed>&e;</feed>"), "a declared entity is known")
        let refused: [(String, String)] = [
            ("", "has no root element"),
            ("<feed>", "ends before <feed> is closed (the file is cut short?)"),
            ("<a></b>", "closes <b> where <a> is open"),
            ("<a/><b/>", "has a second root element <b>"),
            ("<a>x</a>y", "has text after its root element ends"),
            ("<a x=1/>", "has an attribute value without quotes in <a>"),
            ("<a x='1' x='2'/>", "repeats the attribute 'x' in <a>"),
            ("<a x='1'y='2'/>", "has a tag <a> cut or garbled (an attribute without a name or a space)"),
            ("<a>&nbsp;</a>", "has the entity '&nbsp;', which XML does not know"),
            ("<a>A & B</a>", "has a '&' that starts no reference (write '&amp;')"),
            ("<a>&#0;</a>", "has a character reference to a character XML forbids"),
            ("<a>\u{1}</a>", "holds the character U+1, which XML forbids"),
            ("<a><![CDATA[x</a>", "ends inside a CDATA section (no ']]>')"),
            ("<a><!-- x -- y --></a>", "has '--' inside a comment"),
            ("<a>1 < 2</a>", "has a '<' that starts no tag (write '&lt;')"),
            ("<a><b", "ends inside the tag <b>"),
            (" <?xml version='1.0'?><a/>", "has an XML declaration that is not at the very start"),
            (String(repeating: "<a>", count: 300), "nests elements more than 256 deep"),
        ]
        for (text, reason) in refused { XCTAssertEqual(problem(text), reason, text) }
        XCTAssertEqual(
            XMLWellFormedness.problem(in: [0x3C, 0x61, 0x3E, 0xFF, 0x3C, 0x2F, 0x61, 0x3E])?.reason,
            "holds bytes that are not UTF-8")
        XCTAssertEqual(XMLWellFormedness.problem(in: Array("<a>\n\n<b></a>".utf8))?.line, 3)
    }

    /// A sitemap's `<loc>` written as CDATA names its page as plainly: a hidden one there
    /// passed, unseen.
    func testASitemapLocWrittenAsCDATAIsRead() throws {
        let site = try cleanSite()
        try site.write(
            "sitemap.xml",
            Array(
                """
                <urlset><url><loc>https://example.org/g/</loc></url>
                <url><loc><![CDATA[https://example.org/g/secret/]]></loc></url></urlset>
                """.utf8))
        XCTAssertEqual(
            problems(verify(site)),
            ["hidden sitemap.xml:2: lists the hidden page 'secret/index.html' (it says noindex)"])
    }

    /// Link previews and canonical links are read by others, who take only absolute URLs
    /// of the site, and a canonical link must name its own page: a relative `og:image` or
    /// `og:url`, a `file:` URL in a preview or the sitemap and a canonical naming another
    /// page all passed.
    func testPreviewsCanonicalsAndSitemapEntriesMustBeTheSitesAbsoluteURLs() throws {
        let site = try cleanSite()
        try site.write(
            "trip/index.html",
            Array(
                """
                <html><head><link rel="canonical" href="https://example.org/g/trip/photo.html">
                <meta property="og:image" content="../_media/a.jpg"><meta property="og:url" content="index.html">
                </head><body><a href="../index.html">Home</a> <a href="photo.html">A photo</a></body></html>
                """.utf8))
        try site.write(
            "trip/photo.html",
            Array(
                """
                <html><head><link rel="canonical" href="https://example.org/g/trip/photo.html">
                <meta property="og:image" content="file:///home/ana/site/_media/a.jpg"></head>
                <body><a href="index.html">Up</a><img src="../_media/a.jpg"></body></html>
                """.utf8))
        try site.write(
            "sitemap.xml",
            Array(
                """
                <urlset><url><loc>https://example.org/g/</loc></url>
                <url><loc>file:///home/ana/site/trip/photo.html</loc></url></urlset>
                """.utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "links sitemap.xml:2: loc 'file:///home/ana/site/trip/photo.html' is a file: URL, which no one else can "
                    + "open; it must be under the site's base URL",
                "links trip/index.html:1: canonical 'https://example.org/g/trip/photo.html' names 'trip/photo.html', "
                    + "another page, so search engines leave this one out; a page's canonical link names the page itself",
                "links trip/index.html:2: og:image '../_media/a.jpg' is relative: link previews, search engines and "
                    + "feed readers take only an absolute URL (under the site's base URL)",
                "links trip/index.html:2: og:url 'index.html' is relative: link previews, search engines and "
                    + "feed readers take only an absolute URL (under the site's base URL)",
                "links trip/photo.html:2: og:image 'file:///home/ana/site/_media/a.jpg' is a file: URL, which no one "
                    + "else can open; it must be under the site's base URL",
            ])
        XCTAssertNil(SiteVerifier.whyNotAbsolute("\r\n https://example.org/g/"), "white space around is no matter")
        XCTAssertNotNil(SiteVerifier.whyNotAbsolute("\tfile:///x"))
        XCTAssertNotNil(SiteVerifier.whyNotAbsolute("//example.org/g/"), "a scheme-relative URL is relative")
    }

    /// A build with a base URL gives every page a canonical link but the 404 page, which
    /// has no address of its own: a page without one where the others have one passed.
    func testAPageWithoutTheCanonicalLinkTheOthersHaveFails() throws {
        let site = try cleanSite()
        try site.write(
            "trip/photo.html",
            Array(#"<html><body><a href="index.html">Up</a><img src="../_media/a.jpg"></body></html>"#.utf8))
        try site.write("404.html", Array("<html><body>Not found</body></html>".utf8))
        XCTAssertEqual(
            problems(verify(site)),
            [
                "links trip/photo.html: has no canonical link (<link rel=\"canonical\">), which the site's other "
                    + "pages have: search engines may list it under another address; build again"
            ])
    }
}
