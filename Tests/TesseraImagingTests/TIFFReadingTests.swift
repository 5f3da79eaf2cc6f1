import Foundation
import TesseraImaging
import XCTest

@testable import TesseraCore

/// TIFF photos, as scanners and raw converters export them, come out as Pillow (Debian's
/// `python3-pil`) reads them: 8- and 16-bit, LZW, Deflate, JPEG and PackBits compressed,
/// grey, with alpha, turned by their `Orientation` tag, ICC-tagged, the first page of many.
final class TIFFReadingTests: XCTestCase {
    let processor = ImagePipeline()

    /// Right pictures measure 32.7–57 dB against Pillow (the 4:2:0 JPEG output costs most
    /// of it; a turned one least well aligned); a wrong turn measured 8.4 dB.
    static let minimumPSNR = 30.0

    func testEveryKindOfTIFFMatchesPillow() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        let cases = try ColourFixture.makeTIFFs(in: folder.url, adobeRGB: ColourFixture.adobeRGB)
        XCTAssertGreaterThanOrEqual(cases.count, 10, "Pillow wrote \(cases)")
        for name in cases {
            let tiff = folder.url.appendingPathComponent("\(name).tif")
            let bytes = [UInt8](try Data(contentsOf: tiff).prefix(MediaFormat.sniffLength))
            XCTAssertEqual(MediaFormat.sniff(bytes), .tiff, name)
            let reference = try XCTUnwrap(
                TestImage(png: [UInt8](try Data(contentsOf: folder.url.appendingPathComponent("\(name).png")))))
            let info = try processor.inspect(tiff, format: .tiff)
            XCTAssertEqual(info.uprightSize, reference.size, name)
            let output = try processor.render(tiff, info: info, sizes: [info.uprightSize], quality: 95)
            let rendered = try XCTUnwrap(TestImage(jpeg: output[0]))
            guard rendered.size == reference.size else { continue }
            let comparison = PictureComparison(rendered, against: reference)
            XCTAssertGreaterThan(comparison.psnr, Self.minimumPSNR, name)
            for shift in [comparison.meanShift.r, comparison.meanShift.g, comparison.meanShift.b] {
                XCTAssertLessThan(abs(shift), 1.5, "mean colour shift of \(name)")
            }
            if ProcessInfo.processInfo.environment["TESSERA_FIDELITY_REPORT"] != nil {
                print(
                    String(
                        format: "tiff %-24@ %@ PSNR %5.1f dB, shift %+.2f %+.2f %+.2f", name as NSString,
                        info.uprightSize.description as NSString, comparison.psnr,
                        comparison.meanShift.r, comparison.meanShift.g, comparison.meanShift.b))
            }
        }
    }

    /// A scanned page in line art: black ink in the top-left quarter of a white page, as a
    /// 1-bit TIFF of either PhotometricInterpretation, uncompressed as written here and LZW
    /// or CCITT Group 4 as Pillow writes it. BlackIsZero ones came out as their negative.
    func testBilevelTIFFsKeepBlackInkOnWhitePaper() throws {
        let folder = try FixtureFolder()
        var pages = [
            try folder.write(Self.bilevelTIFF(blackIsZero: true), as: "black-is-zero.tif"),
            try folder.write(Self.bilevelTIFF(blackIsZero: false), as: "white-is-zero.tif"),
            // A palette's own black and white are right as they are, never swapped.
            try folder.write(Self.bilevelTIFF(blackIsZero: false, palette: true), as: "palette.tif"),
        ]
        if ColourFixture.pillowAvailable {
            try ColourFixture.run([
                "-c",
                """
                import sys
                from PIL import Image, ImageDraw
                im = Image.new("1", (64, 32), 1)
                ImageDraw.Draw(im).rectangle([0, 0, 31, 15], fill=0)
                im.save(sys.argv[1] + "/lzw.tif", compression="tiff_lzw")
                im.save(sys.argv[1] + "/group4.tif", compression="group4")
                """, folder.url.path,
            ])
            pages += ["lzw.tif", "group4.tif"].map { folder.url.appendingPathComponent($0) }
        }
        for page in pages {
            let info = try processor.inspect(page, format: .tiff)
            let output = try processor.render(page, info: info, sizes: [info.uprightSize], quality: 95)
            let rendered = try XCTUnwrap(TestImage(jpeg: output[0]))
            XCTAssertLessThan(rendered.color(8, 4).distance(to: RGB(0, 0, 0)), 16, "ink of \(page.lastPathComponent)")
            XCTAssertLessThan(
                rendered.color(48, 24).distance(to: RGB(255, 255, 255)), 16, "paper of \(page.lastPathComponent)")
        }
    }

    /// An uncompressed 1-bit TIFF, 64 × 32, black in its top-left 32 × 16: BlackIsZero,
    /// WhiteIsZero, or (`palette`) a colour map of black then white.
    static func bilevelTIFF(blackIsZero: Bool, palette: Bool = false) -> [UInt8] {
        let (width, height) = (64, 32)
        let count = palette ? 10 : 9
        let pixels = UInt32(8 + 2 + count * 12 + 4)
        let colourMap = pixels + UInt32(width / 8 * height)
        var entries: [(tag: UInt16, type: UInt16, count: UInt32, value: UInt32)] = [
            (256, 3, 1, UInt32(width)), (257, 3, 1, UInt32(height)), (258, 3, 1, 1), (259, 3, 1, 1),
            (262, 3, 1, palette ? 3 : blackIsZero ? 1 : 0), (273, 4, 1, pixels), (277, 3, 1, 1),
            (278, 3, 1, UInt32(height)), (279, 4, 1, UInt32(width / 8 * height)),
        ]
        if palette { entries.append((320, 3, 6, colourMap)) }
        var b: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, UInt8(entries.count), 0]
        for (tag, type, count, value) in entries {
            b += [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(type), 0, UInt8(count), 0, 0, 0]
            b += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        b += [0, 0, 0, 0]
        let (ink, paper): (UInt8, UInt8) = blackIsZero || palette ? (0x00, 0xFF) : (0xFF, 0x00)
        for y in 0..<height {
            b += (0..<(width / 8)).map { byte in y < height / 2 && byte < width / 16 ? ink : paper }
        }
        // Red, green and blue, each entry 0 (black) then 1 (white), 16 bits little-endian.
        if palette { b += Array(repeating: [0, 0, 0xFF, 0xFF], count: 3).flatMap { $0 } }
        return b
    }

    func testXMPTitleWhereverTheTagPutsIt() throws {
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        let folder = try FixtureFolder()
        try ColourFixture.makeTIFFsWithXMP(
            XMPPacket.description(
                #"<dc:title><rdf:Alt><rdf:li xml:lang="x-default">Scanned in 1987</rdf:li></rdf:Alt></dc:title>"#),
            in: folder.url)
        for name in ["small.tif", "large.tif"] {
            let info = try processor.inspect(folder.url.appendingPathComponent(name), format: .tiff)
            XCTAssertEqual(info.metadata.xmpTitle, "Scanned in 1987", name)
        }
    }

    /// A camera raw (NEF, ARW: a small IFD0 previewing a larger sub-image) is refused by
    /// Core's scan and read stage before Imaging sees it (`RawSignatureTests`,
    /// `SiteBuilderTests.testCameraRawFilesAreSkippedBeforeThePhotoPortSeesThem`). Here: a
    /// pyramid, whose sub-image is smaller, is a TIFF like any other, and a sub-image
    /// directory beyond the file's end makes it truncated, as before the decision moved.
    func testAPyramidIsReadAtItsFirstImageAndAMissingSubImageIsTruncation() throws {
        let folder = try FixtureFolder()
        func tiff(subImage: (UInt32, UInt32)) -> [UInt8] {
            var b: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 3, 0]
            func entry(_ tag: UInt16, _ type: UInt16, _ value: UInt32) {
                b += [UInt8(tag & 0xFF), UInt8(tag >> 8), UInt8(type & 0xFF), UInt8(type >> 8), 1, 0, 0, 0]
                b += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
            }
            entry(0x0100, 3, 160)
            entry(0x0101, 3, 120)
            entry(0x014A, 4, 50)
            b += [0, 0, 0, 0]  // IFD0 ends at 50: the sub-image's directory follows.
            b += [2, 0]
            entry(0x0100, 4, subImage.0)
            entry(0x0101, 4, subImage.1)
            return b + [0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        }
        let pyramid = try folder.write(tiff(subImage: (80, 60)), as: "pyramid.tif")
        XCTAssertEqual(try processor.inspect(pyramid, format: .tiff).storedSize, PixelSize(width: 160, height: 120))
        let cut = try folder.write(Array(tiff(subImage: (80, 60)).prefix(56)), as: "cut.tif")
        XCTAssertProblem(.truncated(.tiff)) { try processor.inspect(cut, format: .tiff) }
    }
}
