import CExif
import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Metadata is data: EXIF text written by cameras, editors or attackers appears on the
/// photo page as text, escaped, with invalid UTF-8 replaced — never as markup (a real
/// build, in process).
final class MetadataTests: XCTestCase {
    func testHostileExifTextIsShownEscapedNeverAsMarkup() throws {
        let tmp = try TemporaryFolder()
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 120, height: 80), label: "tagged", hue: 0.5, orientation: .up)
        let photos = tmp.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let exif = try XCTUnwrap(
            Self.exifBlock([
                EXIF_TAG_IMAGE_DESCRIPTION: Array("<script>alert(1)</script> & more".utf8),
                EXIF_TAG_ARTIST: Array("\"><img src=x onerror=alert(1)>".utf8),
                EXIF_TAG_MAKE: Array("Ca".utf8) + [0xFF, 0xFE] + Array("non".utf8),
                EXIF_TAG_MODEL: Array("<b>EOS</b>".utf8),
            ]))
        try Data(Self.inserting(exif, into: jpeg)).write(to: photos.appendingPathComponent("tagged.jpg"))

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--json", "--formats", "none"], in: tmp.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = try String(contentsOf: tmp.url.appendingPathComponent("site/tagged.html"), encoding: .utf8)
        XCTAssertFalse(page.contains("<script>alert"), page)
        XCTAssertFalse(page.contains("<img src=x"), page)
        XCTAssertFalse(page.contains("<b>"), page)
        XCTAssertTrue(
            page.contains(
                "<div class=\"caption\" dir=\"auto\"><p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</p></div>"),
            "the description is the caption, escaped: \(page)")
        XCTAssertTrue(page.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"), "the artist is shown escaped")
        XCTAssertTrue(page.contains("Ca\u{FFFD}\u{FFFD}non"), "invalid UTF-8 in the make becomes U+FFFD")
        XCTAssertTrue(page.contains("&lt;b&gt;EOS&lt;/b&gt;"), "the model is shown escaped")
    }

    /// An `Exif\0\0` block whose IFD0 holds the given ASCII entries, built by libexif.
    static func exifBlock(_ entries: [ExifTag: [UInt8]]) -> [UInt8]? {
        guard let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        for (tag, text) in entries.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let entry = exif_entry_new() else { return nil }
            let value = text + [0]
            guard let buffer = malloc(value.count)?.assumingMemoryBound(to: UInt8.self) else { return nil }
            buffer.initialize(from: value, count: value.count)
            entry.pointee.tag = tag
            entry.pointee.format = EXIF_FORMAT_ASCII
            entry.pointee.components = UInt(value.count)
            entry.pointee.size = UInt32(value.count)
            entry.pointee.data = buffer
            exif_content_add_entry(data.pointee.ifd.0, entry)
            exif_entry_unref(entry)
        }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        guard let buffer else { return nil }
        defer { free(buffer) }
        return [UInt8](UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// The JPEG with an APP1 segment holding `exif` right after its start-of-image marker.
    static func inserting(_ exif: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = exif.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif + jpeg[2...]
    }
}
