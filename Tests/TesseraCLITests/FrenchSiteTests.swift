import Foundation
import TesseraTestSupport
import XCTest

/// The binary people run (under `make test`, the release build) builds the sample album with
/// `language: fr`: every page is in French — its words, counts and labels — with no English
/// word of the built-in theme left, and no warning.
final class FrenchSiteTests: XCTestCase {
    private var tmp: SampleWorkspace!

    override func setUpWithError() throws {
        tmp = try SampleWorkspace()
    }

    override func tearDown() {
        tmp = nil
    }

    /// English words of `words/en.yaml` that French does not share (French writes `photo`
    /// and `album` too).
    private static let english: Set<String> = [
        "next", "previous", "made", "with", "back", "to", "of", "in", "breadcrumb",
    ]

    func testAFrenchSiteCarriesNoEnglishWord() throws {
        try Data("title: Mes photos\nlanguage: fr\n".utf8).write(to: tmp.photos.appendingPathComponent("tessera.yaml"))
        // The site's own words are the owner's: the sample's English notes go, its French ones stay.
        for note in ["Travels/index.md", "Travels/Bridge.md", "Travels/Coast 2024/index.md"] {
            try FileManager.default.removeItem(at: tmp.photos.appendingPathComponent(note))
        }
        let result = try Tessera.run(["build", "photos", "-o", "site"], in: tmp.url, timeout: 600)
        XCTAssertFalse(result.timedOut, "the build did not finish")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.messages.contains("warning:"), result.stderr)

        let pages = try XCTUnwrap(FileManager.default.enumerator(atPath: tmp.site.path))
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }
        XCTAssertGreaterThan(pages.count, 30, "every album and photo page")
        for path in pages {
            let html = try String(contentsOf: tmp.site.appendingPathComponent(path), encoding: .utf8)
            XCTAssertTrue(html.contains(#"<html lang="fr">"#), path)
            XCTAssertTrue(html.contains("Créé avec Tessera"), path)
            let labels = html.matches(of: /(?:alt|aria-label)="([^"]*)"/).map { String($0.1) }
            let readable = ([html.replacing(/<[^>]*>/, with: " ")] + labels).joined(separator: "\n")
            let words = Set(readable.matches(of: /\p{L}+/).map { String($0.0).lowercased() })
            XCTAssertEqual(words.intersection(Self.english), [], "\(path): \(readable)")
        }
        let home = try String(contentsOf: tmp.site.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertTrue(home.contains("30 photos · 3 albums"), home)
        XCTAssertTrue(home.contains(#"aria-label="Fil d’Ariane""#), home)
        let photo = try String(contentsOf: tmp.site.appendingPathComponent("evening.html"), encoding: .utf8)
        XCTAssertTrue(photo.contains("Suivante\u{00A0}→</a>"), photo)
        XCTAssertTrue(photo.contains(#"alt="Photo 1 sur 6 dans Mes photos""#), photo)
    }
}
