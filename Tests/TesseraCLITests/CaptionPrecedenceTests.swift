import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Which caption a photo page shows when a photo carries several, through the real build
/// (in process) and real metadata blocks written by exiftool: a sidecar file, then XMP, then
/// IPTC, then EXIF, and never the file name.
final class CaptionPrecedenceTests: XCTestCase {
    func testSidecarThenXMPThenIPTCThenEXIFAndNeverTheFileName() throws {
        guard ExifTool.isAvailable else { throw XCTSkip(ExifTool.missing) }
        let workspace = try TemporaryFolder()
        let photos = workspace.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let photo = photos.appendingPathComponent("Market.jpg")
        let bytes = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 120, height: 80), label: "Market", hue: 0.1, orientation: .up)
        try Data(bytes).write(to: photo)
        try ExifTool.write(
            [
                "-EXIF:ImageDescription=From EXIF", "-IPTC:Caption-Abstract=From IPTC",
                "-IPTC:CodedCharacterSet=UTF8", "-XMP-dc:Description=From XMP",
            ], to: photo)
        let sidecar = photos.appendingPathComponent("Market.md")
        try Data("From the sidecar\n".utf8).write(to: sidecar)

        func caption() throws -> String {
            let result = try InProcessCLI.run(
                ["build", "photos", "-o", "site", "--formats", "none"], in: workspace.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            let page = try String(
                contentsOf: workspace.url.appendingPathComponent("site/market.html"), encoding: .utf8)
            for source in ["From the sidecar", "From XMP", "From IPTC", "From EXIF"] where page.contains(source) {
                return source
            }
            XCTAssertFalse(page.contains("<span class=\"caption\">Market.jpg"), "never the file name")
            return "none"
        }

        XCTAssertEqual(try caption(), "From the sidecar")
        try FileManager.default.removeItem(at: sidecar)
        XCTAssertEqual(try caption(), "From XMP")
        try ExifTool.write(["-XMP-dc:Description="], to: photo)
        XCTAssertEqual(try caption(), "From IPTC")
        try ExifTool.write(["-IPTC:Caption-Abstract="], to: photo)
        XCTAssertEqual(try caption(), "From EXIF")
        try ExifTool.write(["-EXIF:ImageDescription="], to: photo)
        XCTAssertEqual(try caption(), "none")
    }
}
