import Foundation
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A template folder (`--templates`) saved by any editor: its files read as text files do,
/// and one that cannot be used is an error naming it, never quietly replaced by the default.
final class TemplateFolderTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var templates: URL { folder.url.appendingPathComponent("templates") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        try folder.write("photos/Harbour.jpg", FakeImaging.photo(width: 3000, height: 2000))
    }

    private func home(with set: Theme) throws -> String {
        let builder = SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: folder.url.appendingPathComponent("site"),
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, generator: "test"), theme: set,
            imaging: FakeImaging(), video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
        _ = try builder.build()
        return try String(contentsOf: folder.url.appendingPathComponent("site/index.html"), encoding: .utf8)
    }

    func testATemplateWithAByteOrderMarkAndCarriageReturnsRendersAsWithLineFeeds() throws {
        let footer = "<footer>\r{{#lang}}\r  Made here\r{{/lang}}\r</footer>\r"
        try folder.write("templates/footer.mustache", [0xEF, 0xBB, 0xBF] + Array(footer.utf8))
        try folder.write("templates/style.css", [0xEF, 0xBB, 0xBF] + Array("body{margin:0}\r\n".utf8))
        let set = try Theme.load(from: templates)
        XCTAssertEqual(set.warnings, [])
        XCTAssertEqual(set.stylesheet, "body{margin:0}\n")
        let page = try home(with: set)
        XCTAssertFalse(page.unicodeScalars.contains("\u{FEFF}"), "no byte-order mark in the middle of the page")
        XCTAssertFalse(page.contains("\r"))
        XCTAssertTrue(page.contains("<footer>\n  Made here\n</footer>"), "section tags on their own lines vanish")
    }

    func testATemplateThatIsNotUTF8IsAnErrorNamingItsLine() throws {
        try folder.write("templates/footer.mustache", Array("<footer>\nMade in ".utf8) + [0xE9] + Array("\n".utf8))
        XCTAssertThrowsError(try Theme.load(from: templates)) { error in
            let path = templates.appendingPathComponent("footer.mustache").path
            XCTAssertEqual(error as? ThemeError, .notText(path, line: 2))
            XCTAssertEqual("\(error)", "\(path):2: the template is not UTF-8 text; save it as UTF-8")
        }
    }

    func testAControlCharacterInATemplateIsDroppedWithAWarning() throws {
        try folder.write("templates/footer.mustache", Array("<footer>\nMade\u{7} here</footer>\n".utf8))
        let set = try Theme.load(from: templates)
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                templates.appendingPathComponent("footer.mustache").path
                    + ":2:1: warning: holds a control character (U+0007), which no page can show; it is left out"
            ])
        XCTAssertTrue(try home(with: set).contains("Made here</footer>"))
    }

    /// A file that looks meant for the theme but that no theme reads was left out without a
    /// word, even under `--strict`: a name in another case, a misnamed stylesheet, a `.yml`
    /// words file.
    func testAThemeFileNoThemeReadsIsAWarningNamingTheOneMeant() throws {
        try folder.write("templates/Footer.mustache", Array("<footer>Mine</footer>\n".utf8))
        try folder.write("templates/styles.css", Array("body { background: hotpink; }\n".utf8))
        try folder.write("templates/words/fr.yml", Array("words:\n  next: \"Suite\"\n".utf8))
        try folder.write("templates/README.md", Array("My theme.\n".utf8))
        try folder.write("templates/assets/extra.css", Array("p{}\n".utf8))
        let set = try Theme.load(from: templates)
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                templates.appendingPathComponent("Footer.mustache").path
                    + ":1:1: warning: no theme reads a file 'Footer.mustache', so it is left out; "
                    + "did you mean 'footer.mustache'? (files the pages link to go in 'assets/')",
                templates.appendingPathComponent("styles.css").path
                    + ":1:1: warning: no theme reads a file 'styles.css', so it is left out; "
                    + "did you mean 'style.css'? (files the pages link to go in 'assets/')",
                templates.appendingPathComponent("words/fr.yml").path
                    + ":1:1: warning: words files are named '<language>.yaml', so this one is not read; "
                    + "rename it 'fr.yaml'",
            ])
        // What `tessera init --templates` writes is all read.
        let written = try TemporaryFolder()
        for (path, bytes) in SiteConfiguration.starterFiles(templates: "templates") {
            try written.write(path, bytes)
        }
        XCTAssertEqual(try Theme.load(from: written.url.appendingPathComponent("templates")).warnings, [])
    }

    /// A theme's `theme.yaml` and files in a sub-folder no theme reads (`Assets/` in
    /// Finder's case, `css/`, `partials/`) were left out without a word; a folder of
    /// screenshots beside the theme is no mistake.
    func testAThemeYAMLAndASubFolderNoThemeReadsAreWarnings() throws {
        try folder.write("templates/theme.yaml", Array("description: mine\nextends: portfolio\n".utf8))
        try folder.write("templates/Assets/site.css", Array("p{}\n".utf8))
        try folder.write("templates/partials/deep/footer.mustache", Array("<footer>Mine</footer>\n".utf8))
        try folder.write("templates/screenshots/home.png", Array("not read".utf8))
        let set = try Theme.load(from: templates)
        XCTAssertEqual(
            set.warnings.map(\.description),
            [
                templates.appendingPathComponent("theme.yaml").path
                    + ":1:1: warning: a templates folder's theme.yaml is not read: its files go over the "
                    + "built-in theme 'default' (the `theme:` setting), whatever this file says it extends; "
                    + "to build on another, set `theme:` in tessera.yaml (tessera themes lists them)",
                templates.appendingPathComponent("Assets").path
                    + ":1:1: warning: no theme reads the folder 'Assets/', so its files are left out; "
                    + "did you mean 'assets/'? (templates, style.css and script.js go at the top, files the "
                    + "pages link to in 'assets/', words in 'words/')",
                templates.appendingPathComponent("partials").path
                    + ":1:1: warning: no theme reads the folder 'partials/', so its files are left out; "
                    + "(templates, style.css and script.js go at the top, files the pages link to in "
                    + "'assets/', words in 'words/')",
            ])
    }

    /// A link in `assets/` to a file outside the theme's folder (a theme copied from
    /// elsewhere: `font.woff2 -> ~/.ssh/id_rsa`) published that file's bytes; one to a file
    /// inside the folder is read as that file.
    func testAnAssetLinkingOutsideTheThemeIsAnErrorAndIsNotPublished() throws {
        let secret = try folder.write("private/id_rsa", Array("SECRET-KEY\n".utf8))
        let fonts = templates.appendingPathComponent("assets/fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try folder.write("templates/assets/fonts/real.woff2", Array("font".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: fonts.appendingPathComponent("alias.woff2").path, withDestinationPath: "real.woff2")
        XCTAssertEqual(try Theme.load(from: templates).assets["assets/fonts/alias.woff2"], Array("font".utf8))
        try FileManager.default.createSymbolicLink(
            atPath: fonts.appendingPathComponent("body.woff2").path, withDestinationPath: secret.path)
        XCTAssertThrowsError(try Theme.load(from: templates)) { error in
            let message = (error as? ThemeError)?.description ?? ""
            XCTAssertTrue(message.contains("assets/fonts/body.woff2"), message)
            XCTAssertTrue(message.contains("outside the theme's folder"), message)
            XCTAssertTrue(message.contains("copy the file in instead"), message)
        }
    }

    /// Run with `nobody`'s permissions so that `chmod 000` binds when the tests run as root.
    func testATemplateThatCannotBeReadIsAnError() throws {
        let footer = try folder.write("templates/footer.mustache", Array("<footer>Ours</footer>\n".utf8))
        chmod(footer.path, 0)
        defer { chmod(footer.path, 0o644) }
        let url = templates
        let outcome = try Unprivileged.run { () -> Result<Theme, ThemeError> in
            guard open(footer.path, O_RDONLY) < 0 else {
                throw XCTSkip("this system lets every user read a chmod 000 file")
            }
            return Result { () throws(ThemeError) in try Theme.load(from: url) }
        }
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertEqual(error as? ThemeError, .unreadable(footer.path, reason: "Permission denied"))
            XCTAssertEqual("\(error)", "cannot read the template '\(footer.path)': Permission denied")
        }
    }
}
