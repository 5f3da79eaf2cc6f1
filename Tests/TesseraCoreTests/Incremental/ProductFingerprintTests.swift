import TesseraLayout
import XCTest

@testable import TesseraCore

/// Each field of a planned album or photo, changed alone, remakes exactly the pages and
/// images that show it, and nothing else. Fingerprints are digests of the page models and
/// image recipes, so this holds by construction; these tests keep it so.
final class ProductFingerprintTests: XCTestCase {
    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    private let paths = ["a.jpg", "z.jpg", "Trips/b.jpg", "Trips/c.jpg", "Trips/Alps/d.jpg", "Home/e.jpg"]
    private let targets = RenditionLadder(SiteConfiguration.Images()).targets

    private var catalog: Catalog {
        Catalog(
            root: Album(
                name: "Photos", path: [], photos: [file("a.jpg"), file("z.jpg")],
                albums: [
                    Album(
                        name: "Trips", path: ["Trips"], photos: [file("Trips/b.jpg"), file("Trips/c.jpg")],
                        albums: [Album(name: "Alps", path: ["Trips", "Alps"], photos: [file("Trips/Alps/d.jpg")])]),
                    Album(name: "Home", path: ["Home"], photos: [file("Home/e.jpg")]),
                ]))
    }

    private var known: [String: Manifest.KnownPhoto] {
        Dictionary(
            uniqueKeysWithValues: paths.map { path in
                (
                    file(path).key,
                    Manifest.KnownPhoto(
                        byteCount: 1, modified: 0, contentHash: "h-\(path)",
                        info: PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000)))
                )
            })
    }

    private func plan(_ known: [String: Manifest.KnownPhoto]) -> (NamingPlan, PagePlan) {
        let naming = NamingPlanner(targets: targets, format: .jpeg)
            .plan(catalog, infos: known.mapValues(\.info))
        return (naming, PagePlanner(siteTitle: nil).plan(catalog, naming: naming, published: known.mapValues(\.info)))
    }

    private func pageProducts(
        _ plan: PagePlan, layout: LayoutOptions = LayoutOptions(), metrics: ThemeMetrics = ThemeMetrics.builtIn,
        templates: Theme? = nil
    ) throws -> [String: String] {
        let templates = try templates ?? Theme.defaults()
        var site = SiteContext(title: plan.root.title, language: "en")
        site.metrics = metrics
        let pages = SitePages(
            plan, site: site, layouts: AlbumLayouts(plan, options: layout, metrics: site.metrics))
        let files = SiteBuilder.siteFiles(
            plan, site: site, stylesheet: PageRenderer(theme: templates, layout: layout).stylesheet())
        let products = SiteBuilder.pageProducts(
            pages, files: files, generator: "t1", theme: templates)
        return Dictionary(uniqueKeysWithValues: products.map { ($0.path, $0.fingerprint) })
    }

    /// The pages whose fingerprint differs after `change` is applied to the page plan.
    private func pagesChanged(by change: (inout PagePlan) -> Void) throws -> Set<String> {
        let (_, before) = plan(known)
        var after = before
        change(&after)
        let old = try pageProducts(before)
        let new = try pageProducts(after)
        return Set(new.keys.filter { old[$0] != new[$0] })
    }

    private func imageProducts(_ known: [String: Manifest.KnownPhoto], request: RenditionRequest) -> [String: String] {
        let (naming, _) = plan(known)
        var all: [String: String] = [:]
        for (key, photo) in known {
            for product in SiteBuilder.imageProducts(naming.photos[key]!.files, of: photo, request: request) {
                all[product.path] = product.fingerprint
            }
        }
        return all
    }

    /// The caption is on its page, and on its tile for the viewer's details panel.
    func testAPhotosCaptionIsOnItsPageAndItsTileOnly() throws {
        XCTAssertEqual(
            try pagesChanged { $0.root.albums[0].photos[0].caption = "Bridge at dusk" },
            ["trips/b.html", "trips/index.html"])
    }

    func testAPhotosAltTextIsOnItsAlbumPageOnly() throws {
        XCTAssertEqual(try pagesChanged { $0.root.albums[0].photos[1].alt = "A canal" }, ["trips/index.html"])
    }

    /// Each field is on its photo's page, and on its tile for the viewer's details panel.
    func testEachExifFieldIsOnItsPhotosPageAndTileOnly() throws {
        let fields: [(String, (inout PhotoMetadata) -> Void)] = [
            ("date", { $0.dateTaken = "2024-05-01 10:00:00" }), ("make", { $0.cameraMake = "Fujifilm" }),
            ("model", { $0.cameraModel = "X-T5" }), ("exposure", { $0.exposure = "1/250 s" }),
            ("aperture", { $0.aperture = "f/2.8" }), ("focal length", { $0.focalLength = "35 mm" }),
            ("iso", { $0.iso = 200 }), ("artist", { $0.artist = "Ana" }),
        ]
        for (name, change) in fields {
            XCTAssertEqual(
                try pagesChanged { change(&$0.root.albums[0].albums[0].photos[0].info.metadata) },
                ["trips/alps/d.html", "trips/alps/index.html"], name)
        }
    }

    func testAPhotosShapeIsOnItsAlbumAndPhotoPage() throws {
        XCTAssertEqual(
            try pagesChanged { $0.root.albums[1].photos[0].info.storedSize = PixelSize(width: 2000, height: 3000) },
            ["home/index.html", "home/e.html"])
    }

    func testAPhotosPageNameIsLinkedFromItsAlbumAndNeighbours() throws {
        let changed = try pagesChanged { $0.root.albums[0].photos[0].page = "trips/bridge.html" }
        XCTAssertEqual(changed, ["trips/index.html", "trips/c.html", "trips/bridge.html"])
    }

    func testAPhotosImagesAreOnItsAlbumPageItsPageAndWhereverItIsTheCover() throws {
        let changed = try pagesChanged { plan in
            for i in plan.root.albums[0].albums[0].photos[0].renditions.indices {
                plan.root.albums[0].albums[0].photos[0].renditions[i].path += "?v2"
            }
            plan.root.albums[0].albums[0].cover = plan.root.albums[0].albums[0].photos[0]
        }
        XCTAssertEqual(changed, ["trips/alps/index.html", "trips/alps/d.html", "trips/index.html"])
    }

    func testAnAlbumsTitleIsOnItsPagesItsCardAndBelowItsBreadcrumbs() throws {
        let changed = try pagesChanged { $0.root.albums[0].title = "Journeys" }
        XCTAssertEqual(
            changed, ["index.html", "trips/index.html", "trips/b.html", "trips/c.html"],
            "Alps's breadcrumbs are planned from its ancestors, which this edit leaves alone")
        let trail = try pagesChanged { $0.root.albums[0].albums[0].ancestors[1].title = "Journeys" }
        XCTAssertEqual(trail, ["trips/alps/index.html", "trips/alps/d.html"])
    }

    func testAnAlbumsCoverIsOnItsParentsPageOnly() throws {
        XCTAssertEqual(try pagesChanged { $0.root.albums[0].cover = $0.root.albums[0].photos[1] }, ["index.html"])
    }

    func testTheSiteTitleIsInEveryDocumentTitle() throws {
        let changed = try pagesChanged { $0.root.title = "Our photos" }
        XCTAssertTrue(changed.isSuperset(of: ["index.html", "trips/index.html", "home/index.html", "a.html"]))
        XCTAssertFalse(changed.contains("trips/alps/d.html"), "its breadcrumbs come from its own ancestors")
    }

    func testLayoutSettingsRemakeAlbumPagesAndTheStylesheetOnly() throws {
        let (_, plan) = plan(known)
        let before = try pageProducts(plan)
        func changed(_ change: (inout LayoutOptions) -> Void) throws -> Set<String> {
            var layout = LayoutOptions()
            change(&layout)
            let after = try pageProducts(plan, layout: layout)
            return Set(after.keys.filter { before[$0] != after[$0] })
        }
        let albums: Set = ["index.html", "trips/index.html", "trips/alps/index.html", "home/index.html"]
        XCTAssertEqual(try changed { $0.targetRowHeight = 300 }, albums, "rows are in the tiles' styles")
        // The gap is in the stylesheet too; an album of one photo has no gap, so its page stays.
        XCTAssertEqual(
            try changed { $0.gap = 10 }, ["index.html", "trips/index.html", "tessera.css"],
            "the albums of two photos, whose tiles' places the gap moves")
    }

    /// The theme's geometry reaches the pages through their models alone: what moves a
    /// tile's `sizes` remakes the album pages, the photo viewer's chrome the photo pages.
    func testThemeMetricsRemakeThePagesWhoseAttributesTheyMove() throws {
        let (_, plan) = plan(known)
        let before = try pageProducts(plan)
        func changed(_ change: (inout ThemeMetrics) -> Void) throws -> Set<String> {
            var metrics = ThemeMetrics.builtIn
            change(&metrics)
            let after = try pageProducts(plan, metrics: metrics)
            return Set(after.keys.filter { before[$0] != after[$0] })
        }
        let albums: Set = ["index.html", "trips/index.html", "trips/alps/index.html", "home/index.html"]
        let photos = Set(paths.map { $0.lowercased().replacingOccurrences(of: ".jpg", with: ".html") })
        XCTAssertEqual(try changed { $0.sizesSteps = [430, 700, 1200] }, albums, "every tile's sizes")
        XCTAssertEqual(try changed { $0.pagePadding.share = 0.03 }, albums, "the containers at the sizes steps")
        XCTAssertEqual(try changed { $0.viewerChrome = 12 }, photos, "the photo's sizes on its page")
    }

    /// The page fingerprints of `plan` with the layout stage given the last build's
    /// `known` placement digests, and how many albums it laid out.
    private func rebuiltPageProducts(
        _ plan: PagePlan, known: [String: String]
    ) throws -> (fingerprints: [String: String], laidOut: Int, known: [String: String]) {
        let templates = try Theme.defaults()
        let site = SiteContext(title: plan.root.title, language: "en")
        let layouts = AlbumLayouts(plan, options: LayoutOptions(), metrics: site.metrics, known: known)
        let products = SiteBuilder.pageProducts(
            SitePages(plan, site: site, layouts: layouts), files: [], generator: "t1", theme: templates)
        return (
            Dictionary(uniqueKeysWithValues: products.map { ($0.path, $0.fingerprint) }), layouts.laidOut, layouts.known
        )
    }

    /// A rebuild fingerprints an album page from the placement digest the last build found
    /// for the same layout input, so it lays out only the albums whose photos' or covers'
    /// shapes (or the settings) changed, and every fingerprint is the one a build laying
    /// out every album finds.
    func testARebuildLaysOutOnlyTheAlbumsWhoseLayoutInputChanged() throws {
        let (_, plan) = plan(known)
        let first = try rebuiltPageProducts(plan, known: [:])
        XCTAssertEqual(first.laidOut, 4, "a first build lays out every album")
        let again = try rebuiltPageProducts(plan, known: first.known)
        XCTAssertEqual(again.laidOut, 0, "a no-change rebuild lays out no album")
        XCTAssertEqual(again.fingerprints, first.fingerprints)

        var reshaped = plan
        reshaped.root.albums[0].photos[1].info.storedSize = PixelSize(width: 2000, height: 3000)
        let after = try rebuiltPageProducts(reshaped, known: first.known)
        XCTAssertEqual(after.laidOut, 1, "only Trips, whose tile changed shape")
        XCTAssertEqual(after.fingerprints, try rebuiltPageProducts(reshaped, known: [:]).fingerprints)
        XCTAssertNotEqual(after.fingerprints["trips/index.html"], first.fingerprints["trips/index.html"])
    }

    func testOtherTemplatesRemakeEveryPage() throws {
        let (_, plan) = plan(known)
        var files = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme] ?? [:]
        files["footer.mustache"] = "<footer>Ours</footer>"
        let other = try Theme(files: files, metrics: ThemeMetrics.builtIn, words: .builtInEnglish)
        let before = try pageProducts(plan)
        let after = try pageProducts(plan, templates: other)
        XCTAssertEqual(
            Set(after.keys.filter { before[$0] != after[$0] }), Set(after.keys.filter { $0.hasSuffix(".html") }),
            "every page; the stylesheet's text is the same, so it is kept")
    }

    func testAnEditedPhotoRemakesItsOwnImagesOnly() {
        var edited = known
        edited[file("Trips/c.jpg").key]?.contentHash = "edited"
        let before = imageProducts(known, request: RenditionRequest())
        let after = imageProducts(edited, request: RenditionRequest())
        XCTAssertEqual(
            Set(after.keys.filter { before[$0] != after[$0] }),
            [
                "trips/_media/c.jpg", "trips/_media/c.thumb2x.jpg", "trips/_media/c.thumb.jpg",
                "trips/_media/c.thumb0.5x.jpg",
            ])
    }

    /// A photo's sizes are made one from another and from a decode that covers the
    /// largest, so each image's pixels depend on the ladder: a change of display size
    /// remakes the thumbnails too (they were kept, unlike a clean build's), and the default
    /// ladder's fingerprints are those made before the ladder was in the recipe.
    func testTheLadderIsInEveryImagesRecipeAndTheDefaultOnesStayAsTheyWere() {
        let standard = RenditionRequest(SiteConfiguration.Images())
        XCTAssertNil(standard.ladder, "the default ladder is left out")
        XCTAssertEqual(imageProducts(known, request: standard), imageProducts(known, request: RenditionRequest()))
        var smaller = SiteConfiguration.Images()
        smaller.displaySize = 1000
        let before = imageProducts(known, request: standard)
        let after = imageProducts(known, request: RenditionRequest(smaller))
        let thumbnails = before.keys.filter { $0.contains(".thumb") }
        XCTAssertFalse(thumbnails.isEmpty)
        XCTAssertTrue(thumbnails.allSatisfy { after[$0] != nil && after[$0] != before[$0] }, "\(thumbnails)")
    }

    func testQualityRemakesEveryImageAndATouchedPhotoNone() {
        let before = imageProducts(known, request: RenditionRequest())
        let after = imageProducts(known, request: RenditionRequest(quality: 90))
        XCTAssertTrue(after.allSatisfy { before[$0.key] != $0.value })
        var touched = known
        touched[file("a.jpg").key]?.modified = 99
        XCTAssertEqual(imageProducts(touched, request: RenditionRequest()), before)
    }

    /// libavif's speed and libaom's options are in every AVIF image's recipe, and in no
    /// other: changing them remakes each AVIF file and no JPEG or WebP one.
    func testTheAVIFEncodingRemakesEveryAVIFAndNothingElse() {
        let naming = NamingPlanner(targets: targets, format: .jpeg, alternatives: [.avif, .webp])
        let photo = known[file("a.jpg").key]!
        let files = naming.renditions(of: photo.info.uprightSize, slug: "a", folder: "")
        func fingerprints(_ request: RenditionRequest) -> [String: String] {
            Dictionary(
                uniqueKeysWithValues: SiteBuilder.imageProducts(files, of: photo, request: request).map {
                    ($0.path, $0.fingerprint)
                })
        }
        let before = fingerprints(RenditionRequest())
        let after = fingerprints(RenditionRequest(avifEncoding: AVIFEncoding(speed: 8)))
        XCTAssertEqual(
            Set(after.keys.filter { before[$0] != after[$0] }),
            ["_media/a.thumb2x.avif", "_media/a.thumb.avif", "_media/a.thumb0.5x.avif"])
        XCTAssertEqual(after.count, 11, "four JPEGs, four WebPs, three AVIFs")
    }
}
