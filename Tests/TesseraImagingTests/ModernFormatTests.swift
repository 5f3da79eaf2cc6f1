import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// WebP and AVIF renditions, judged by decoders that share no code with Tessera's encoders:
/// Pillow (Debian's `python3-pil`) for WebP, `heif-convert` (libheif with dav1d or libaom)
/// for AVIF. Both must show the same picture as the JPEG made from the same pixels, at the
/// same size, with the same colours, and carry no metadata.
final class ModernFormatTests: XCTestCase {
    let processor = ImagePipeline()

    /// A real camera photo with EXIF and a GPS position: every format of it must look like
    /// the JPEG (PSNR of 33 dB: artefacts below what a viewer notices at that size) with
    /// no colour cast (mean shift under 1 of 255 per channel; limited-range or wrong-matrix
    /// colour shifts the mean by 3 or more), and say nothing of where it was taken.
    func testACameraPhotoLooksLikeItsJPEGInEveryFormat() throws {
        guard let photo = Corpus.file("exif-samples/gps/DSCN0029.jpg") else {
            throw XCTSkip("../shared/corpus not found: the camera photos are only in the team checkout")
        }
        let decoders = try Self.decoders()
        let info = try processor.inspect(photo, format: .jpeg)
        let size = PixelSize(width: 601, height: 451)  // odd sides: padding must not show
        let folder = try FixtureFolder()
        let files = try render(photo, info: info, size: size, in: folder)
        let jpeg = try XCTUnwrap(TestImage(jpeg: files[.jpeg]!.bytes))
        XCTAssertEqual(jpeg.size, size)
        for format in RenditionFormat.modern {
            let decoded = try XCTUnwrap(decoders.decode(files[format]!.url), "\(format) did not decode")
            XCTAssertEqual(decoded.size, size, "\(format) has the wrong size")
            let comparison = PictureComparison(decoded, against: jpeg)
            XCTAssertGreaterThan(comparison.psnr, 33, "\(format) looks different from the JPEG")
            for shift in [comparison.meanShift.r, comparison.meanShift.g, comparison.meanShift.b] {
                XCTAssertLessThan(abs(shift), 1.0, "\(format) has a colour cast: \(comparison.meanShift)")
            }
            if ExifTool.isAvailable {
                let tags = try Self.metadataTags(of: files[format]!.url)
                XCTAssertEqual(tags, [], "\(format) carries metadata")
            }
        }
    }

    /// Saturated sRGB patches keep their colour in every format (within 6 of 255 per
    /// channel at a patch's centre): the `nclx` box and the planes agree, so a browser
    /// shows what the JPEG shows.
    func testSaturatedColoursSurvive() throws {
        let decoders = try Self.decoders()
        let colours = [RGB(255, 0, 0), RGB(0, 200, 0), RGB(0, 0, 255), RGB(255, 220, 0), RGB(200, 120, 90)]
        let source = TestImage(width: 80 * colours.count, height: 80)
        for (index, colour) in colours.enumerated() {
            for y in 0..<80 { for x in 0..<80 { source.set(80 * index + x, y, colour) } }
        }
        let folder = try FixtureFolder()
        let photo = try folder.write(try XCTUnwrap(source.encoded(.png)), as: "patches.png")
        let info = try processor.inspect(photo, format: .png)
        let files = try render(photo, info: info, size: info.uprightSize, in: folder)
        for format in RenditionFormat.modern {
            let decoded = try XCTUnwrap(decoders.decode(files[format]!.url), "\(format) did not decode")
            for (index, colour) in colours.enumerated() {
                let shown = decoded.color(80 * index + 40, 40)
                XCTAssertLessThanOrEqual(shown.distance(to: colour), 6, "\(format) shows \(colour) as \(shown)")
            }
        }
    }

