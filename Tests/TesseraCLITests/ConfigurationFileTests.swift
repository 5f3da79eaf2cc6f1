import Foundation
import TesseraImaging
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCLI
@testable import TesseraCore

/// `tessera.yaml` (defaults ← file ← flags) and `tessera init`, run in process.
final class ConfigurationFileTests: XCTestCase {
    private func write(_ folder: TemporaryFolder, _ path: String, _ bytes: [UInt8]) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func testAMistakeInTessaraYAMLNamesFileLineAndTheNearestKey() throws {
        let tmp = try TemporaryFolder()
        try write(tmp, "photos/tessera.yaml", Array("title: Trips\nlayout:\n  row_heigth: 200\n".utf8))
        let result = try InProcessCLI.run(["build", "photos"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        let file = tmp.url.appendingPathComponent("photos/tessera.yaml").standardizedFileURL.path
        XCTAssertEqual(
            result.stderr, "error: \(file):3: unknown key 'row_heigth' in 'layout'; did you mean 'row_height'?\n")
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site").path), "nothing built")
    }

    /// A `templates:` folder that is not there (or a file) was refused by the theme's
    /// loading with no file, no line and nothing to do, and a file was called missing.
    func testATemplatesFolderThatIsNotThereIsNamedWithTheFileAndLine() throws {
        let tmp = try TemporaryFolder()
        try write(tmp, "photos/footer.mustache", Array("x".utf8))
        for (value, what) in [("my-theme", "no folder there"), ("footer.mustache", "a file, not a folder")] {
            try write(tmp, "photos/tessera.yaml", Array("title: Trips\ntemplates: \(value)\n".utf8))
            let result = try InProcessCLI.run(["build", "photos"], in: tmp.url)
            XCTAssertEqual(result.status, 1)
            let folder = tmp.url.appendingPathComponent("photos/\(value)").path
            XCTAssertTrue(
                result.stderr.contains(
                    "tessera.yaml:2: 'templates' must be a folder of templates, taken from this file's folder "
                        + "(or leave it out: 'theme' names a built-in one), not '\(value)' (\(folder): \(what))"),
                result.stderr)
        }
        // A flag replaces the file's folder, which then need not be there.
        try write(tmp, "photos/tessera.yaml", Array("title: Trips\ntemplates: ../shared-theme\n".utf8))
        try FileManager.default.createDirectory(
            at: tmp.url.appendingPathComponent("mine"), withIntermediateDirectories: true)
        let replaced = try InProcessCLI.run(["build", "photos", "-o", "other", "--templates", "mine"], in: tmp.url)
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        try FileManager.default.removeItem(at: tmp.url.appendingPathComponent("photos/tessera.yaml"))
        let flag = try InProcessCLI.run(["build", "photos", "--templates", "photos/footer.mustache"], in: tmp.url)
        XCTAssertEqual(flag.status, 1)
        XCTAssertTrue(
            flag.stderr.contains("photos/footer.mustache' is a file, not a folder; check --templates"), flag.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site").path))
    }

    func testAWrongTypeAndBrokenYAMLAreErrorsWithTheLine() throws {
        let tmp = try TemporaryFolder()
        try write(tmp, "photos/tessera.yaml", Array("title: Trips\nsort: size\n".utf8))
        let wrong = try InProcessCLI.run(["build", "photos"], in: tmp.url)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(
            wrong.stderr.hasSuffix("tessera.yaml:2: 'sort' must be one of 'name', 'date', 'order', not 'size'\n"),
            wrong.stderr)
        try write(tmp, "other.yaml", Array("title: [Trips\n".utf8))
        let broken = try InProcessCLI.run(["build", "photos", "--config", "other.yaml"], in: tmp.url)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.contains("other.yaml:1: not a configuration document"), broken.stderr)
        let missing = try InProcessCLI.run(["build", "photos", "--config", "nope.yaml"], in: tmp.url)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(
            missing.stderr.contains("nope.yaml: not a configuration document: the file does not exist"), missing.stderr)
    }

    func testAnUnknownFormatNamesFileLineAndTheFormatsThereAre() throws {
        let tmp = try TemporaryFolder()
        try write(tmp, "photos/tessera.yaml", Array("title: Trips\nimages:\n  formats: [avif, jxl]\n".utf8))
        let result = try InProcessCLI.run(["build", "photos"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasSuffix(
                "tessera.yaml:3: 'images.formats' must be a list of 'avif' and 'webp' (the formats written beside JPEG), or [] for JPEG only, not ['avif', 'jxl']\n"
            ), result.stderr)
        let flag = try InProcessCLI.run(["build", "photos", "--formats", "avif,gif"], in: tmp.url)
        XCTAssertEqual(flag.status, 64)
        XCTAssertTrue(
            flag.stderr.contains(
                "The value 'avif,gif' is invalid for '--formats': expected 'avif' and 'webp' separated by commas, or 'none' for JPEG only"
            ), flag.stderr)
    }

    func testAVideoSettingOutOfRangeNamesFileLineAndTheRange() throws {
        let tmp = try TemporaryFolder()
        try write(tmp, "photos/tessera.yaml", Array("title: Trips\nvideos:\n  longest_edge: 720\n  crf: 60\n".utf8))
        let result = try InProcessCLI.run(["build", "photos"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasSuffix("tessera.yaml:4: 'videos.crf' must be a whole number from 1 to 51, not 60\n"),
            result.stderr)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site").path), "nothing built")
    }

    func testTheFileSetsTheSiteAndAFlagOverridesIt() throws {
        let tmp = try TemporaryFolder()
        XCTAssertEqual(try InProcessCLI.run(["sample", "photos"], in: tmp.url).status, 0)
        try write(
            tmp, "photos/tessera.yaml",
            Array("title: From The File\ndescription: Walks & talks\nauthor: Ana\nlanguage: pt-BR\n".utf8))
        let built = try InProcessCLI.run(["build", "photos", "-q"], in: tmp.url)
        XCTAssertEqual(built.status, 0, built.stderr)
        let home = try String(contentsOf: tmp.url.appendingPathComponent("site/index.html"), encoding: .utf8)
        XCTAssertTrue(home.contains("<title>From The File</title>"), home)
        XCTAssertTrue(home.contains(#"<html lang="pt-BR">"#), home)
        XCTAssertTrue(home.contains(#"<meta name="description" content="Walks &amp; talks">"#), home)
        XCTAssertTrue(home.contains(#"<meta name="author" content="Ana">"#), home)

        let flagged = try InProcessCLI.run(["build", "photos", "-q", "--title", "From The Flag"], in: tmp.url)
        XCTAssertEqual(flagged.status, 0, flagged.stderr)
        let again = try String(contentsOf: tmp.url.appendingPathComponent("site/index.html"), encoding: .utf8)
        XCTAssertTrue(again.contains("<title>From The Flag</title>"), again)
        XCTAssertTrue(again.contains(#"<html lang="pt-BR">"#), "the file's other settings stay")
    }

    func testInitWritesAStarterThatReadsAsTheDefaultsAndNeverOverwrites() throws {
        let tmp = try TemporaryFolder()
        let first = try InProcessCLI.run(["init", "photos", "--templates"], in: tmp.url)
        XCTAssertEqual(first.status, 0, first.stderr)
        let yaml = tmp.url.appendingPathComponent("photos/tessera.yaml")
        let text = try String(contentsOf: yaml, encoding: .utf8)
        XCTAssertTrue(text.contains("# row_height: 240") || text.contains("#   row_height:"), text)
        var configuration = try ConfigurationFile.load(
            explicit: nil, input: yaml.deletingLastPathComponent(), documents: YAMLDocumentParser())
        XCTAssertEqual(
            configuration.templates, tmp.url.appendingPathComponent("photos/templates").standardizedFileURL.path)
        configuration.templates = nil
        XCTAssertEqual(configuration, SiteConfiguration(), "every other line is a commented default")
        for name in [
            "album.mustache", "photo.mustache", "base.css", "style.css", "script.js", "metrics.yaml", "words/en.yaml",
        ] {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("photos/templates/\(name)").path))
        }

        try Data("title: Mine\n".utf8).write(to: yaml)
        let second = try InProcessCLI.run(["init", "photos"], in: tmp.url)
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.contains("already exists; init never overwrites"), second.stderr)
        XCTAssertEqual(try String(contentsOf: yaml, encoding: .utf8), "title: Mine\n")
    }

    /// The theme `init --templates` writes into the photo folder is the site's look, not an
    /// album: a logo added to its assets became a photo page and a "templates" card.
    func testTheThemeInitWritesIntoThePhotosIsNotPublishedAsAnAlbum() throws {
        let tmp = try TemporaryFolder()
        let photo = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 40, height: 30), label: "1", hue: 0.3, orientation: .up)
        try tmp.write("photos/a.jpg", photo)
        XCTAssertEqual(try InProcessCLI.run(["init", "photos", "--templates"], in: tmp.url).status, 0)
        try tmp.write("photos/templates/assets/logo.jpg", photo)
        let built = try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none", "-v"], in: tmp.url)
        XCTAssertEqual(built.status, 0, built.stderr)
        XCTAssertTrue(built.stdout.contains("1 photo in 1 album"), built.stdout)
        XCTAssertTrue(built.stderr.contains("templates: the theme's folder"), built.stderr)
        let home = try String(contentsOf: tmp.url.appendingPathComponent("site/index.html"), encoding: .utf8)
        XCTAssertFalse(home.contains("templates/"), home)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site/templates").path))
    }

    /// `tessera init` with no folder writes where `tessera build` with no folder reads
    /// (`photos/`), and says so; a new user's edits were silently ignored when it wrote
    /// `./tessera.yaml`.
    func testInitWithNoFolderWritesWhereBuildReadsAndSaysWhere() throws {
        let tmp = try TemporaryFolder()
        let none = try InProcessCLI.run(["init"], in: tmp.url)
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(
            none.stderr.contains("there is no folder 'photos' here, which 'tessera build' reads by default"),
            none.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("tessera.yaml").path))

        try FileManager.default.createDirectory(
            at: tmp.url.appendingPathComponent("photos"), withIntermediateDirectories: true)
        let written = try InProcessCLI.run(["init"], in: tmp.url)
        XCTAssertEqual(written.status, 0, written.stderr)
        let yaml = tmp.url.appendingPathComponent("photos/tessera.yaml").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: yaml))
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("tessera.yaml").path))
        XCTAssertTrue(written.stdout.contains("Next: tessera build   (it reads \(yaml))"), written.stdout)
        let named = try InProcessCLI.run(["init", "elsewhere"], in: tmp.url)
        XCTAssertTrue(
            named.stdout.contains(
                "Next: tessera build elsewhere   (it reads \(tmp.url.appendingPathComponent("elsewhere/tessera.yaml").path))"
            ),
            named.stdout)
        // A name a shell would split or read as an option is quoted as it takes it back.
        for (name, word) in [("my photos", "'my photos'"), ("it's", "'it'\\''s'"), ("-dash", "-- -dash")] {
            try FileManager.default.createDirectory(
                at: tmp.url.appendingPathComponent(name), withIntermediateDirectories: true)
            let quoted = try InProcessCLI.run(["init", "--", name], in: tmp.url)
            XCTAssertTrue(quoted.stdout.contains("Next: tessera build \(word)   (it reads"), quoted.stdout)
        }
        let help = try InProcessCLI.run(["help", "--help"], in: tmp.url)
        XCTAssertEqual(help.status, 0, "help --help is the overview, as --help is: \(help.stderr)")
    }

    func testATesseraYAMLSavedByAnotherEditorReadsTheSame() throws {
        let tmp = try TemporaryFolder()
        let text = "title: Été\nlanguage: fr\n"
        let forms: [(String, [UInt8])] = [
            ("a byte-order mark", [0xEF, 0xBB, 0xBF] + Array(text.utf8)),
            ("\\r line ends", Array(text.replacingOccurrences(of: "\n", with: "\r").utf8)),
            ("\\r\\n line ends", Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)),
            ("UTF-16 with a mark", [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
        ]
        for (form, bytes) in forms {
            try write(tmp, "photos/tessera.yaml", bytes)
            let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url)
            XCTAssertEqual(result.status, 0, "\(form): \(result.stderr)")
            let home = try String(contentsOf: tmp.url.appendingPathComponent("site/index.html"), encoding: .utf8)
            XCTAssertTrue(home.contains("<title>Été</title>"), form)
            XCTAssertTrue(home.contains(#"<html lang="fr""#), form)
        }
    }
}
