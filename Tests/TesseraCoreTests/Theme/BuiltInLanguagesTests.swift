import Foundation
import TesseraLayout
import TesseraYAML
import XCTest

@testable import TesseraCore

/// `language:` chooses the theme's `words/<language>.yaml`: each built-in language's pages
/// carry no English word of `en.yaml` (but the few a language shares with English), its
/// counts take the CLDR categories of its plural rules, its dates are written its way,
/// Arabic and Hebrew pages are right to left, and a language without words is a warning
/// that names the nearest built-in one.
final class BuiltInLanguagesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-lang-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("words"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The English words each language writes the same way, on purpose (French `photo`,
    /// German `Album`, Dutch `in`): everything else English must be gone.
    /// `ZIP` (the album download's format) and `ISO` (a photo's film speed) are every language's;
    /// `Live` (the viewer's Live control) is what the iPhone itself says in French, German,
    /// Italian and Dutch.
    private static let sharedWithEnglish: [String: Set<String>] = [
        "fr": ["photo", "photos", "album", "albums", "page", "pages", "original", "zip", "iso", "live"],
        "de": ["album", "in", "details", "video", "videos", "original", "zip", "iso", "live"],
        "it": ["album", "in", "video", "zip", "iso", "live"],
        "nl": ["album", "albums", "in", "details", "video", "zip", "iso", "live"],
        "pl": ["album", "zip", "iso"], "es": ["original", "zip", "iso"], "pt": ["original", "zip", "iso"],
        "ar": ["zip", "iso"], "he": ["zip", "iso"], "ja": ["zip", "iso"], "ru": ["zip", "iso"],
        "zh-Hans": ["zip", "iso"],
    ]

    private func words(_ language: String) throws -> ThemeWords {
        try ThemeWords.builtIn(language: language, documents: YAMLDocumentParser())
    }

    private func file(_ path: String) -> PhotoFile {
        PhotoFile(relativePath: path, format: .jpeg, byteCount: 1, modified: 0)
    }

    /// Every page of a site in `language`: a home photo, an album of 22 photos (the first
    /// one dated) and a hidden one, then the 404 page. (The site is called Lisboa, a name no
    /// English word of the theme's is.)
    private func pages(_ language: String) throws -> [String] {
        let names = (1...22).map { "Trip/\($0).jpg" } + ["Trip/hidden.jpg"]
        let catalog = Catalog(
            root: Album(
                name: "Lisboa", path: [], photos: [file("port.jpg")],
                albums: [Album(name: "Trip", path: ["Trip"], photos: names.map(file))]))
        var infos = Dictionary(
            uniqueKeysWithValues: (["port.jpg"] + names).map {
                (file($0).key, PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3000, height: 2000)))
            })
        infos[file("Trip/1.jpg").key]?.metadata = PhotoMetadata(dateTaken: "2024-03-12 14:05:00")
        let naming = NamingPlanner(
            targets: RenditionLadder(SiteConfiguration.Images()).targets, format: .jpeg, alternatives: []
        ).plan(catalog, infos: infos)
        let plan = PagePlanner(siteTitle: "Lisboa", hidden: [FilePattern("Trip/hidden.jpg")])
            .plan(catalog, naming: naming, published: infos)
        let theme = try Theme.defaults(documents: YAMLDocumentParser(), language: language)
        let site = SiteContext(title: plan.root.title, language: language, words: theme.words)
        let layouts = AlbumLayouts(plan, options: LayoutOptions(), metrics: site.metrics)
        let sitePages = SitePages(plan, site: site, layouts: layouts)
        let renderer = PageRenderer(theme: theme, layout: LayoutOptions())
        return try sitePages.albums.flatMap { album in
            [try renderer.render(album.placed(layouts))] + (try album.photos.map { try renderer.render($0.page) })
        } + [try renderer.render(sitePages.notFound)]
    }

    /// What a visitor reads or hears on a page: its text, its `alt`s and `aria-label`s.
    private func readable(_ html: String) -> String {
        let labels = html.matches(of: /(?:alt|aria-label)="([^"]*)"/).map { String($0.1) }
        let text = html.replacing(/<[^>]*>/, with: " ")
        return ([text] + labels).joined(separator: "\n")
    }

    /// Every word (run of letters, in lower case) of `words`' texts, placeholders left out.
    private func vocabulary(of words: ThemeWords) -> Set<String> {
        var texts: [String] = []
        for word in words.words.values {
            switch word {
            case .text(let text): texts.append(text)
            case .counted(let forms): texts += forms.values
            }
        }
        return Set(
            texts.flatMap {
                ThemeWords.fill($0, Self.noPlaceholders).matches(of: /\p{L}+/)
                    .map {
                        String($0.0).lowercased()
                    }
            })
    }

    /// Every placeholder a word has, filled with nothing: they are no words of a language.
    private static let noPlaceholders = [
        "count": "", "position": "", "album": "", "duration": "", "value": "", "photos": "", "videos": "",
    ]

    private static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{([a-z]+)\}/).map { String($0.1) })
    }

    func testThirteenLanguagesAreBuiltIn() {
        XCTAssertEqual(
            ThemeWords.builtInLanguages(),
            ["ar", "de", "en", "es", "fr", "he", "it", "ja", "nl", "pl", "pt", "ru", "zh-Hans"])
    }

    /// A built-in theme that brings no word files (`journal`, `portfolio`) speaks every
    /// language of the default theme: `theme: journal` with `language: fr` once warned "no
    /// words" and wrote English pages.
    func testEveryBuiltInThemeSpeaksEveryBuiltInLanguage() throws {
        for name in ["journal", "portfolio"] {
            XCTAssertEqual(ThemeWords.builtInLanguages(of: name), ThemeWords.builtInLanguages(), name)
            let theme = try Theme.load(theme: name, folder: nil, documents: YAMLDocumentParser(), language: "fr")
            XCTAssertNil(theme.words.unknownLanguage, name)
            XCTAssertEqual(theme.words.text("next"), "Suivante\u{00A0}→", name)
        }
    }

    func testEveryBuiltInLanguageHasEveryWordWithItsPlaceholdersAndATextForEachCategory() throws {
        let english = try words("en")
        for language in ThemeWords.builtInLanguages() {
            let words = try words(language)
            XCTAssertEqual(words.language, language)
            XCTAssertNil(words.unknownLanguage, language)
            XCTAssertEqual(Set(words.words.keys), Set(english.words.keys), "\(language) has every word of en.yaml")
            XCTAssertEqual(words.months.count, 12, language)
            XCTAssertNotNil(words.dateFormat, language)
            let ruled = words.plurals.rules.map(\.category)
            for (name, word) in words.words {
                switch (word, english.words[name]) {
                case (.text(let text), .text(let original)):
                    XCTAssertEqual(
                        Self.placeholders(text), Self.placeholders(original), "\(language) '\(name)': \(text)")
                case (.counted(let forms), .counted):
                    for category in ruled {
                        XCTAssertNotNil(forms[category], "\(language) '\(name)' has a '\(category)' text")
                    }
                    for (category, text) in forms {
                        XCTAssertTrue(
                            Self.placeholders(text).isSubset(of: ["count"]), "\(language) '\(name).\(category)'")
                    }
                    XCTAssertTrue(forms["other"]?.contains("{count}") ?? false, "\(language) '\(name).other'")
                default: XCTFail("\(language) '\(name)' is not of the English word's kind")
                }
            }
        }
    }

    func testEveryBuiltInLanguageLeavesNoEnglishWordOnItsPages() throws {
        let english = vocabulary(of: try words("en"))
        XCTAssertTrue(english.isSuperset(of: ["next", "previous", "photo", "photos", "made", "back", "breadcrumb"]))
        for language in ThemeWords.builtInLanguages() where language != "en" {
            let shared = Self.sharedWithEnglish[language, default: []]
            let left = english.subtracting(["tessera"]).subtracting(shared)
            XCTAssertEqual(
                english.intersection(vocabulary(of: try words(language))).subtracting(["tessera"]), shared,
                "\(language): the words it shares with English are the ones listed")
            let pages = try pages(language)
            XCTAssertEqual(pages.count, 27, "two album pages, 24 photo pages and the 404 page")
            for page in pages {
                let seen = readable(page)
                let read = Set(seen.matches(of: /\p{L}+/).map { String($0.0).lowercased() })
                XCTAssertEqual(read.intersection(left), [], "\(language): \(seen)")
            }
        }
    }

    /// The exposure line (photo page, viewer details) writes the ISO speed and joins its parts
    /// with the theme's words: a word file's `isoSpeed` and `exposureSeparator` change it.
    func testTheExposureLineIsWrittenWithTheThemesWords() throws {
        let meta = PhotoMetadata(exposure: "1/250 s", aperture: "f/2.8", focalLength: "35 mm", iso: 200)
        var words = try words("en")
        XCTAssertEqual(meta.exposureLine(words), "35 mm · f/2.8 · 1/250 s · ISO 200")
        words.words["isoSpeed"] = .text("{value} ISO")
        words.words["exposureSeparator"] = .text(", ")
        XCTAssertEqual(meta.exposureLine(words), "35 mm, f/2.8, 1/250 s, 200 ISO")
        XCTAssertNil(PhotoMetadata().exposureLine(words), "no exposure facts, no line")
        // A decimal is written as the language writes one (it was "f/2.8" in every language).
        let phone = PhotoMetadata(exposure: "0.5 s", aperture: "f/1.8", focalLength: "4.2 mm", iso: 1600)
        XCTAssertEqual(try phone.exposureLine(self.words("fr")), "4,2 mm · f/1,8 · 0,5 s · ISO 1600")
        XCTAssertEqual(try phone.exposureLine(self.words("pl")), "4,2 mm · f/1,8 · 0,5 s · ISO 1600")
        XCTAssertEqual(try phone.exposureLine(self.words("ja")), "4.2 mm · f/1.8 · 0.5 s · ISO 1600")
        XCTAssertEqual(PhotoMetadata.decimals("v1.2 f/2.8.", as: ","), "v1,2 f/2,8.", "only between digits")
    }

    func testCountsTakeTheCLDRCategoriesOfEachLanguage() throws {
        func categories(_ language: String, _ numbers: [Int]) throws -> [String] {
            let words = try words(language)
            return numbers.map { words.count("photos", $0).category }
        }
        XCTAssertEqual(try categories("pl", [1, 2, 5, 22]), ["one", "few", "many", "few"])
        XCTAssertEqual(try categories("ru", [1, 3, 5, 21]), ["one", "few", "many", "one"])
        XCTAssertEqual(
            try categories("ar", [0, 1, 2, 3, 11, 100]), ["zero", "one", "two", "few", "many", "other"])
        XCTAssertEqual(try categories("fr", [0, 1, 2, 1_000_000]), ["one", "one", "other", "many"])
        XCTAssertEqual(try categories("he", [1, 2, 3]), ["one", "two", "other"])
        XCTAssertEqual(try categories("ja", [0, 1, 2]), ["other", "other", "other"])
        let polish = try words("pl")
        XCTAssertEqual(
            [1, 2, 5, 22].map { polish.count("photos", $0).text }, ["1 zdjęcie", "2 zdjęcia", "5 zdjęć", "22 zdjęcia"])
        let russian = try words("ru")
        XCTAssertEqual(
            [1, 3, 5, 21].map { russian.count("albums", $0).text },
            ["1 альбом", "3 альбома", "5 альбомов", "21 альбом"])
        let arabic = try words("ar")
        XCTAssertEqual(
            [0, 1, 2, 3, 11, 100].map { arabic.count("photos", $0).text },
            ["لا توجد صور", "صورة واحدة", "صورتان", "3 صور", "11 صورة", "100 صورة"])
        // The home page: 23 photos in all, one album of 22, in Polish and Russian.
        let polishHome = readable(try pages("pl")[0])
        XCTAssertTrue(polishHome.contains("23 zdjęcia · 1 album"), polishHome)
        XCTAssertTrue(polishHome.contains("22 zdjęcia"), polishHome)
        let russianHome = readable(try pages("ru")[0])
        XCTAssertTrue(russianHome.contains("23 фотографии · 1 альбом"), russianHome)
    }

    /// A count of thousands was written "3000 photos" in every language: it takes the
    /// language's CLDR digit grouping, which Polish, Spanish and Italian start at five digits.
    func testCountsAreWrittenWithTheLanguagesDigitGrouping() throws {
        for (language, photos3000, photos12345) in [
            ("en", "3,000 photos", "12,345 photos"), ("fr", "3\u{202F}000 photos", "12\u{202F}345 photos"),
            ("de", "3.000 Fotos", "12.345 Fotos"), ("ru", "3\u{A0}000 фотографий", "12\u{A0}345 фотографий"),
            ("pl", "3000 zdjęć", "12\u{A0}345 zdjęć"), ("es", "3000 fotos", "12.345 fotos"),
            ("it", "3000 foto", "12.345 foto"), ("ja", "写真 3,000 枚", "写真 12,345 枚"),
        ] {
            let words = try words(language)
            XCTAssertEqual(words.count("photos", 3000).text, photos3000, language)
            XCTAssertEqual(words.count("photos", 12345).text, photos12345, language)
        }
        let english = try words("en")
        XCTAssertEqual([0, 7, 999, 1000, 1_234_567].map(english.number), ["0", "7", "999", "1,000", "1,234,567"])
        XCTAssertEqual(english.count("photos", 1000).value, 1000, "a template's {{value}} stays a plain number")
    }

    func testArabicAndHebrewPagesAreRightToLeftAndTheOthersAreNot() throws {
        for language in ThemeWords.builtInLanguages() {
            let pages = try pages(language)
            let rightToLeft = ["ar", "he"].contains(language)
            for page in pages {
                let html = try XCTUnwrap(page.firstMatch(of: /<html[^>]*>/)).0
                XCTAssertEqual(
                    html, rightToLeft ? #"<html lang="\#(language)" dir="rtl">"# : #"<html lang="\#(language)">"#)
            }
        }
        // The pager's arrows point outwards both ways: "previous" is on the right in Arabic.
        let arabic = try words("ar")
        XCTAssertTrue(arabic.text("previous").hasPrefix("→"))
        XCTAssertTrue(arabic.text("next").hasSuffix("←"))
        // An arrow is never left alone on a phone's line: it is held to its word.
        for language in ThemeWords.builtInLanguages() {
            let words = try words(language)
            for key in ["previous", "next", "previousPage", "nextPage"] {
                let text = words.text(key)
                XCTAssertFalse(
                    text.contains("← ") || text.contains(" →") || text.contains("→ ") || text.contains(" ←"),
                    "\(language) \(key): '\(text)' may break beside its arrow")
            }
        }
    }

    /// "Next" agrees with the item it leads to where a language's word has a gender: a
    /// Russian photo page's link to a video said «Следующая →» (a photo's form), a Polish
    /// one «Następne →» (a film is «Następny»).
    func testALinkToAVideoTakesTheVideosForm() throws {
        for (language, photoNext, videoNext, photoPrevious) in [
            ("ru", "Следующая\u{A0}→", "Следующее\u{A0}→", "←\u{A0}Предыдущая"),
            ("pl", "Następne\u{A0}→", "Następny\u{A0}→", "←\u{A0}Poprzednie"),
            ("en", "Next\u{A0}→", "Next\u{A0}→", "←\u{A0}Previous"),
        ] {
            let theme = try Theme.defaults(documents: YAMLDocumentParser(), language: language)
            let renderer = PageRenderer(theme: theme, layout: LayoutOptions())
            var page = PhotoPage.example
            page.words = PageWords(theme.words)
            page.previous = PageLink(href: "z.html")
            page.next = PageLink(href: "clip.html", isVideo: true)
            let toVideo = try renderer.render(page)
            XCTAssertTrue(
                toVideo.contains(#"href="clip.html" data-kind="video">\#(videoNext)</a>"#), "\(language): \(toVideo)")
            XCTAssertTrue(toVideo.contains(">\(photoPrevious)</a>"), "\(language): the photo before keeps its form")
            page.next = PageLink(href: "b.html")
            XCTAssertTrue(try renderer.render(page).contains(#"href="b.html">\#(photoNext)</a>"#), language)
        }
    }

    /// A photo page's link back to its album shows "2 / 3" and was named "Photo 2 of 3: back
    /// to Trip": a visitor speaking to the computer says what it shows and reaches nothing
    /// (WCAG 2.5.3, label in name). Its name starts with what it shows, in every language,
    /// for a video's page too.
    func testTheLinkBackToTheAlbumIsNamedWithWhatItShows() throws {
        for language in ThemeWords.builtInLanguages() {
            var checked = 0
            for page in try pages(language) {
                guard let up = page.firstMatch(of: /<a class="up" href="[^"]*" aria-label="([^"]*)">([^<]*)<\/a>/)
                else { continue }
                let shown = String(up.2).replacingOccurrences(of: "&nbsp;", with: " ")
                XCTAssertTrue(up.1.hasPrefix(shown), "\(language): '\(up.1)' does not start with '\(shown)'")
                checked += 1
            }
            XCTAssertEqual(checked, 23, "\(language): every listed photo's page, the home's and the album's")
            let words = try words(language)
            let place = ["position": "2", "count": "3", "album": "Trip"]
            XCTAssertTrue(words.text("backToAlbumVideo", place).hasPrefix("2 / 3"), language)
        }
    }

    func testAPhotosDateIsWrittenTheLanguagesWay() throws {
        let taken = "2024-03-12 14:05:00"
        XCTAssertEqual(try words("fr").date(taken), "12 mars 2024 à 14:05")
        XCTAssertEqual(try words("pl").date(taken), "12 marca 2024, 14:05")
        XCTAssertEqual(try words("ja").date(taken), "2024年3月12日 14:05")
        XCTAssertEqual(try words("en").date(taken), taken, "English keeps the camera's form")
        XCTAssertEqual(try words("fr").date("2024:03:12"), "2024:03:12", "a date of another shape stays")
        // A date no calendar has stays as written, and no page or feed calls it a date.
        for impossible in [
            "2024-13-45 99:99:99", "0000-00-00 00:00:00", "2023-02-29 10:00:00", "2024-04-31 10:00:00",
            "2024-03-12 24:00:00", "2024-03-12 14:60:00",
        ] {
            XCTAssertEqual(try words("fr").date(impossible), impossible)
            XCTAssertNil(ThemeWords.machineDate(impossible), impossible)
            XCTAssertNil(AtomFeed.atomDate(exif: impossible), impossible)
        }
        XCTAssertEqual(try words("fr").date("2024-02-29 23:59:59"), "29 février 2024 à 23:59", "a leap day")
        XCTAssertEqual(ThemeWords.machineDate("2024-02-29 23:59:59"), "2024-02-29T23:59:59")
        XCTAssertEqual(AtomFeed.atomDate(exif: "2000:02:29 00:00:00"), "2000-02-29T00:00:00Z")
        XCTAssertEqual(AtomFeed.atomDate(exif: "2024-05-01"), "2024-05-01T00:00:00Z")
        let french = try pages("fr").first { $0.contains("<time") }
        XCTAssertTrue(
            french?.contains(#"<time datetime="2024-03-12T14:05:00">12 mars 2024 à 14:05</time>"#) ?? false,
            french ?? "no page with a date")
        let english = try pages("en").first { $0.contains("<time") }
        XCTAssertTrue(english?.contains("<time>2024-03-12 14:05:00</time>") ?? false, english ?? "no page with a date")
    }

    /// The hour was always two digits ("09:05"); CLDR's short time has one in Spanish,
    /// Hebrew and Japanese ("9:05") and is on a 12-hour clock in Arabic ("9:05 ص"). Every
    /// built-in language writes a morning and an evening time as CLDR does.
    func testATimeIsWrittenAsCLDRsShortTime() throws {
        let cldr: [String: (String, String)] = [
            "ar": ("9:05 ص", "9:05 م"), "de": ("09:05", "21:05"), "es": ("9:05", "21:05"), "fr": ("09:05", "21:05"),
            "he": ("9:05", "21:05"), "it": ("09:05", "21:05"), "ja": ("9:05", "21:05"), "nl": ("09:05", "21:05"),
            "pl": ("09:05", "21:05"), "pt": ("09:05", "21:05"), "ru": ("09:05", "21:05"),
            "zh-Hans": ("09:05", "21:05"), "en": ("09:05:00", "21:05:00"),
        ]
        XCTAssertEqual(Set(cldr.keys), Set(ThemeWords.builtInLanguages()))
        for (language, (morning, evening)) in cldr {
            let words = try words(language)
            XCTAssertTrue(
                words.date("2024-03-12 09:05:00").hasSuffix(morning),
                "\(language): \(words.date("2024-03-12 09:05:00"))")
            XCTAssertTrue(
                words.date("2024-03-12 21:05:00").hasSuffix(evening),
                "\(language): \(words.date("2024-03-12 21:05:00"))")
        }
        var words = try words("en")
        words.dateFormat = "{hour12}:{minute} {dayPeriod}"
        XCTAssertEqual(words.date("2024-03-12 00:05:00"), "12:05 AM", "CLDR's root words without dayPeriods")
        XCTAssertEqual(words.date("2024-03-12 12:05:00"), "12:05 PM")
    }

    func testATagFindsItsLanguageByBCP47Lookup() {
        let available = ThemeWords.builtInLanguages()
        let cases: [(String, String?)] = [
            ("fr", "fr"), ("pt-BR", "pt"), ("PT-br", "pt"), ("de-AT", "de"), ("en-GB", "en"), ("zh-Hans", "zh-Hans"),
            ("zh-Hans-CN", "zh-Hans"), ("zh-CN", "zh-Hans"), ("zh", "zh-Hans"), ("zh-TW", nil), ("zh-Hant", nil),
            ("sv", nil), ("ar-EG", "ar"), ("iw", "he"), ("iw-IL", "he"), ("IW", "he"),
        ]
        for (tag, expected) in cases {
            XCTAssertEqual(ThemeWords.match(tag, among: available), expected, tag)
        }
    }

    func testALanguageWithoutWordsIsAWarningNamingTheNearestAndThePagesStayEnglish() throws {
        let swedish = try words("sv")
        XCTAssertEqual(swedish.language, "en")
        XCTAssertEqual(swedish.text("next"), "Next\u{00A0}→")
        let message = try XCTUnwrap(swedish.unknownLanguage)
        XCTAssertTrue(message.contains("language 'sv' has no words"), message)
        XCTAssertTrue(message.contains("ar, de, en, es, fr, he, it, ja, nl, pl, pt, ru, zh-Hans"), message)
        let typo = try XCTUnwrap(try words("fre").unknownLanguage)
        XCTAssertTrue(typo.contains("the nearest built-in language is 'fr'"), typo)
        XCTAssertTrue(try XCTUnwrap(try words("zh-TW").unknownLanguage).contains("'zh-Hans'"))
        // Catalan is not Japanese, nor Danish German: a two-letter code is another language.
        for tag in ["ca", "ca-ES", "da", "sr-RS", "nb-NO"] {
            let message = try XCTUnwrap(try words(tag).unknownLanguage)
            XCTAssertFalse(message.contains("nearest"), message)
            XCTAssertTrue(message.contains("the built-in languages are ar, de, en"), message)
        }
        XCTAssertNil(try words("pt-BR").unknownLanguage)
    }

    /// `language: sv` writes the pages in English words: they said `<html lang="sv">`, so a
    /// screen reader spoke "Next" and "Made with Tessera" with a Swedish voice. A site that
    /// brings its own `words/sv.yaml` is in Swedish, and says so.
    func testALanguageWithoutWordsMarksItsPagesWithTheFallbacksLanguage() throws {
        for page in try pages("sv") {
            XCTAssertEqual(try XCTUnwrap(page.firstMatch(of: /<html[^>]*>/)).0, #"<html lang="en">"#)
        }
        XCTAssertEqual(SiteContext(title: "Lisboa", language: "pt-BR", words: try words("pt-BR")).language, "pt-BR")
        try Data("words:\n  next: \"Nästa →\"\n".utf8).write(to: folder.appendingPathComponent("words/sv.yaml"))
        let own = try ThemeWords.load(from: folder, language: "sv", documents: YAMLDocumentParser())
        XCTAssertEqual(SiteContext(title: "Lisboa", language: "sv", words: own).language, "sv")
    }

    func testASitesOwnWordFileOverridesAWordOfItsLanguage() throws {
        try Data(#"words:\#n  next: "Après →"\#n"#.utf8).write(to: folder.appendingPathComponent("words/fr.yaml"))
        let words = try ThemeWords.load(from: folder, language: "fr-CA", documents: YAMLDocumentParser())
        XCTAssertEqual(words.text("next"), "Après →")
        XCTAssertEqual(words.text("previous"), "←\u{00A0}Précédente", "a word left out is the built-in French one")
        XCTAssertEqual(words.count("photos", 0).text, "0 photo", "the built-in French plural rules stay")
        XCTAssertEqual(words.date("2024-03-12 14:05:00"), "12 mars 2024 à 14:05")
        XCTAssertNil(words.unknownLanguage)
    }

    /// A name in braces no page fills (`{cnt} photos`, `back to {albm}`) was shown as written
    /// with nothing said; the names a word does fill are left alone.
    func testANameInBracesNoPageFillsIsNamed() throws {
        let text = """
            words:
              photos:
                one: "{count} photo"
                other: "{cnt} photos"
              backToAlbum: "Photo {position} of {count}: back to {albm}"
              next: "Next {→}"

            """
        try Data(text.utf8).write(to: folder.appendingPathComponent("words/en.yaml"))
        let words = try ThemeWords.load(from: folder, language: "en", documents: YAMLDocumentParser())
        let named = words.warnings.filter { $0.message.contains("no page fills in") }.map(\.description)
        let path = folder.appendingPathComponent("words/en.yaml").path
        XCTAssertEqual(
            named,
            [
                "\(path):5:1: warning: 'backToAlbum' has '{albm}', which no page fills in (this word's are: {album}, {count}, {position}); it would be shown as written",
                "\(path):2:1: warning: 'photos' has '{cnt}', which no page fills in (this word's are: {count}); it would be shown as written",
            ])
    }

    func testASitesOwnWordFileBringsALanguageTheThemeLacks() throws {
        let swedish = """
            plurals:
              one: "i = 1 and v = 0"
            dates:
              format: "{day} {monthName} {year}"
              months: [januari, februari, mars, april, maj, juni, juli, augusti, september, oktober, november, december]
            words:
              next: "Nästa →"

            """
        try Data(swedish.utf8).write(to: folder.appendingPathComponent("words/sv.yaml"))
        let words = try ThemeWords.load(from: folder, language: "sv", documents: YAMLDocumentParser())
        XCTAssertNil(words.unknownLanguage, "the site's own file is the language's words")
        XCTAssertEqual(words.text("next"), "Nästa →")
        XCTAssertEqual(words.date("2024-03-12 14:05:00"), "12 mars 2024")
        XCTAssertFalse(words.warnings.isEmpty, "each word it leaves out is named")
    }

    func testADirectionOrDateThatCannotBeReadIsAnErrorNamingTheFileAndLine() throws {
        for (text, line, expected) in [
            ("direction: up\n", 1, "'direction' must be 'ltr' (left to right) or 'rtl' (right to left)"),
            ("dates:\n  months: [a, b]\n", 2, "'dates.months' must list the twelve months' names, January first"),
            ("dates:\n  style: long\n", 2, "unknown key 'dates.style'; the keys are format, months, dayPeriods"),
            (
                "dates:\n  dayPeriods: [a]\n", 2,
                "'dates.dayPeriods' must list two words, before noon first (e.g. [AM, PM])"
            ),
        ] {
            try Data(text.utf8).write(to: folder.appendingPathComponent("words/en.yaml"))
            XCTAssertThrowsError(try ThemeWords.load(from: folder, documents: YAMLDocumentParser())) { error in
                guard case ThemeError.words(let file, let found, let message) = error else {
                    return XCTFail("\(error)")
                }
                XCTAssertTrue(file.hasSuffix("words/en.yaml"), file)
                XCTAssertEqual(found, line, text)
                XCTAssertEqual(message, expected)
            }
        }
    }
}
