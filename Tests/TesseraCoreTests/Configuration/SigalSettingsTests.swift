import TesseraYAML
import XCTest

@testable import TesseraCore

/// A `sigal.conf.py` read for what maps, never run: plain assignments only.
final class SigalSettingsTests: XCTestCase {
    func testWhatMapsBecomesTesseraYAMLLines() {
        let settings = SigalSettings(
            reading: """
                # -*- coding: utf-8 -*-
                author = "John Doe"
                title = 'Sigal test gallery ☺ "quoted"'
                source = "pictures"
                locale = "fr_FR.UTF-8"
                albums_sort_attr = "meta.order"
                medias_sort_attr = 'date'
                medias_sort_reverse = True
                thumb_size = (200, 150)
                ignore_directories = ['.hg',
                    "drafts"]   # a comment
                ignore_files = ["*.tmp"]
                img_size = (800, 600)
                rss_feed = {"feed_url": "http://127.0.0.1:8000/feed.rss", "nb_items": 10}
                keep_orig = True
                """)
        XCTAssertEqual(
            settings.yaml,
            [
                #"author: "John Doe""#, #"title: "Sigal test gallery ☺ \"quoted\"""#, #"language: "fr-FR""#,
                "album_sort: order", "sort: date", "reverse: true", "layout: {row_height: 150}",
                #"ignore: [".hg/", "drafts/"]"#, #"ignore_files: ["*.tmp"]"#, "originals: stripped",
            ])
        XCTAssertEqual(settings.source, "pictures")
        XCTAssertEqual(settings.unmapped.map(\.name), ["img_size", "rss_feed"])
        XCTAssertEqual(settings.unmapped.map(\.line), [13, 14])
        XCTAssertEqual(settings.mapped.first?.line, 2)
    }

    /// `zip_gallery = "archive.zip"` was "not read: there is no setting for it" beside
    /// Tessera's `zip: true`, and `jpg_options`, `video_size`, `max_img_pixels` were dropped
    /// without a word: a sigal setting that means what a Tessera one does becomes its line,
    /// and the lines of one group share one line, which reads as a `tessera.yaml`.
    func testSigalSettingsWithATesseraMeaningBecomeItsLines() throws {
        let settings = SigalSettings(
            reading: """
                zip_gallery = "archive.zip"
                keep_orig = True
                jpg_options = {'quality': 90, 'optimize': True, 'progressive': True}
                video_size = (1280, 720)
                max_img_pixels = 50000000
                thumb_size = (280, 210)
                webp_options = {"quality": 70, "method": 6}
                mp4_options = ['-crf', '20', '-strict', '-2']
                html_language = "pt-BR"
                """)
        XCTAssertEqual(
            settings.yaml,
            [
                "zip: true", "originals: stripped", "images: {quality: 90, max_megapixels: 50, webp_quality: 70}",
                "videos: {longest_edge: 1280, crf: 20}", "layout: {row_height: 210}", #"language: "pt-BR""#,
            ])
        XCTAssertEqual(settings.unmapped.map(\.name), [])
        let text = (["version: 1"] + settings.yaml).joined(separator: "\n")
        let configuration = try SiteConfiguration(
            document: YAMLDocumentParser().parse(text, file: "sigal.conf.py"), file: "sigal.conf.py")
        XCTAssertEqual(configuration.zip, true)
        XCTAssertEqual(configuration.originals, .stripped)
        XCTAssertEqual(configuration.images.quality, 90)
        XCTAssertEqual(configuration.images.maxMegapixels, 50)
        XCTAssertEqual(configuration.videos.longestEdge, 1280)
        XCTAssertEqual(configuration.videos.crf, 20)
        XCTAssertEqual(configuration.language, "pt-BR")
        XCTAssertEqual(
            SigalSettings(reading: "zip_gallery = False\nkeep_orig = False").yaml, ["zip: false", "originals: none"])
    }

    /// `copy_exif_data`, `use_orig`, `google_analytics` and a dozen more were dropped with
    /// no note, though the README says each unread sigal setting gets one: every sigal
    /// setting set and not read is a note on its line that says what Tessera does instead.
    func testEverySigalSettingNotReadIsANoteSayingWhatTesseraDoes() {
        let names = [
            "use_orig", "copy_exif_data", "datetime_format", "files_to_copy", "google_analytics", "orig_link",
            "img_format", "video_format", "write_html", "index_in_url", "autorotate_images", "img_processor",
            "site_logo", "zip_media_format", "destination", "thumb_fit", "make_thumbs", "thumb_dir",
        ]
        let settings = SigalSettings(reading: names.map { "\($0) = 1" }.joined(separator: "\n"))
        XCTAssertEqual(settings.yaml, [])
        XCTAssertEqual(settings.unmapped.map(\.name), names)
        XCTAssertEqual(settings.unmapped.map(\.line), Array(1...names.count))
        let advice = Dictionary(uniqueKeysWithValues: settings.unmapped.map { ($0.name, $0.advice) })
        XCTAssertTrue(advice["copy_exif_data"]?.contains("never copies EXIF") == true, "\(advice)")
        XCTAssertTrue(advice["autorotate_images"]?.contains("always turns photos upright") == true)
        XCTAssertTrue(advice["use_orig"]?.contains("'originals: as-is'") == true)
        // A value Tessera cannot read names the key to set instead.
        let unread = SigalSettings(reading: "jpg_options = {'optimize': True}\nzip_gallery = 3")
        XCTAssertEqual(
            unread.unmapped.map(\.advice),
            [
                "its value is not one Tessera reads; set 'images: {quality: N}' in tessera.yaml",
                "its value is not one Tessera reads; set 'zip:' in tessera.yaml",
            ])
    }

