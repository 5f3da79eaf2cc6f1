import Foundation
import TesseraLayout
import TesseraTemplate
import TesseraYAML
import XCTest

@testable import TesseraCore

/// What the photo viewer (`assets/viewer.js`) reads from an album page: each tile's display
/// image in every format the site makes, and the words its photo page shows; and that every
/// page loads the script without making the page wait for it.
final class ViewerMarkupTests: XCTestCase {
    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    /// An album below the home page: a photo with EXIF and a caption, one without, and a
    /// panorama whose tile is its display image.
    private func album(alternatives: [RenditionFormat]) -> PlannedAlbum {
        let photos = ["Trip/Café #1.jpg", "Trip/Plain.jpg", "Trip/Ridge.jpg"].map(file)
        let catalog = Catalog(
            root: Album(
                name: "Photos", path: [], photos: [],
                albums: [Album(name: "Trip", path: ["Trip"], photos: photos)]))
        let infos: [String: PhotoInfo] = [
            photos[0].key: PhotoInfo(
                format: .jpeg, storedSize: PixelSize(width: 4000, height: 3000),
                metadata: PhotoMetadata(
                    dateTaken: "2024-06-01 12:30:00", cameraMake: "Fujifilm", cameraModel: "X-T30", lens: "XF35mmF2",
                    exposure: "1/250 s", aperture: "f/5.6", focalLength: "35 mm", iso: 200,
                    caption: "Coffee \"by the canal\"", artist: "Ana")),
            photos[1].key: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 1200, height: 1600)),
            photos[2].key: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 8000, height: 800)),
        ]
        let naming = NamingPlanner(
            targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg, alternatives: alternatives
        ).plan(catalog, infos: infos)
        return PagePlanner(siteTitle: "Photos").plan(catalog, naming: naming, published: infos).root.albums[0]
    }

    private var site: SiteContext {
        get throws { SiteContext(title: "Photos", language: "en", words: try ThemeWords.english()) }
    }

    /// The viewer takes a `<source>`'s `data-display`, else the tile's with the source's
    /// extension: either way it must name the display file the photo page shows in that
    /// format, at its width, or say there is none, or the viewer would show a missing or
    /// wrong file.
    func testEveryTileNamesItsDisplayImageInEveryFormatTheSiteMakes() throws {
        for alternatives in [[], [RenditionFormat.avif, .webp], [.webp]] {
            let album = album(alternatives: alternatives)
            let page = AlbumPage(album, site: try site, layout: .unplaced)
            XCTAssertEqual(page.photos.count, 3)
            for (tile, photo) in zip(page.photos, album.photos) {
                let jpeg = photo.rendition(.display)
                XCTAssertEqual(
                    tile.displayImage, "\(URLPath.relative(from: album.folder, to: jpeg.path)) \(jpeg.size.width)w")
                XCTAssertEqual(tile.sources.count, alternatives.count)
                for (source, format) in zip(tile.sources, alternatives) {
                    // AVIF is made for thumbnails only: the source says it has no display
                    // image, so the viewer takes the next one instead of a missing file.
                    guard let file = photo.rendition(.display, in: format) else {
                        XCTAssertEqual(source.display, PictureSource.noDisplayImage, "\(format) of \(photo.page)")
                        continue
                    }
                    let named = source.display ?? Tile.display(tile.displayImage, as: format)
                    XCTAssertEqual(named, "\(URLPath.relative(from: album.folder, to: file.path)) \(file.size.width)w")
                    // The photo page lists the same file: the viewer shows what the page shows.
                    let photoPage = PhotoPage(album, index: album.photos.firstIndex(of: photo)!, site: try site)
                    let listed = photoPage.image.sources.first { $0.type == format.mimeType }?.srcset ?? ""
                    XCTAssertTrue(listed.contains(named), "\(named) is not in the photo page's \(listed)")
                }
            }
        }
    }

    func testADisplayImageInAnotherFormatKeepsItsNameAndWidth() {
        XCTAssertEqual(Tile.display("_media/caf%C3%A9.jpg 2048w", as: .avif), "_media/caf%C3%A9.avif 2048w")
        XCTAssertEqual(Tile.display("../a.b/_media/x.jpg 900w", as: .webp), "../a.b/_media/x.webp 900w")
    }

    /// The details panel shows what the photo page shows, in its order and its language
    /// (an album's viewer showed `2024-06-01 12:30:00` where the French photo page says
    /// `1 juin 2024 à 12:30`); a photo without any has none (no empty `data-` attributes).
    func testATileCarriesWhatItsPhotoPageSays() throws {
        let album = album(alternatives: [])
        for language in ["en", "fr", "pl"] {
            let site = SiteContext(
                title: "Photos", language: language,
                words: try ThemeWords.builtIn(language: language, documents: YAMLDocumentParser()))
            let page = AlbumPage(album, site: site, layout: .unplaced)
            let photoPage = PhotoPage(album, index: 0, site: site)
            let details = Dictionary(uniqueKeysWithValues: page.photos[0].details.map { ($0.key, $0.value) })
            XCTAssertEqual(
                page.photos[0].details.map(\.key), ["caption", "date", "artist", "camera", "lens", "exposure"])
            XCTAssertEqual(details["caption"], photoPage.caption)
            XCTAssertEqual(details["date"], photoPage.date, language)
            if language != "en" {  // English keeps the camera's own form
                XCTAssertNotEqual(details["date"], "2024-06-01 12:30:00", "the date as EXIF writes it, in \(language)")
            }
            XCTAssertEqual(details["artist"], photoPage.artist)
            XCTAssertEqual(details["camera"], photoPage.camera)
            XCTAssertEqual(details["lens"], photoPage.lens)
            XCTAssertEqual(details["exposure"], photoPage.exposure, language)
            XCTAssertEqual(page.photos[1].details, [])
        }
        let page = AlbumPage(album, site: try site, layout: .unplaced)
        let photoPage = PhotoPage(album, index: 0, site: try site)

        let html = try PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions()).render(page)
        XCTAssertTrue(html.contains(#"data-caption="Coffee &quot;by the canal&quot;""#), html)
        XCTAssertTrue(html.contains(#"data-camera="\#(photoPage.camera ?? "?")""#), html)
        XCTAssertNil(
            html.range(of: #"data-[a-z]+="""#, options: .regularExpression), "an empty data- attribute: \(html)")
    }

    /// Album and photo pages load the viewer from the theme's assets, deferred (never
    /// render-blocking), wherever the page is; the built-in theme carries the file.
    func testEveryPageLoadsTheViewerDeferredFromTheThemesAssets() throws {
        let album = album(alternatives: [])
        let renderer = PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions())
        let pages = [
            try renderer.render(AlbumPage(album, site: try site, layout: .unplaced)),
            try renderer.render(PhotoPage(album, index: 0, site: try site)),
        ]
        for html in pages {
            let tag = try XCTUnwrap(html.components(separatedBy: "\n").first { $0.contains("viewer.js") })
            XCTAssertTrue(tag.hasPrefix(#"<script src="../assets/viewer.js" defer"#), tag)
        }
        XCTAssertEqual(SiteContext.assetsURL(from: ""), "assets/")
        XCTAssertEqual(SiteContext.assetsURL(from: "a/b c"), "../../assets/")
        XCTAssertNotNil(Theme.defaultAssets["assets/viewer.js"])
        XCTAssertNotNil(Theme.defaultAssets["assets/viewer.css"])
    }

    /// The viewer's step buttons said "Next photo" before a video. It names them from the
    /// words the page hands it (`data-next-video`, in the page's language) and what the step
    /// leads to: a tile's `data-video`, or a photo page's link marked `data-kind="video"`.
    func testTheViewerIsGivenAVideosWordsAndWhichStepLeadsToAVideo() throws {
        for language in ThemeWords.builtInLanguages() {
            let theme = try Theme.defaults(documents: YAMLDocumentParser(), language: language)
            let renderer = PageRenderer(theme: theme, layout: LayoutOptions())
            var page = PhotoPage.example
            page.words = PageWords(theme.words)
            page.previous = PageLink(href: "a.html")
            page.next = PageLink(href: "clip.html", isVideo: true)
            let html = try renderer.render(page)
            let words = theme.words
            XCTAssertNotEqual(words.text("viewerNextVideo"), words.text("viewerNext"), language)
            XCTAssertNotEqual(words.text("viewerPreviousVideo"), words.text("viewerPrevious"), language)
            for (name, word) in [("previous-video", "viewerPreviousVideo"), ("next-video", "viewerNextVideo")] {
                XCTAssertTrue(
                    html.contains(#"data-\#(name)="\#(HTML.escape(words.text(word)))""#), "\(language): \(name)")
            }
            XCTAssertTrue(html.contains(#"rel="next" href="clip.html" data-kind="video">"#), html)
            XCTAssertTrue(html.contains(#"rel="prev" href="a.html">"#), "a photo's link is not marked")
        }
    }
}
