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
                #"ignore: [".hg", "drafts", "*.tmp"]"#,
            ])
        XCTAssertEqual(settings.source, "pictures")
        XCTAssertEqual(settings.unmapped.map(\.name), ["img_size", "rss_feed", "keep_orig"])
        XCTAssertEqual(settings.unmapped.map(\.line), [13, 14, 15])
        XCTAssertEqual(settings.mapped.first?.line, 2)
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
        XCTAssertNil(SigalSettings.languageTag("C"))
        XCTAssertNil(SigalSettings.languageTag(""))
    }
}
