import Foundation
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A theme's `assets/` folder (scripts, stylesheets, fonts, images) in a whole build with
/// fake photos: each file is published under the same path, owned like every other product,
/// taken away when the theme drops it, and never written over a file Tessera did not make.
final class ThemeAssetTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var imaging: FakeImaging!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }
    private var theme: URL { folder.url.appendingPathComponent("theme") }
    /// Not UTF-8, so a text-only path would mangle it: the start of a WOFF2 font and a NUL.
    private let font: [UInt8] = [0x77, 0x4F, 0x46, 0x32, 0x00, 0xFF, 0xFE, 0x80, 0x0D, 0x0A]
    private let viewer = Array("document.documentElement.dataset.viewer = 'on';\r\n".utf8)

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
        imaging = FakeImaging()
        try folder.write("photos/Harbour.jpg", FakeImaging.photo(width: 3000, height: 2000))
        try folder.write("photos/Trips/Bridge.jpg", FakeImaging.photo(width: 4000, height: 1000))
        try folder.write("theme/footer.mustache", Array("<footer>mine</footer>\n".utf8))
        try folder.write("theme/assets/viewer.js", viewer)
        try folder.write("theme/assets/fonts/body.woff2", font)
        try folder.write("theme/assets/.DS_Store", [0, 1, 2])
    }

    @discardableResult
    private func build() throws -> BuildReport {
        let builder = SiteBuilder(
            input: input, output: output,
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, force: false, generator: "test"),
            theme: try Theme.load(from: theme), imaging: imaging, video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
        return try builder.build()
    }

    private func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: output.appendingPathComponent(path).path).map(Array.init)
    }

    private func manifest() throws -> Manifest {
        try Manifest.load(from: output)
    }

    func testEveryAssetIsPublishedByteForByteUnderAssetsAndHiddenFilesAreNot() throws {
        try build()
        XCTAssertEqual(bytes("assets/viewer.js"), viewer, "the \\r\\n stays: an asset is copied, not read as text")
        XCTAssertEqual(bytes("assets/fonts/body.woff2"), font)
        XCTAssertNil(bytes("assets/.DS_Store"))
    }

    func testAssetsAreOwnedWithTheirContentDigestAndKeptWhenUnchanged() throws {
        try build()
        let owned = try manifest().files
        XCTAssertEqual(owned["assets/viewer.js"]?.fingerprint, ContentHash.of(Data(viewer)))
        XCTAssertEqual(owned["assets/fonts/body.woff2"]?.fingerprint, ContentHash.of(Data(font)))
        let again = try build()
        XCTAssertEqual(again.generated, 0, "nothing changed, so no asset is written again")

        let edited = Array("// edited\n".utf8)
        try folder.write("theme/assets/viewer.js", edited)
        let report = try build()
        XCTAssertEqual(report.generated, 1, "only the edited asset: pages do not depend on its bytes")
        XCTAssertEqual(bytes("assets/viewer.js"), edited)
        XCTAssertEqual(try manifest().files["assets/viewer.js"]?.fingerprint, ContentHash.of(Data(edited)))
    }

    func testAnAssetTheThemeDropsIsRemovedAndTheUsersOwnFilesStay() throws {
        try build()
        try folder.write("site/assets/NOTES.txt", Array("mine".utf8))
        try FileManager.default.removeItem(at: theme.appendingPathComponent("assets/fonts"))
        let report = try build()
        XCTAssertEqual(report.removed, 1, "the font, nothing else")
        XCTAssertNil(bytes("assets/fonts/body.woff2"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("assets/fonts").path))
        XCTAssertEqual(bytes("assets/viewer.js"), viewer)
        XCTAssertEqual(bytes("assets/NOTES.txt"), Array("mine".utf8))
        XCTAssertNil(try manifest().files["assets/fonts/body.woff2"])
    }

    func testAForeignFileWhereAnAssetGoesStopsTheBuildAndIsNotTouched() throws {
        try folder.write("site/assets/viewer.js", Array("mine".utf8))
        XCTAssertThrowsError(try build()) { error in
            XCTAssertEqual(
                error as? BuildError,
                .write(.foreignFile(self.output.appendingPathComponent("assets/viewer.js").path)))
        }
        XCTAssertEqual(bytes("assets/viewer.js"), Array("mine".utf8))
    }

    func testAnAssetWithThePathOfAPageStopsTheBuildNamingBoth() throws {
        try folder.write("photos/Assets/Gull.jpg", FakeImaging.photo(width: 3000, height: 2000))
        try folder.write("theme/assets/index.html", Array("<p>theme</p>".utf8))
        XCTAssertThrowsError(try build()) { error in
            XCTAssertEqual(error as? BuildError, .templates(.assetCollides("assets/index.html")))
            XCTAssertTrue("\(error)".contains("assets/index.html"), "\(error)")
        }
    }

    /// The built-in theme's assets are the photo viewer's script and stylesheet, published
    /// byte for byte and nothing else in `assets/`.
    func testTheDefaultThemesAssetsAreTheViewer() throws {
        let builder = SiteBuilder(
            input: input, output: output,
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 2, force: false, generator: "test"), theme: try Theme.defaults(),
            imaging: imaging, video: FakeVideo(), documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
        _ = try builder.build()
        let folder = output.appendingPathComponent("assets")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["viewer.css", "viewer.js"])
        for name in ["viewer.css", "viewer.js"] {
            XCTAssertEqual(
                Array(try Data(contentsOf: folder.appendingPathComponent(name))),
                Theme.defaultAssets["assets/" + name], name)
        }
    }
}