    /// A grey photo has no chroma planes; its modern files must still be grey, not green
    /// or pink (neutral chroma is 128 in JPEG's planes and in AVIF's, 128 in WebP's too).
    func testGreyPhotosStayGrey() throws {
        let decoders = try Self.decoders()
        let source = TestImage(width: 64, height: 48)
        for y in 0..<48 { for x in 0..<64 { source.set(x, y, RGB(x * 4, x * 4, x * 4)) } }
        let folder = try FixtureFolder()
        let jpeg = try folder.write(try XCTUnwrap(source.encoded(.jpeg, quality: 95)), as: "grey.jpg")
        // libgd writes colour JPEGs; this makes the source single-channel, as scanners do.
        try ColourFixture.run([
            "-c",
            "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('L').save(sys.argv[1], quality=95)",
            jpeg.path,
        ])
        let info = try processor.inspect(jpeg, format: .jpeg)
        let files = try render(jpeg, info: info, size: info.uprightSize, in: folder)
        for format in RenditionFormat.modern {
            let decoded = try XCTUnwrap(decoders.decode(files[format]!.url), "\(format) did not decode")
            for x in stride(from: 4, to: 64, by: 12) {
                let shown = decoded.color(x, 24)
                XCTAssertLessThanOrEqual(
                    max(abs(shown.r - shown.g), abs(shown.g - shown.b)), 2, "\(format) tints grey: \(shown)")
            }
        }
    }

    /// A WebP cannot be wider than 16,383 px: the photo is skipped with a reason that says
    /// which setting to lower, not a crash or a blank file.
    func testAnOversizedWebPIsAReadableProblem() throws {
        let source = TestImage(width: 16400, height: 2)
        let folder = try FixtureFolder()
        let photo = try folder.write(try XCTUnwrap(source.encoded(.png)), as: "wide.png")
        let info = try processor.inspect(photo, format: .png)
        let webp = Rendition(role: .display, path: "wide.webp", size: info.uprightSize, format: .webp)
        XCTAssertThrowsError(
            try processor.makeRenditions(of: photo, info: info, renditions: [webp], request: RenditionRequest())
        ) { error in
            XCTAssertEqual(
                "\(error)",
                "cannot encode WebP: 16400×2 is larger than WebP's 16383 px a side; lower images.display_size")
        }
    }

    // MARK: Helpers

    /// The photo at `size` in JPEG, WebP and AVIF, made in one call as a build makes them.
    private func render(
        _ photo: URL, info: PhotoInfo, size: PixelSize, in folder: FixtureFolder
    ) throws
        -> [RenditionFormat: (url: URL, bytes: [UInt8])]
    {
        let renditions = RenditionFormat.allCases.map {
            Rendition(role: .display, path: "photo.\($0.fileExtension)", size: size, format: $0)
        }
        let outputs = try processor.makeRenditions(
            of: photo, info: info, renditions: renditions, request: RenditionRequest(quality: 90))
        var files: [RenditionFormat: (url: URL, bytes: [UInt8])] = [:]
        for (rendition, bytes) in zip(renditions, outputs) {
            files[rendition.format] = (try folder.write(bytes, as: rendition.path), bytes)
        }
        return files
    }

    /// The independent decoders, or a skip saying which is missing.
    private static func decoders() throws -> Decoders {
        guard let heifConvert = ReferenceDecoder.tool("heif-convert") else {
            throw XCTSkip("heif-convert is not installed (Debian: libheif-examples; `make test` installs it)")
        }
        guard ColourFixture.pillowAvailable else { throw XCTSkip("Pillow (python3-pil) is not installed") }
        return Decoders(heifConvert: heifConvert)
    }

    private struct Decoders {
        let heifConvert: URL

        func decode(_ file: URL) throws -> TestImage? {
            let png = file.appendingPathExtension("reference.png")
            switch file.pathExtension {
            case "avif": return try ReferenceDecoder.heifConvert(file, tool: heifConvert, output: png)
            default:
                try ColourFixture.run([
                    "-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('RGB').save(sys.argv[2])",
                    file.path, png.path,
                ])
                return TestImage(png: [UInt8](try Data(contentsOf: png)))
            }
        }
    }

    /// The metadata tags exiftool finds in `file`, leaving out what describes the file
    /// itself (its name, size, container and pixel format).
    private static func metadataTags(of file: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ExifTool.path!)
        process.arguments = [
            "-a", "-G0", "-s", "-q", "-EXIF:all", "-GPS:all", "-XMP:all", "-IPTC:all", "-ICC_Profile:all", file.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").map(String.init)
    }
}
