import TesseraLayout
import TesseraMarkdown
import TesseraYAML
import XCTest

@testable import TesseraCore

/// Order, covers and hiding as the page plan decides them from `index.md`, sidecars and the
/// site's settings: pure, from a catalog, fake headers and note texts.
final class PagePlannerStoryTests: XCTestCase {
    /// Travels: four photos (taken in the order d, b, a, c), a sidecar-less sub-album Coast.
    private func plan(
        notes: [String: String] = [:], order: AlbumOrder = AlbumOrder(), hidden: [String] = []
    ) -> PagePlan {
        func file(_ path: String, modified: Double = 0) -> PhotoFile {
            PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: modified)
        }
        let travels = [
            "a.jpg": "2024-05-03 10:00:00", "b.jpg": "2024-05-02 10:00:00", "c.jpg": nil,
            "IMG_10.jpg": "2024-05-01 10:00:00",
        ]
        let photos = ["a.jpg", "b.jpg", "c.jpg", "IMG_10.jpg"].map { file("Travels/\($0)", modified: 1_800_000_000) }
        let coast = [file("Travels/Coast/pier.jpg"), file("Travels/Coast/dunes.jpg")]
        func noteFiles(in folder: String) -> [NoteFile] {
            notes.keys.filter { ($0 as NSString).deletingLastPathComponent == folder }.sorted().map(NoteFile.init)
        }
        let catalog = Catalog(
            root: Album(
                name: "Photos", path: [], photos: [],
                albums: [
                    Album(
                        name: "Travels", path: ["Travels"], photos: photos,
                        albums: [
                            Album(
                                name: "Coast", path: ["Travels", "Coast"], photos: coast,
                                notes: noteFiles(in: "Travels/Coast"))
                        ],
                        notes: noteFiles(in: "Travels"))
                ],
                notes: noteFiles(in: "")))
        var infos: [String: PhotoInfo] = [:]
        for photo in photos {
            infos[photo.key] = PhotoInfo(
                format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000),
                metadata: PhotoMetadata(dateTaken: travels[photo.fileName] ?? nil))
        }
        for photo in coast {
            infos[photo.key] = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000))
        }
        let metadata = SiteMetadata.read(
            catalog, contents: { notes[$0].map { .success(Array($0.utf8)) } ?? .failure(.init("missing")) },
            documents: YAMLDocumentParser(),
            markdown: CommonMarkRenderer(), allowHTML: false)
        let naming = NamingPlanner(targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg)
            .plan(catalog, infos: infos)
        return PagePlanner(siteTitle: "Site", order: order, hidden: hidden.map { FilePattern($0) })
            .plan(catalog, naming: naming, published: infos, metadata: metadata)
    }

    private func names(_ album: PlannedAlbum) -> [String] { album.photos.map(\.source.fileName) }
    private func travels(_ plan: PagePlan) -> PlannedAlbum { plan.root.albums[0] }

    func testNaturalOrderIsTheDefault() {
        XCTAssertEqual(names(travels(plan())), ["a.jpg", "b.jpg", "c.jpg", "IMG_10.jpg"])
    }

    func testDateOrderUsesTheDateTakenElseTheFileTime() {
        let byDate = plan(order: AlbumOrder(photos: .date))
        XCTAssertEqual(
            names(travels(byDate)), ["IMG_10.jpg", "b.jpg", "a.jpg", "c.jpg"], "c has no date: its file time, 2027")
        let newestFirst = plan(notes: ["Travels/index.md": "Sort: date\nReverse: true\n"])
        XCTAssertEqual(
            names(travels(newestFirst)), ["c.jpg", "a.jpg", "b.jpg", "IMG_10.jpg"], "index.md wins over the site")
    }

    func testListedOrderThenTheRestAndAWarningForAMissingName() {
        let listed = plan(notes: ["Travels/index.md": "---\norder: [c.jpg, nope.jpg, a.jpg]\n---\n"])
        XCTAssertEqual(names(travels(listed)), ["c.jpg", "a.jpg", "b.jpg", "IMG_10.jpg"])
        XCTAssertEqual(
            listed.warnings.map(\.description),
            [
                "Travels/index.md:2: order names 'nope.jpg', which is not a photo in this album"
            ])
    }

    /// sigal's `Order: 03` is a sort value (`albums_sort_attr = "meta.order"`), not a list of
    /// files: read as one, it places photos and albums when they are sorted by `order`,
    /// and warns about nothing (sigal's sample gallery had three false warnings).
    func testSigalsOrderValuesSortWhenAskedAndAreNoFileList() {
        let notes = [
            "Travels/index.md": "Title: Trip\nOrder: 03\n", "Travels/a.md": "Order: 03\n",
            "Travels/b.md": "Title: B\nOrder: -10\n", "Travels/IMG_10.md": "Order: 2\n",
        ]
        let byName = plan(notes: notes)
        XCTAssertEqual(byName.warnings.map(\.description), [])
        XCTAssertEqual(names(travels(byName)), ["a.jpg", "b.jpg", "c.jpg", "IMG_10.jpg"], "unused unless asked")
        let byOrder = plan(notes: notes, order: AlbumOrder(photos: .order))
        XCTAssertEqual(names(travels(byOrder)), ["c.jpg", "b.jpg", "IMG_10.jpg", "a.jpg"], "none first, as sigal")
        XCTAssertEqual(byOrder.warnings.map(\.description), [])
        let perAlbum = plan(notes: notes.merging(["Travels/index.md": "Sort: order\nReverse: true\n"]) { $1 })
        XCTAssertEqual(names(travels(perAlbum)), ["a.jpg", "IMG_10.jpg", "b.jpg", "c.jpg"])

        func album(_ name: String) -> PlannedAlbum {
            PlannedAlbum(title: name, folder: name, ancestors: [], photos: [], albums: [], cover: nil)
        }
        let albums = [album("test1"), album("test2"), album("test3")]
        let values = ["test1": "03", "test2": "-10"]
        XCTAssertEqual(
            AlbumSequence(key: .order, reverse: false).apply(albums, values: values).map(\.title),
            ["test3", "test2", "test1"])
        // sigal's `Sort: -meta.order` in an index.md orders that album's sub-albums.
        let sigalSort = AlbumMetadata(
            MetadataNote.parse("Sort: -meta.order\n", file: "index.md", documents: YAMLDocumentParser()),
            file: "index.md", markdown: CommonMarkRenderer(), allowHTML: false)
        XCTAssertEqual(sigalSort.albumSort, .order)
        XCTAssertEqual(sigalSort.reverseAlbums, true)
        XCTAssertNil(sigalSort.sort, "the photos keep their order")
        XCTAssertEqual(sigalSort.warnings, [])
    }

    func testTheCoverIsNamedInIndexOrTheFirstPhotoInOrder() {
        XCTAssertEqual(travels(plan()).cover?.source.fileName, "a.jpg")
        XCTAssertEqual(travels(plan(order: AlbumOrder(photos: .date))).cover?.source.fileName, "IMG_10.jpg")
        XCTAssertEqual(travels(plan(notes: ["Travels/index.md": "Thumbnail: c.jpg\n"])).cover?.source.fileName, "c.jpg")
    }

    func testASubAlbumsPhotoOrItsCoverMayStandForItsParent() {
        let path = plan(notes: ["Travels/index.md": "Cover: Coast/pier.jpg\n"])
        XCTAssertEqual(travels(path).cover?.source.relativePath, "Travels/Coast/pier.jpg")
        let folder = plan(notes: ["Travels/index.md": "Cover: Coast\n", "Travels/Coast/index.md": "Cover: pier.jpg\n"])
        XCTAssertEqual(travels(folder).cover?.source.relativePath, "Travels/Coast/pier.jpg", "Coast's own cover")
        XCTAssertEqual(
            folder.root.cover?.source.relativePath, "Travels/Coast/pier.jpg",
            "the home album has no photo: Travels stands for it")
    }

    func testACoverNamingNothingIsAWarningAndTheDefaultStands() {
        let missing = plan(notes: ["Travels/index.md": "Title: Travels\nCover: gone.jpg\n"])
        XCTAssertEqual(travels(missing).cover?.source.fileName, "a.jpg")
        XCTAssertEqual(missing.warnings.map(\.position), ["Travels/index.md:2"])
        XCTAssertTrue(missing.warnings[0].message.contains("cover 'gone.jpg' is not a photo"))
    }

    func testHiddenPhotosAndAlbumsAreBuiltButNotListed() throws {
        let hidden = plan(notes: ["Travels/b.md": "Hidden: true\n", "Travels/Coast/index.md": "hidden: true\n"])
        let album = travels(hidden)
        XCTAssertEqual(names(album), ["a.jpg", "c.jpg", "IMG_10.jpg"])
        XCTAssertEqual(album.unlisted.map(\.source.fileName), ["b.jpg"])
        XCTAssertEqual(album.listedAlbums.count, 0)
        XCTAssertEqual(album.photoCount, 3, "hidden photos and albums are not counted")
        XCTAssertEqual(hidden.allPhotos.count, 6, "every photo still has a page")
        XCTAssertEqual(hidden.allAlbums.count, 3, "and every album")
        let site = SiteContext(title: "Site", language: "en", words: try ThemeWords.english())
        let pages = SitePages(
            hidden, site: site, layouts: AlbumLayouts(hidden, options: LayoutOptions(), metrics: site.metrics))
        let unlisted = pages.albums[1].photos.first { $0.path == "travels/b.html" }?.page
        XCTAssertEqual(unlisted?.listed, false)
        XCTAssertNil(unlisted?.previous)
        XCTAssertFalse(pages.albums[1].page.photos.contains { $0.href == "b.html" })

        let byPattern = plan(hidden: ["IMG_*.jpg", "Coast"])
        XCTAssertEqual(names(travels(byPattern)), ["a.jpg", "b.jpg", "c.jpg"])
        XCTAssertTrue(travels(byPattern).albums[0].hidden)
    }

    /// README's `hidden: ["outtakes/*"]` hides an album's photos, not the album: its card
    /// was listed with no cover (`<img src="">`) and "0 photos". With nothing listed, the
    /// album is left off the listings; its page and its photos' pages are still built.
    func testAnAlbumWhosePhotosAreAllHiddenIsNotListed() throws {
        let allHidden = plan(hidden: ["Travels/Coast/*"])
        let coast = try XCTUnwrap(travels(allHidden).albums.first)
        XCTAssertTrue(coast.hidden)
        XCTAssertEqual(coast.photos.count, 0)
        XCTAssertFalse(coast.unlisted.isEmpty, "its photos keep their pages")
        XCTAssertEqual(travels(allHidden).listedAlbums.count, 0)
        XCTAssertFalse(allHidden.allAlbums.contains { $0.title == "Coast" && $0.cover != nil && !$0.hidden })
        XCTAssertFalse(travels(plan()).albums[0].hidden, "with a photo listed, it is listed")
        XCTAssertFalse(allHidden.root.hidden, "the home page is never hidden")
    }

    func testTitlesAltsAndDescriptionsReachThePlan() throws {
        let story = plan(notes: [
            "Travels/index.md": "Title: Summer in Porto\n\nWe walked *a lot*.",
            "Travels/a.jpg.md": "Title: The bridge\n\nAt dusk.",
            "Travels/c.md": "Only a caption.",
        ])
        let album = travels(story)
        XCTAssertEqual(album.title, "Summer in Porto")
        XCTAssertEqual(album.description, "<p>We walked <em>a lot</em>.</p>\n")
        XCTAssertEqual(album.photos.map(\.alt), ["The bridge", nil, "Only a caption.", nil])
        let site = SiteContext(title: "Site", language: "en", words: try ThemeWords.english())
        XCTAssertEqual(
            AlbumPage(album, site: site, layout: .unplaced).photos.map(\.alt),
            [
                "The bridge", "Photo 2 of 4 in Summer in Porto", "Only a caption.", "Photo 4 of 4 in Summer in Porto",
            ], "a photo without a title or caption says its place, in the theme's words")
        XCTAssertEqual(album.photos[0].caption, "At dusk.")
        XCTAssertEqual(album.albums[0].ancestors.last?.title, "Summer in Porto", "breadcrumbs use the title")
    }

    func testAlbumsAreOrderedByNameOrDate() {
        let byDate = plan(
            notes: [
                "Travels/Coast/index.md": "Date: 2024-04-01\n"
            ], order: AlbumOrder(albums: .date))
        XCTAssertEqual(travels(byDate).date, "2024-04-01", "its sub-album's date is its earliest")
        XCTAssertEqual(
            travels(plan()).date, LocalWallClock.text(utcSeconds: 0),
            "else its earliest photo's (Coast's file times, on the local wall clock)")
        func album(_ name: String, _ date: String?) -> PlannedAlbum {
            var album = PlannedAlbum(title: name, folder: name, ancestors: [], photos: [], albums: [], cover: nil)
            album.date = date
            return album
        }
        let albums = [album("a", "2024-03-01"), album("b", "2023-01-01"), album("c", "2024-01-01")]
        XCTAssertEqual(AlbumSequence(key: .date, reverse: false).apply(albums).map(\.title), ["b", "c", "a"])
        XCTAssertEqual(AlbumSequence(key: .date, reverse: true).apply(albums).map(\.title), ["a", "c", "b"])
        XCTAssertEqual(AlbumSequence(key: .name, reverse: true).apply(albums).map(\.title), ["c", "b", "a"])
    }

    /// `two.md` beside `two.jpg.md` won and the other's caption vanished without a word;
    /// `IMG_0001.jpg.md` beside a camera's `IMG_0001.JPG` matched nothing. The full name is
    /// read first, in any case; a second sidecar of one photo is a warning naming both.
    func testASidecarMatchesInAnyCaseAndASecondOneIsAWarning() {
        let notes = [
            "Trip/two.md": "Title: From two.md\n", "Trip/two.jpg.md": "Title: From two.jpg.md\n",
            "Trip/IMG_0001.jpg.md": "Title: Camera photo\n", "Trip/img_0002.md": "Title: Second\n",
        ]
        let photos = ["two.jpg", "IMG_0001.JPG", "IMG_0002.JPG"].map {
            PhotoFile(relativePath: "Trip/\($0)", format: .jpeg, byteCount: 1, modified: 0)
        }
        let catalog = Catalog(
            root: Album(
                name: "Photos", path: [], photos: [],
                albums: [
                    Album(name: "Trip", path: ["Trip"], photos: photos, notes: notes.keys.sorted().map(NoteFile.init))
                ]))
        let metadata = SiteMetadata.read(
            catalog, contents: { notes[$0].map { .success(Array($0.utf8)) } ?? .failure(.init("missing")) },
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer(), allowHTML: false)
        XCTAssertEqual(metadata.photos[photos[0].key]?.title, "From two.jpg.md")
        XCTAssertEqual(metadata.photos[photos[1].key]?.title, "Camera photo")
        XCTAssertEqual(metadata.photos[photos[2].key]?.title, "Second")
        XCTAssertEqual(metadata.unmatched, [])
        XCTAssertEqual(metadata.warnings.map(\.file), ["Trip/two.md"])
        XCTAssertTrue(metadata.warnings[0].message.contains("two.jpg.md is read"), metadata.warnings[0].message)

        // `a.md` beside `a.jpg` and `a.png` went to the first, and the second's page said
        // nothing, with no word: it is a warning naming the photo it was read for.
        let pair = ["a.jpg", "a.png"].map {
            PhotoFile(relativePath: "Pair/\($0)", format: .jpeg, byteCount: 1, modified: 0)
        }
        func read(_ notes: [String]) -> SiteMetadata {
            SiteMetadata.read(
                Catalog(
                    root: Album(
                        name: "Photos", path: [], photos: [],
                        albums: [
                            Album(
                                name: "Pair", path: ["Pair"], photos: pair,
                                notes: notes.map { NoteFile(relativePath: "Pair/" + $0) })
                        ])),
                contents: { .success(Array("Title: \(($0 as NSString).lastPathComponent)\n".utf8)) },
                documents: YAMLDocumentParser(), markdown: CommonMarkRenderer(), allowHTML: false)
        }
        let sharing = read(["a.md"])
        XCTAssertEqual(sharing.photos[pair[0].key]?.title, "a.md")
        XCTAssertEqual(
            sharing.warnings.map(\.description),
            [
                "Pair/a.md: read as the sidecar of a.jpg, the first of the photos named 'a'; name a sidecar "
                    + "after its photo's whole name (a.jpg.md) to give each photo its own"
            ])
        // Each photo has its own: nothing to say of the stem's sidecar.
        XCTAssertEqual(read(["a.md", "a.png.md"]).warnings, [])
        // The whole name's is read: only the second-sidecar warning, which names it.
        let both = read(["a.jpg.md", "a.md"])
        XCTAssertEqual(both.photos[pair[0].key]?.title, "a.jpg.md")
        XCTAssertEqual(both.warnings.map(\.file), ["Pair/a.md"])
        XCTAssertTrue(both.warnings[0].message.contains("a second sidecar"), both.warnings[0].message)
    }

    /// A cover is shown wherever its album is listed (its card, `og:image`, the feed's
    /// enclosure): `cover:` naming a hidden photo or a hidden sub-album published it there
    /// silently. It is a warning, and the first listed photo stands in; a hidden
    /// sub-album's photos no longer date its parent in the feed either.
    func testAHiddenPhotoOrAlbumIsNeverACoverNorDatesItsParent() {
        let story = plan(
            notes: [
                "Travels/index.md": "Cover: b.jpg\n", "Travels/b.md": "Hidden: true\n",
                "Travels/Coast/index.md": "Hidden: true\n",
            ])
        XCTAssertEqual(travels(story).cover?.source.fileName, "a.jpg")
        XCTAssertEqual(story.warnings.map(\.file), ["Travels/index.md"])
        XCTAssertTrue(story.warnings[0].message.contains("cover 'b.jpg' is hidden"), story.warnings[0].message)
        XCTAssertEqual(travels(story).date, "2024-05-01 10:00:00", "Coast's file times (1970) date nothing listed")
        let byAlbum = plan(notes: ["Travels/index.md": "Cover: Coast\n", "Travels/Coast/index.md": "Hidden: true\n"])
        XCTAssertEqual(travels(byAlbum).cover?.source.fileName, "a.jpg")
        XCTAssertTrue(
            byAlbum.warnings.first?.message.contains("cover 'Coast' is hidden") == true, "\(byAlbum.warnings)")
        let inside = plan(notes: [
            "Travels/index.md": "Cover: Coast/pier.jpg\n", "Travels/Coast/pier.md": "Hidden: true\n",
        ])
        XCTAssertEqual(travels(inside).cover?.source.fileName, "a.jpg")
        XCTAssertEqual(inside.warnings.count, 1)
    }

    /// `hidden: [Travels/Coast/, ./Travels/c.jpg]` hid nothing: a folder's trailing slash
    /// and a leading `./` are left off, as people write them from `.gitignore` and shells
    /// (the slash then matching folders only, as in `.gitignore`).
    func testHiddenPatternsAsPeopleWriteThemHide() {
        let story = plan(hidden: ["Travels/Coast/", "./Travels/c.jpg"])
        XCTAssertTrue(travels(story).albums[0].hidden, "Coast")
        XCTAssertFalse(names(travels(story)).contains("c.jpg"))
        XCTAssertEqual(FilePattern("/./2019//").pattern, "2019")
        XCTAssertEqual(FilePattern(".thumbnails/").pattern, ".thumbnails")
        // A leading ./ or / anchors the pattern to the photo folder, as README says.
        XCTAssertTrue(FilePattern("./Kids").matches("Kids", isFolder: true))
        XCTAssertFalse(FilePattern("./Kids").matches("2019/Trip/Kids", isFolder: true), "not every album named Kids")
        XCTAssertFalse(FilePattern("/Kids").matches("2019/Kids", isFolder: true))
        XCTAssertTrue(FilePattern("Kids/").matches("2019/Kids", isFolder: true), "a name alone, at any depth")
        XCTAssertFalse(FilePattern("Kids/").matches("2019/Kids", isFolder: false), "a folder, not a file named so")
        XCTAssertEqual(FilePattern("**/").pattern, "**/", "no folder named: it matches nothing, as before")
    }

    func testFileTimesReadAsUTCDates() {
        XCTAssertEqual(PhotoOrder.timestamp(0), "1970-01-01 00:00:00")
        XCTAssertEqual(PhotoOrder.timestamp(1_800_000_000), "2027-01-15 08:00:00")
        XCTAssertEqual(PhotoOrder.timestamp(951_782_400 + 86_399.9), "2000-02-29 23:59:59", "a leap day")
        XCTAssertEqual(PhotoOrder.timestamp(-1), "1969-12-31 23:59:59")
        // tmpfs and btrfs keep any 64-bit time a tool sets; 2^63 s once stopped the build.
        XCTAssertEqual(PhotoOrder.timestamp(Double(Int64.max)), "9999-12-31 23:59:59")
        XCTAssertEqual(PhotoOrder.timestamp(.infinity), "9999-12-31 23:59:59")
        XCTAssertEqual(PhotoOrder.timestamp(Double(Int64.min)), "0001-01-01 00:00:00")
        XCTAssertEqual(PhotoOrder.timestamp(.nan), "1970-01-01 00:00:00")
        XCTAssertEqual(AtomFeed.atomDate(seconds: 1_800_000_000), "2027-01-15T08:00:00Z")
        XCTAssertEqual(AtomFeed.atomDate(seconds: Double(Int64.max)), "9999-12-31T23:59:59Z")
    }

    func testHiddenAlbumsAndPhotosAreNeitherInTheSitemapNorInTheFeed() throws {
        let hidden = plan(notes: ["Travels/b.md": "Hidden: true\n", "Travels/Coast/index.md": "hidden: true\n"])
        let site = SiteContext(
            title: "Site", language: "en", words: try ThemeWords.english(), baseURL: "https://example.org/")
        let sitemap = try XCTUnwrap(Sitemap.xml(hidden, site: site))
        XCTAssertTrue(sitemap.contains("https://example.org/travels/a.html"), sitemap)
        XCTAssertFalse(sitemap.contains("travels/b.html"), "a hidden photo is not listed")
        XCTAssertFalse(sitemap.contains("coast"), "nor a hidden album")
        let feed = try XCTUnwrap(AtomFeed.xml(hidden, site: site))
        XCTAssertFalse(feed.contains("coast"), feed)
        XCTAssertEqual(hidden.listedAlbums.map(\.title), ["Site", "Travels"])
    }

    /// An album cut into pages had only its first in the sitemap, though each further page
    /// is listed, indexable and its own canonical.
    func testEveryPageOfAnAlbumCutIntoPagesIsInTheSitemap() throws {
        let story = plan(notes: [:])
        let site = SiteContext(
            title: "Site", language: "en", words: try ThemeWords.english(), baseURL: "https://example.org/")
        let layouts = AlbumLayouts(story, options: LayoutOptions(), metrics: site.metrics, pageSize: 2)
        let pages = layouts.pagination(travels(story)).pages.count
        XCTAssertGreaterThan(pages, 1)
        let sitemap = try XCTUnwrap(Sitemap.xml(story, site: site, layouts: layouts))
        XCTAssertTrue(sitemap.contains("<loc>https://example.org/travels/</loc>"), sitemap)
        for number in 2...pages {
            XCTAssertTrue(sitemap.contains("<loc>https://example.org/travels/page-\(number).html</loc>"), sitemap)
        }
        XCTAssertFalse(sitemap.contains("page-\(pages + 1)"), sitemap)
        XCTAssertFalse(sitemap.contains("coast/page-2"), "an album of one page has one: \(sitemap)")
    }

    /// The feed's author is the site's `author` (its pages' `<meta name="author">`); it was
    /// always the site's title. Without one, the title, as before.
    func testTheFeedsAuthorIsTheSitesAuthor() throws {
        let plan = plan(notes: [:])
        for (author, expected) in [("Ana Lima", "Ana Lima"), ("  ", "Site"), (nil, "Site")] as [(String?, String)] {
            var site = SiteContext(
                title: "Site", language: "en", words: try ThemeWords.english(), baseURL: "https://example.org/")
            site.author = author
            let feed = try XCTUnwrap(AtomFeed.xml(plan, site: site))
            XCTAssertTrue(feed.contains("<author><name>\(expected)</name></author>"), feed)
        }
    }

    func testHiddenPagesAndEveryPageBelowAHiddenAlbumAskSearchEnginesToLeaveThemOut() throws {
        let hidden = plan(notes: ["Travels/b.md": "Hidden: true\n", "Travels/Coast/index.md": "hidden: true\n"])
        let site = SiteContext(title: "Site", language: "en", words: try ThemeWords.english())
        let pages = SitePages(
            hidden, site: site, layouts: AlbumLayouts(hidden, options: LayoutOptions(), metrics: site.metrics))
        let renderer = PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions())
        let robots = #"<meta name="robots" content="noindex">"#
        var marked: [String] = []
        for album in pages.albums {
            if try renderer.render(album.page).contains(robots) { marked.append(album.path) }
            for photo in album.photos where try renderer.render(photo.page).contains(robots) {
                marked.append(photo.path)
            }
        }
        XCTAssertEqual(
            marked.sorted(),
            ["travels/b.html", "travels/coast/dunes.html", "travels/coast/index.html", "travels/coast/pier.html"],
            "the hidden photo, the hidden album and the photos below it; no listed page")
    }
}
