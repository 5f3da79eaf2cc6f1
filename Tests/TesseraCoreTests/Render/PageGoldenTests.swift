import Foundation
import TesseraLayout
import XCTest

@testable import TesseraCore

/// Each page kind rendered with the built-in templates, compared as text with a page kept
/// in `Golden/`. After an intended change, run the tests once with
/// `TESSERA_UPDATE_GOLDEN=1` and read the diff before committing it.
final class PageGoldenTests: XCTestCase {
    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    /// - Parameter alternatives: the formats made beside JPEG (none: the pages of a JPEG-only site).
    private func plan(alternatives: [RenditionFormat] = []) -> PagePlan {
        let catalog = Catalog(
            root: Album(
                name: "Photos", path: [], photos: [file("Harbour.jpg")],
                albums: [
                    Album(
                        name: "Family & Friends", path: ["Family & Friends"],
                        photos: [
                            file("Family & Friends/Picnic #1.jpg"), file("Family & Friends/Kids <3.jpg"),
                            file("Family & Friends/Ridge.jpg"),
                        ])
                ]))
        var infos: [String: PhotoInfo] = [
            file("Harbour.jpg").key: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000)),
            file("Family & Friends/Picnic #1.jpg").key: PhotoInfo(
                format: .jpeg, storedSize: PixelSize(width: 4000, height: 3000), orientation: .right,
                metadata: PhotoMetadata(
                    dateTaken: "2024-06-01 12:30:00", cameraMake: "Canon", cameraModel: "Canon EOS 40D",
                    lens: "EF 35mm f/2",
                    exposure: "1/250 s", aperture: "f/8", focalLength: "35 mm", iso: 200,
                    caption: "Lunch \"on the grass\"", artist: "Ana")),
            file("Family & Friends/Kids <3.jpg").key: PhotoInfo(
                format: .jpeg, storedSize: PixelSize(width: 1200, height: 1600)),
        ]
        infos[file("Family & Friends/Ridge.jpg").key] = PhotoInfo(
            format: .jpeg, storedSize: PixelSize(width: 8000, height: 800))
        let naming = NamingPlanner(
            targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg, alternatives: alternatives
        ).plan(catalog, infos: infos)
        return PagePlanner(siteTitle: "Our photos").plan(catalog, naming: naming, published: infos)
    }

    private func check(_ html: String, golden name: String, line: UInt = #line) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
        if ProcessInfo.processInfo.environment["TESSERA_UPDATE_GOLDEN"] == "1" {
            try Data(html.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(html, expected, "\(name) differs from its golden page", line: line)
    }

    private var renderer: PageRenderer {
        get throws { PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions()) }
    }

    private var site: SiteContext {
        get throws { SiteContext(title: "Our photos", language: "en", words: try ThemeWords.english()) }
    }

    /// An album's page as a build makes it: placed by the album's layout.
    private func albumPage(_ album: PlannedAlbum) throws -> AlbumPage {
        let site = try site
        let layout = AlbumLayout(.init(album, options: LayoutOptions(), metrics: site.metrics))
        return AlbumPage(album, site: site, layout: layout)
    }

    func testTheHomePageWithAnAlbumCardAndATile() throws {
        try check(try renderer.render(albumPage(plan().root)), golden: "home.html")
    }

    /// Each tile a `<picture>`: AVIF, then WebP, then the JPEG `<img>`, all at the tile's `sizes`.
    func testAnAlbumPageWithEscapedNamesAndAPanorama() throws {
        let album = plan(alternatives: [.avif, .webp]).root.albums[0]
        try check(try renderer.render(albumPage(album)), golden: "album.html")
    }

    /// The display image in three formats, every size of each; the next photo prefetched as AVIF.
    func testAPhotoPageWithEveryDetail() throws {
        let album = plan(alternatives: [.avif, .webp]).root.albums[0]
        try check(try renderer.render(PhotoPage(album, index: 0, site: site)), golden: "photo.html")
    }

    func testTheLastPhotoPageHasNoNextLink() throws {
        try check(
            try renderer.render(PhotoPage(plan().root.albums[0], index: 2, site: site)), golden: "photo-last.html")
    }

    /// The 404 page without a base URL: every link from the host's root, since a host shows
    /// it under whatever address was asked for (`/a/b/c`); `noindex`.
    func testTheNotFoundPageLinksFromTheHostsRoot() throws {
        try check(try renderer.render(NotFoundPage(site: site)), golden: "404.html")
    }

    /// With a base URL the 404 page's links start at its path on the host (encoded once),
    /// the feed's is absolute.
    func testTheNotFoundPageLinksFromTheBaseURLsPathOnItsHost() throws {
        var site = try site
        site = SiteContext(
            title: site.title, language: site.language, metrics: site.metrics, words: site.words,
            baseURL: "https://example.org/our photos")
        try check(try renderer.render(NotFoundPage(site: site)), golden: "404-base-url.html")
    }

    func testTheBuiltInTemplatesUseOnlyNamesThePageModelsProvide() throws {
        XCTAssertEqual(try Theme.defaults().warnings, [])
    }

    /// Each tile and photo page says what it shows, so a template may mark a clip or a raw
    /// (issue 19) by `{{kind}}`; today every published file is a photo.
    func testAPageAndItsTilesSayWhatKindOfMediaTheyShow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-kind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{{#photos}}<i class=\"{{kind}}\"></i>{{/photos}}".utf8)
            .write(to: folder.appendingPathComponent("album.mustache"))
        try Data("<main class=\"{{kind}}\"></main>".utf8).write(to: folder.appendingPathComponent("photo.mustache"))
        let templates = try Theme.load(from: folder)
        XCTAssertEqual(templates.warnings, [], "kind is a name the page models provide")
        let renderer = PageRenderer(theme: templates, layout: LayoutOptions())
        let album = plan().root.albums[0]
        XCTAssertEqual(album.photos.map(\.kind), [.photo, .photo, .photo])
        XCTAssertEqual(
            try renderer.render(albumPage(album)), String(repeating: "<i class=\"photo\"></i>", count: 3))
        XCTAssertEqual(try renderer.render(PhotoPage(album, index: 1, site: site)), "<main class=\"photo\"></main>")
    }

    func testATemplateFolderWithAMisspelledNameIsWarnedAboutWithItsPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tessera-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<h1>{{titel}}</h1>{{> footr}}".utf8).write(to: folder.appendingPathComponent("album.mustache"))
        let warnings = try Theme.load(from: folder).warnings.map(\.description)
        XCTAssertEqual(
            warnings,
            [
                "\(folder.path)/album.mustache:1:5: warning: 'titel' is not provided by the album page; did you mean 'title'?",
                "\(folder.path)/album.mustache:1:19: warning: partial 'footr' names no template; did you mean 'footer'?",
            ])
    }
}
