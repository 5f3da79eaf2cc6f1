import Foundation
import TesseraLayout
import TesseraYAML
import XCTest

@testable import TesseraCore

/// The pages' words come from the theme's words file: a user's file in another language
/// (Polish here, whose counts take four CLDR categories) leaves no English word on any
/// page; a word it leaves out is the built-in one, with a warning; a broken rule is an
/// error naming the file and line.
final class ThemeWordsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-words-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("words"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Polish words, with the CLDR rules for Polish (one, few, many; the rest other).
    private static let polish = """
        plurals:
          one: "i = 1 and v = 0"
          few: "v = 0 and i % 10 = 2..4 and i % 100 != 12..14"
          many: "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14"
        words:
          photos:
            one: "{count} zdjęcie"
            few: "{count} zdjęcia"
            many: "{count} zdjęć"
            other: "{count} zdjęcia (ułamek)"
          albums:
            one: "{count} album"
            few: "{count} albumy"
            many: "{count} albumów"
            other: "{count} albumu"
          albumsLabel: "Albumy"
          photosLabel: "Zdjęcia"
          breadcrumbLabel: "Ścieżka"
          previous: "← Poprzednie"
          next: "Następne →"
          previousVideo: "← Poprzedni"
          nextVideo: "Następny →"
          backToAlbum: "Zdjęcie {position} z {count}: powrót do albumu {album}"
          placement: "Zdjęcie {position} z {count} w albumie {album}"
          placementUnlisted: "Zdjęcie w albumie {album}"
          untitled: "Zdjęcie {position} z {count}"
          untitledUnlisted: "Zdjęcie"
          pagesLabel: "Strony"
          pageOf: "Strona {position} z {count}"
          previousPage: "← Poprzednia strona"
          nextPage: "Następna strona →"
          videoLabel: "Film, {duration}"
          video: "Film"
          titleSeparator: " – "
          countSeparator: " • "
          isoSpeed: "ISO {value}"
          exposureSeparator: " · "
          decimalSeparator: ","
          groupSeparator: "\\u00A0"
          minimumGroupingDigits: 2
          madeWith: "Zrobione w Tessera"
          viewerLabel: "Przeglądarka zdjęć"
          viewerClose: "Zamknij"
          viewerPrevious: "Poprzednie zdjęcie"
          viewerNext: "Następne zdjęcie"
          viewerPreviousVideo: "Poprzedni film"
          viewerNextVideo: "Następny film"
          viewerZoom: "Powiększenie"
          viewerMotion: "Na żywo"
          viewerSlideshow: "Pokaz slajdów"
          viewerFullscreen: "Pełny ekran"
          viewerDetails: "Szczegóły"
          viewerDownload: "Pobierz"
          download: "Pobierz oryginał"
          downloadAlbum: "Pobierz wszystkie zdjęcia (ZIP)"
          notFound: "Nie znaleziono strony"
          notFoundHint: "Pod tym adresem nic nie ma."
          home: "Przejdź do strony głównej"
          readMore: "Czytaj dalej"
          readLess: "Pokaż mniej"
          videos:
            one: "{count} film"
            few: "{count} filmy"
            many: "{count} filmów"
            other: "{count} filmu"
          photosAndVideos: "{photos}, {videos}"
          backToAlbumVideo: "Film {position} z {count}: powrót do albumu {album}"
          placementVideo: "Film {position} z {count} w albumie {album}"
          placementUnlistedVideo: "Film w albumie {album}"
          untitledVideo: "Film {position} z {count}"
          untitledUnlistedVideo: "Film"

        """

    private func words(_ text: String) throws -> ThemeWords {
        try Data(text.utf8).write(to: folder.appendingPathComponent("words/en.yaml"))
        return try ThemeWords.load(from: folder, documents: YAMLDocumentParser())
    }

    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    /// Every page of a site: a home photo, an album of 22 photos and a hidden one.
    private func pages(_ words: ThemeWords) throws -> [String] {
        let names = (1...22).map { "Wakacje/\($0).jpg" } + ["Wakacje/ukryte.jpg"]
        let catalog = Catalog(
            root: Album(
                name: "Zdjęcia", path: [], photos: [file("port.jpg")],
                albums: [Album(name: "Wakacje", path: ["Wakacje"], photos: names.map(file))]))
        let infos = Dictionary(
            uniqueKeysWithValues: (["port.jpg"] + names).map {
                (file($0).key, PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000)))
            })
        let naming = NamingPlanner(
            targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg, alternatives: []
        ).plan(catalog, infos: infos)
        let plan = PagePlanner(siteTitle: "Moje zdjęcia", hidden: [FilePattern("Wakacje/ukryte.jpg")])
            .plan(catalog, naming: naming, published: infos)
        let site = SiteContext(title: plan.root.title, language: "pl", words: words)
        let sitePages = SitePages(
            plan, site: site, layouts: AlbumLayouts(plan, options: LayoutOptions(), metrics: site.metrics))
        let renderer = PageRenderer(theme: try Theme.defaults(), layout: LayoutOptions())
        return try sitePages.albums.flatMap { album in
            [try renderer.render(album.placed(AlbumLayouts(plan, options: LayoutOptions(), metrics: site.metrics)))]
                + (try album.photos.map { try renderer.render($0.page) })
        }
    }

    /// What a visitor reads or hears on a page: its text, its `alt`s and `aria-label`s.
    private func readable(_ html: String) -> String {
        let labels = html.matches(of: /(?:alt|aria-label)="([^"]*)"/).map { String($0.1) }
        let text = html.replacing(/<[^>]*>/, with: " ")
        return ([text] + labels).joined(separator: "\n")
    }

    func testAPolishWordsFileLeavesNoEnglishWordOnAnyPage() throws {
        let polish = try words(Self.polish)
        XCTAssertEqual(polish.warnings, [])
        // Every English word of the built-in file, but those Polish shares ("album", "Tessera").
        func vocabulary(of theme: ThemeWords) -> Set<String> {
            var texts: [String] = []
            for word in theme.words.values {
                switch word {
                case .text(let text): texts.append(text)
                case .counted(let forms): texts += forms.values
                }
            }
            return Set(
                texts.flatMap {
                    ThemeWords.fill($0, ["count": "", "position": "", "album": "", "photos": "", "videos": ""]).matches(
                        of: /\p{L}+/
                    ).map {
                        String($0.0)
                    }
                })
        }
        let englishWords = vocabulary(of: try ThemeWords.english()).subtracting(vocabulary(of: polish))
        XCTAssertTrue(englishWords.isSuperset(of: ["Next", "Previous", "Photo", "photos", "Made", "back"]))
        let pages = try pages(polish)
        XCTAssertEqual(pages.count, 26, "two album pages and 24 photo pages")
        for page in pages {
            let seen = readable(page)
            let read = Set(seen.matches(of: /\p{L}+/).map { String($0.0) })
            XCTAssertEqual(read.intersection(englishWords), [], seen)
        }
        let home = readable(pages[0])
        XCTAssertTrue(home.contains("23 zdjęcia • 1 album"), "a few photos and one album: \(home)")
        XCTAssertTrue(home.contains("22 zdjęcia"), home)
        let photo = pages[3]
        XCTAssertTrue(photo.contains("<title>Zdjęcie 1 z 22 – Wakacje</title>"), photo)
        XCTAssertTrue(photo.contains(#"aria-label="Zdjęcie 1 z 22: powrót do albumu Wakacje""#), photo)
        XCTAssertTrue(photo.contains(#"alt="Zdjęcie 1 z 22 w albumie Wakacje""#), photo)
        XCTAssertTrue(pages.contains { $0.contains("<title>Zdjęcie – Wakacje</title>") }, "the hidden photo's page")
    }

    func testCountsTakeTheirPolishCategories() throws {
        let polish = try words(Self.polish)
        let counts = [0, 1, 2, 5, 21, 22].map { polish.count("photos", $0) }
        XCTAssertEqual(counts.map(\.category), ["many", "one", "few", "many", "many", "few"])
        XCTAssertEqual(
            counts.map(\.text), ["0 zdjęć", "1 zdjęcie", "2 zdjęcia", "5 zdjęć", "21 zdjęć", "22 zdjęcia"])
        XCTAssertEqual(counts.map(\.one), [false, true, false, false, false, false], "`one` stays English's")
        XCTAssertEqual(polish.plurals.category(ofDecimal: "1.5"), "other")
        let english = try ThemeWords.english()
        XCTAssertEqual(
            [0, 1, 2, 21].map { english.count("albums", $0).text }, ["0 albums", "1 album", "2 albums", "21 albums"])
        XCTAssertEqual(english.plurals.category(ofDecimal: "1.5"), "other")
        XCTAssertEqual(english.plurals.category(ofDecimal: "1"), "one")
    }

    func testAWordLeftOutIsTheBuiltInOneWithAWarningNamingTheFileAndTheWord() throws {
        let missing = try words(Self.polish.replacingOccurrences(of: "  next: \"Następne →\"\n", with: ""))
        let path = folder.appendingPathComponent("words/en.yaml").path
        XCTAssertEqual(missing.warnings.map(\.file), [path])
        XCTAssertTrue(missing.warnings[0].message.contains("no word 'next'"), missing.warnings[0].description)
        XCTAssertTrue(missing.warnings[0].description.hasPrefix("\(path):5:"), missing.warnings[0].description)
        XCTAssertEqual(PageWords(missing).next, "Next\u{00A0}→")
        XCTAssertEqual(PageWords(missing).previous, "← Poprzednie")
    }

    func testAMisspeltWordIsAWarningThatSuggestsTheRealOne() throws {
        let misspelt = try words("words:\n  nxet: \"Dalej\"\n")
        let messages = misspelt.warnings.map(\.description)
        XCTAssertTrue(
            messages.contains { $0.contains(":2:") && $0.contains("'nxet'; did you mean 'next'?") }, "\(messages)")
        XCTAssertEqual(PageWords(misspelt).next, "Next\u{00A0}→")
    }

    /// `{monthNam}` or `{minutes}` in the date's format reached every page as written.
    func testAMisspeltNameInTheDatesFormatIsAWarningThatSuggestsTheRealOne() throws {
        let misspelt = try words(
            "dates:\n  format: \"{day} {monthNam} {year} à {hour}h{minutes}\"\nwords:\n  next: \"Dalej\"\n")
        let messages = misspelt.warnings.map(\.description).filter { $0.contains("dates.format") }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(
            messages.contains { $0.contains(":2:") && $0.contains("'{minutes}'") && $0.contains("'{minute}'?") },
            "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("'{monthNam}'") && $0.contains("'{monthName}'?") }, "\(messages)")
        let fine = try words(
            "dates:\n  format: \"{day2}.{month2}.{year} {hour}:{minute}:{second} {month} {monthName}\"\n")
        XCTAssertEqual(fine.warnings.filter { $0.message.contains("dates.format") }, [])
    }

    /// A Polish file whose rules name only `one` has `few` and `many` texts that are never
    /// shown: "6 zdjęcia" where "6 zdjęć" was written, without a word.
    func testATextForACategoryTheRulesNeverGiveIsAWarning() throws {
        let lopsided = try words(
            "plurals:\n  one: \"i = 1 and v = 0\"\nwords:\n  photos:\n    one: \"{count} zdjęcie\"\n"
                + "    few: \"{count} zdjęcia\"\n    many: \"{count} zdjęć\"\n    other: \"{count} zdjęcia\"\n")
        let messages = lopsided.warnings.map(\.description).filter { $0.contains("'photos' has a") }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages.allSatisfy { $0.contains(":4:") && $0.contains("never shown") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("'few'") }, "\(messages)")
        XCTAssertEqual(
            try words(Self.polish).warnings.filter { $0.message.contains("never shown") }, [],
            "the Polish file's own rules give every category it has")
    }

    func testAMalformedRuleIsAnErrorNamingTheFileAndLine() throws {
        let broken = Self.polish.replacingOccurrences(of: "i % 10 = 2..4 and", with: "i % 10 = 2.. and")
        XCTAssertThrowsError(try words(broken)) { error in
            let message = "\(error)"
            let path = folder.appendingPathComponent("words/en.yaml").path
            XCTAssertTrue(message.hasPrefix("\(path):3: plural rule 'few'"), message)
        }
    }

    func testACountedNounWithoutItsOtherTextIsAnError() throws {
        XCTAssertThrowsError(try words("words:\n  photos:\n    one: \"{count} zdjęcie\"\n")) { error in
            XCTAssertTrue(
                "\(error)".hasSuffix("en.yaml:2: 'photos' needs an 'other' text, used for every number no rule names"),
                "\(error)")
        }
    }

    /// The built-in file has every word the pages use: none falls back to its own name.
    func testTheBuiltInFileHasEveryWordThePagesUse() throws {
        let english = try ThemeWords.english()
        for child in Mirror(reflecting: PageWords(english)).children {
            XCTAssertNotEqual(child.value as? String, child.label, "words/en.yaml lacks '\(child.label ?? "")'")
        }
        for name in [
            "photos", "albums", "backToAlbum", "placement", "placementUnlisted", "untitled", "untitledUnlisted",
            "pagesLabel", "pageOf", "previousPage", "nextPage", "backToAlbumVideo", "placementVideo",
            "placementUnlistedVideo", "untitledVideo", "untitledUnlistedVideo", "decimalSeparator", "groupSeparator",
            "minimumGroupingDigits",
        ] {
            XCTAssertNotNil(english.words[name], name)
        }
        XCTAssertEqual(english.warnings, [])
    }

    func testAValueWithBracesIsNotFilledInAgain() {
        XCTAssertEqual(
            ThemeWords.fill("Photo {position} in {album}", ["album": "{position}", "position": "3"]),
            "Photo 3 in {position}")
        XCTAssertEqual(ThemeWords.fill("{unknown} {", [:]), "{unknown} {")
    }
}
