import CGD
import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// HEIC and AVIF photos come out as libheif's own `heif-convert` shows them: the same
/// size, the same way up, unsheared, at every odd width, turned, mirrored and transparent.
///
/// Set `TESSERA_FIDELITY_REPORT=1` to print each case's PSNR beside that of libgd 2.3.3's
/// reader (what Tessera used before).
final class HEIFFidelityTests: XCTestCase {
    let processor = ImagePipeline()

    /// Display images are 4:2:0 JPEG (quality 95) of a lossy HEIC whose test picture has
    /// sharp chroma edges: right ones measure 27–30 dB (tiny ones 25–28), while libgd's
    /// sheared, mirrored or turned pictures of the same files measure 6–13 dB.
    static let minimumPSNR = 26.0
    static let minimumTinyPSNR = 22.0
    /// The worst row of a right picture measures 18–23 dB; of a sheared one 4–9 dB.
    static let minimumRowPSNR = 16.0
    /// A thumbnail is judged against libgd's resampler, a different filter: 19–27 dB.
    static let minimumThumbnailPSNR = 22.0

    func testOddWidthsAreUprightAndUnsheared() throws {
        var cases = [
            HEIFFixture(format: .heif, size: PixelSize(width: 462, height: 347)),
            HEIFFixture(format: .heif, size: PixelSize(width: 462, height: 347), gridCrop: false),
            HEIFFixture(format: .heif, size: PixelSize(width: 17, height: 9)),
            HEIFFixture(format: .heif, size: PixelSize(width: 17, height: 9), gridCrop: false),
            HEIFFixture(format: .heif, size: PixelSize(width: 1, height: 1)),
            HEIFFixture(format: .avif, size: PixelSize(width: 462, height: 347)),
            HEIFFixture(format: .avif, size: PixelSize(width: 17, height: 9)),
            HEIFFixture(format: .avif, size: PixelSize(width: 1, height: 1)),
        ]
        for width in 1600...1607 {
            cases.append(HEIFFixture(format: .heif, size: PixelSize(width: width, height: 203)))
        }
        try judge(cases)
    }

    func testTurnsAndMirrorsAreAppliedOnce() throws {
        var cases: [HEIFFixture] = []
        for orientation in 2...8 {
            cases.append(HEIFFixture(format: .heif, size: PixelSize(width: 462, height: 347), orientation: orientation))
        }
        cases.append(HEIFFixture(format: .heif, size: PixelSize(width: 17, height: 9), orientation: 6, gridCrop: false))
        cases.append(HEIFFixture(format: .avif, size: PixelSize(width: 462, height: 347), orientation: 2))
        cases.append(HEIFFixture(format: .avif, size: PixelSize(width: 461, height: 347), orientation: 6))
        cases.append(HEIFFixture(format: .avif, size: PixelSize(width: 300, height: 200), orientation: 7))
        try judge(cases)
    }

    func testAlphaAndTenBitSamples() throws {
        try judge([
            HEIFFixture(format: .heif, size: PixelSize(width: 301, height: 201), alpha: true),
            HEIFFixture(format: .heif, size: PixelSize(width: 301, height: 201), alpha: true, gridCrop: false),
            HEIFFixture(format: .avif, size: PixelSize(width: 301, height: 201), alpha: true),
            HEIFFixture(format: .heif, size: PixelSize(width: 320, height: 240), bitDepth: 10),
            // No 10-bit AVIF: Debian 12's libaom asserts (aborts) encoding one from RGB.
        ])
    }