    /// `locale` and `html_language` both say the pages' language: the first read is the
    /// one, and the second is a note rather than a second `language:` line, which made the
    /// whole file's settings unreadable. As Python runs the file, a name set twice counts once,
    /// as its last value.
    func testTwoSigalSettingsForOneKeyMakeOneLineAndANote() {
        let settings = SigalSettings(
            reading: "locale = 'fr_FR'\nhtml_language = 'de'\ntitle = 'First'\ntitle = 'Second'\n")
        XCTAssertEqual(settings.yaml, [#"language: "fr-FR""#, #"title: "Second""#])
        XCTAssertEqual(settings.unmapped.map(\.name), ["html_language"])
        XCTAssertEqual(
            settings.unmapped.first?.advice, "'language:' is already read from 'locale' (line 1); this one is not read")
    }

    /// `title = "Caf\xe9"` made the site's title `Caf\xe9`: a string's escapes are decoded as
    /// Python decodes them, a raw string keeps its backslashes, strings side by side are one,
    /// and a tuple without parentheses (`thumb_size = 280, 210`) is read as the tuple it is.
    func testPythonStringsAndTuplesReadAsPythonReadsThem() {
        let settings = SigalSettings(
            reading: #"""
                title = "Caf\xe9 \u00e0 Paris \U0001F600"
                author = 'Jos\u00e9 "Pepe" L\xf3pez\tand \N{latin small letter e with acute}t\351 \101\x41 \d'
                description = r"C:\new\x41 \"quoted\"" u' and more' "."
                thumb_size = 280, 210
                """#)
        XCTAssertEqual(
            settings.yaml,
            [
                #"title: "Café à Paris 😀""#, #"author: "José \"Pepe\" López\tand été AA \\d""#,
                #"description: "C:\\new\\x41 \\\"quoted\\\" and more.""#, "layout: {row_height: 210}",
            ])
        XCTAssertEqual(settings.unmapped.map(\.name), [])
        // An escape Python refuses is a note, as is a name Unicode does not give.
        let refused = SigalSettings(reading: #"title = "\xZZ"\#nauthor = "\N{NO SUCH CHARACTER}"\#n"#)
        XCTAssertEqual(refused.yaml, [])
        XCTAssertEqual(refused.unmapped.map(\.name), ["title", "author"])
    }

    /// `ignore_files = ['*backup*']` and `ignore_directories = ['_*']` became one `ignore:`
    /// list, which left out the folder `2019 backup trip` and the photo `_DSC0042.jpg`, both
    /// of which sigal publishes: each keeps its meaning in the lines, which read as that.
    func testSigalsIgnoreListsKeepTheirKindInTheLines() throws {
        let settings = SigalSettings(reading: "ignore_files = ['*backup*']\nignore_directories = ['_*', 'raw/']\n")
        XCTAssertEqual(settings.yaml, [#"ignore_files: ["*backup*"]"#, #"ignore: ["_*/", "raw/"]"#])
        let text = (["version: 1"] + settings.yaml).joined(separator: "\n")
        let configuration = try SiteConfiguration(
            document: YAMLDocumentParser().parse(text, file: "sigal.conf.py"), file: "sigal.conf.py")
        XCTAssertEqual(configuration.ignorePatterns.map(\.kind), [.folders, .folders, .files])
        XCTAssertEqual(configuration.ignorePatterns.map(\.pattern), ["_*", "raw", "*backup*"])
    }

    func testNothingIsRunAndWhatIsNoLiteralIsNotRead() {
        let settings = SigalSettings(
            reading: """
                import os
                os.system("touch /tmp/owned")
                title = os.environ["TITLE"]
                if True:
                    author = "Indented"
                author == "compared"
                albums_sort_attr = ["title", "name"]
                medias_sort_attr = "-filename"
                """)
        XCTAssertEqual(settings.yaml, [])
        XCTAssertEqual(settings.unmapped.map(\.name), ["title", "albums_sort_attr", "medias_sort_attr"])
    }

    func testPOSIXLocalesBecomeLanguageTags() {
        XCTAssertEqual(SigalSettings.languageTag("de_DE"), "de-DE")
        XCTAssertEqual(SigalSettings.languageTag("pt_BR.UTF-8"), "pt-BR")
        XCTAssertEqual(SigalSettings.languageTag("ca_ES@valencia"), "ca-ES")
        XCTAssertEqual(SigalSettings.languageTag("ja"), "ja")
        XCTAssertEqual(SigalSettings.languageTag("en-GB"), "en-GB")
        XCTAssertNil(SigalSettings.languageTag("C"))
        XCTAssertNil(SigalSettings.languageTag(""))
    }
}
