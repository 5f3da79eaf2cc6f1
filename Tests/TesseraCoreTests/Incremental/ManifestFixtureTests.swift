import Foundation
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// A manifest written by an earlier Tessera (`Fixtures/manifest-v3.json`, version 3, from
/// the build below at commit f180ed6) must still be understood: a build over it with the
/// same photos reuses every header and every JPEG and WebP. If its shape or an image
/// fingerprint changed, the build would trust nothing in it and encode every image of
/// every site again. Its AVIF files are the one deliberate exception: since the AVIF
/// recipe changed (`AVIFEncoding.standard`, and AVIF for three thumbnail sizes only), the
/// thumbnails' AVIFs are made again and the others removed.
///
/// Never regenerate the fixture to make this test pass: that it was written by older code
/// is the point. Only a deliberate new manifest version adds a second fixture beside it
/// (`TESSERA_WRITE_MANIFEST_FIXTURE=1` writes the current one, to be renamed).
final class ManifestFixtureTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/manifest-v3.json")

    /// Fake photos (`FakeImaging`) as bytes, so that the photos stay those the fixture was
    /// made from whatever later becomes of `PhotoInfo`'s coding: a format's magic bytes,
    /// then the header as JSON.
    static let photos: [(path: String, magic: [UInt8], header: String)] = [
        (
            "Harbour.jpg", MagicBytes.jpeg,
            #"{"format":"jpeg","metadata":{"aperture":"f/8","artist":"Ana","cameraMake":"Canon","#
                + #""cameraModel":"Canon EOS 40D","caption":"Lunch \"on the grass\"","dateTaken":"2024-06-01 12:30:00","#
                + #""exposure":"1/250 s","focalLength":"35 mm","iptcCaption":"Boats at dawn","iptcTitle":"Harbour","#
                + #""iso":200,"lens":"EF 35mm f/2","xmpDescription":"The harbour, early","xmpTitle":"Dawn"},"#
                + #""orientation":6,"storedSize":{"height":2000,"width":3000}}"#
        ),
        (
            "Travels/Bridge.png", MagicBytes.png,
            #"{"format":"png","metadata":{},"orientation":1,"storedSize":{"height":1200,"width":1600}}"#
        ),
        (
            "Travels/Tower.heic", MagicBytes.isobmff("heic"),
            #"{"format":"heif","metadata":{"dateTaken":"2023-05-02 08:00:00"},"orientation":8,"#
                + #""storedSize":{"height":3000,"width":2000}}"#
        ),
        (
            "Travels/Coast/Pier.jpg", MagicBytes.jpeg,
            #"{"format":"jpeg","metadata":{},"orientation":1,"storedSize":{"height":800,"width":8000}}"#
        ),
    ]

    private func build(_ folder: TemporaryFolder, imaging: FakeImaging) throws -> BuildReport {
        return try SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: folder.url.appendingPathComponent("site"),
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [.avif, .webp])),
            run: RunOptions(jobs: 2, generator: "fixture"), theme: try Theme.defaults(), imaging: imaging,
            video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer()
        ).build()
    }

    func testABuildOverAnOlderManifestReusesItsHeadersAndEveryJPEGAndWebP() throws {
        let folder = try TemporaryFolder()
        for photo in Self.photos {
            try folder.write("photos/" + photo.path, photo.magic + Array(photo.header.utf8) + Array("\n".utf8))
        }
        let first = FakeImaging()
        let report = try build(folder, imaging: first)
        XCTAssertEqual(report.photos, Self.photos.count, "\(report.skipped)")
        XCTAssertEqual(first.decoded.count, Self.photos.count)
        let written = folder.url.appendingPathComponent("site/\(Manifest.fileName)")
        if ProcessInfo.processInfo.environment["TESSERA_WRITE_MANIFEST_FIXTURE"] == "1" {
            try? FileManager.default.removeItem(at: Self.fixture)
            try FileManager.default.copyItem(at: written, to: Self.fixture)
        }

        // The site as today's code made it, but its manifest is the one an older build wrote.
        try FileManager.default.removeItem(at: written)
        try FileManager.default.copyItem(at: Self.fixture, to: written)
        // The build that wrote that manifest made no theme assets (the viewer came later):
        // its site had no `assets/`, which today's build then adds as its own.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/assets"))
        // Nor a `404.html` (that came later too).
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/404.html"))
        let loaded = try Manifest.load(from: folder.url.appendingPathComponent("site"))
        XCTAssertEqual(
            loaded.photos.keys.sorted(), Self.photos.map { URLPath.encodeSegment($0.path) }.sorted(),
            "every photo's header is trusted from the older manifest")

        let again = FakeImaging()
        let rebuilt = try build(folder, imaging: again)
        XCTAssertEqual(rebuilt.photos, Self.photos.count)
        let now = try Manifest.load(from: folder.url.appendingPathComponent("site"))
        func images(_ manifest: Manifest, _ extensions: [String]) -> [String: String] {
            manifest.files.filter { path, _ in extensions.contains { path.hasSuffix($0) } }.mapValues(\.fingerprint)
        }
        // The 1.5x thumbnail is no longer made in any format, nor the 0.5x of a photo that
        // is no album's cover (Tower), nor one nearly as large as the display image (Pier's
        // 1800×180 beside 2048×205: `RenditionLadder.isNearlyAsLarge`); every other file
        // is kept.
        XCTAssertEqual(
            images(now, [".jpg", ".webp"]),
            images(loaded, [".jpg", ".webp"]).filter {
                !$0.key.contains(".thumb1.5x.") && !$0.key.hasPrefix("travels/_media/tower.thumb0.5x.")
                    && !$0.key.hasPrefix("travels/coast/_media/pier.thumb0.5x.")
            }, "no JPEG or WebP made again")
        XCTAssertFalse(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("site/_media").path)
                .contains { $0.contains(".thumb1.5x.") }, "the 1.5x files are removed")
        let oldAVIF = images(loaded, [".avif"])
        let newAVIF = images(now, [".avif"])
        XCTAssertFalse(newAVIF.isEmpty)
        for (path, fingerprint) in newAVIF {
            XCTAssertNotEqual(oldAVIF[path], fingerprint, "\(path): made again with the new AVIF recipe")
        }
        XCTAssertTrue(Set(newAVIF.keys).isSubset(of: oldAVIF.keys), "\(newAVIF.keys.sorted())")
        for gone in ["_media/harbour.avif", "_media/harbour.thumb1.5x.avif"] {
            XCTAssertNotNil(oldAVIF[gone])
            XCTAssertNil(newAVIF[gone], "\(gone): no AVIF of the display image or the 1.5x thumbnail any more")
        }
        XCTAssertEqual(Set(again.decoded), Set(Self.photos.map { URL(fileURLWithPath: $0.path).lastPathComponent }))
        XCTAssertEqual(again.decoded.count, Self.photos.count, "one decode per photo, for its AVIF files")
    }
}