    func testEXIFAndXMPGiveNotesButNeverTurnTheUprightPixels() throws {
        let folder = try FixtureFolder()
        for format in [MediaFormat.heif, .avif] {
            let packet = XMPPacket.description(
                #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Harbour at dawn</rdf:li></rdf:Alt></dc:title>"#)
            let fixture = HEIFFixture(
                format: format, size: PixelSize(width: 63, height: 41), exif: HEIFFixture.exifTurnedClockwise,
                xmp: Array(packet.utf8))
            let photo = try fixture.write(into: folder, name: "notes.\(format.rawValue)")
            let info = try processor.inspect(photo, format: format)
            XCTAssertEqual(info.storedSize, PixelSize(width: 63, height: 41), "\(format)")
            XCTAssertEqual(info.orientation, .up, "EXIF orientation 6 is not applied to \(format)")
            XCTAssertEqual(info.metadata.camera, "Tessera Fixture", "\(format)")
            XCTAssertEqual(info.metadata.dateTaken, "2024-05-06 07:08:09", "\(format)")
            XCTAssertEqual(info.metadata.xmpTitle, "Harbour at dawn", "XMP of \(format)")
        }
    }

    func testHDRIsSkippedWithAReasonNotPublishedWashedOut() throws {
        let folder = try FixtureFolder()
        for (transfer, format) in [(UInt16(16), MediaFormat.avif), (18, .heif)] {
            let fixture = HEIFFixture(format: format, size: PixelSize(width: 64, height: 48), nclx: (9, transfer))
            let photo = try fixture.write(into: folder, name: "hdr\(transfer).\(format.rawValue)")
            XCTAssertProblem(.unsupported("HDR \(format.displayName) (PQ or HLG transfer)")) {
                try processor.inspect(photo, format: format)
            }
        }
    }

    func testHalfAHEICIsNeverPublished() throws {
        let folder = try FixtureFolder()
        let whole = try HEIFFixture(format: .heif, size: PixelSize(width: 640, height: 480)).write(
            into: folder, name: "whole.heic")
        let bytes = [UInt8](try Data(contentsOf: whole))
        let half = try folder.write(Array(bytes.prefix(bytes.count * 2 / 3)), as: "half.heic")
        let problem = XCTAssertAnyProblem {
            try processor.render(
                half, info: try processor.inspect(half, format: .heif), sizes: [PixelSize(width: 64, height: 48)],
                quality: 85)
        }
        XCTAssertEqual(problem, .truncated(.heif))
    }

    /// Inspects, renders at full size and as a thumbnail, and compares both with
    /// `heif-convert`'s decode of the same file.
    private func judge(_ cases: [HEIFFixture], file: StaticString = #filePath, line: UInt = #line) throws {
        guard let tool = ReferenceDecoder.tool("heif-convert") else {
            throw XCTSkip("heif-convert is not installed (Debian package libheif-examples; `make test` installs it)")
        }
        let folder = try FixtureFolder()
        for (index, fixture) in cases.enumerated() {
            let format = fixture.format
            let photo = try fixture.write(into: folder, name: "case\(index).\(format == .avif ? "avif" : "heic")")
            let reference = try XCTUnwrap(
                try ReferenceDecoder.heifConvert(photo, tool: tool), "heif-convert failed on \(fixture)")
            XCTAssertEqual(reference.size, fixture.uprightSize, "the judge disagrees with the fixture: \(fixture)")

            let info = try processor.inspect(photo, format: format)
            XCTAssertEqual(
                info.uprightSize, fixture.uprightSize, "inspected size of \(fixture)", file: file, line: line)
            XCTAssertEqual(info.orientation, .up, "\(fixture)", file: file, line: line)
            let thumbnail = info.uprightSize.fitting(
                longEdge: max(1, max(info.uprightSize.width, info.uprightSize.height) / 3))
            let outputs = try processor.render(photo, info: info, sizes: [info.uprightSize, thumbnail], quality: 95)
            let full = try XCTUnwrap(TestImage(jpeg: outputs[0]))
            let small = try XCTUnwrap(TestImage(jpeg: outputs[1]))
            XCTAssertEqual(full.size, fixture.uprightSize, "rendered size of \(fixture)", file: file, line: line)
            XCTAssertEqual(small.size, thumbnail, "thumbnail size of \(fixture)", file: file, line: line)
            guard full.size == reference.size, small.size == thumbnail else { continue }

            let display = PictureComparison(full, against: reference)
            let scaled = PictureComparison(small, against: reference.resampled(to: thumbnail))
            // In a picture a few pixels across, every pixel is at a chroma edge.
            let tiny = min(full.width, full.height) < 32
            XCTAssertGreaterThan(
                display.psnr, tiny ? Self.minimumTinyPSNR : Self.minimumPSNR, "\(fixture)", file: file, line: line)
            XCTAssertGreaterThan(
                display.worstRowPSNR, Self.minimumRowPSNR, "a sheared row in \(fixture)", file: file, line: line)
            if min(thumbnail.width, thumbnail.height) >= 16 {
                XCTAssertGreaterThan(
                    scaled.psnr, Self.minimumThumbnailPSNR, "thumbnail of \(fixture)", file: file, line: line)
            }
            if ProcessInfo.processInfo.environment["TESSERA_FIDELITY_REPORT"] != nil {
                print(
                    String(
                        format:
                            "fidelity %-34@ PSNR %5.1f dB, worst row %5.1f dB, shift %+.1f %+.1f %+.1f, thumbnail %5.1f dB; libgd: %@",
                        fixture.description as NSString, display.psnr, display.worstRowPSNR,
                        display.meanShift.r, display.meanShift.g, display.meanShift.b, scaled.psnr,
                        libGDVerdict(photo, format: format, reference: reference) as NSString))
            }
        }
    }

    /// What libgd 2.3.3's own reader makes of the file, for the before-and-after report.
    private func libGDVerdict(_ photo: URL, format: MediaFormat, reference: TestImage) -> String {
        guard var bytes = try? [UInt8](Data(contentsOf: photo)) else { return "unreadable" }
        let pointer = bytes.withUnsafeMutableBytes { raw in
            format == .avif
                ? gdImageCreateFromAvifPtr(Int32(raw.count), raw.baseAddress)
                : gdImageCreateFromHeifPtr(Int32(raw.count), raw.baseAddress)
        }
        guard let pointer else { return "refused" }
        let decoded = TestImage(owning: pointer)
        guard decoded.size == reference.size else { return "\(decoded.size) instead of \(reference.size)" }
        let comparison = PictureComparison(decoded, against: reference)
        return String(format: "PSNR %.1f dB, worst row %.1f dB", comparison.psnr, comparison.worstRowPSNR)
    }
}
