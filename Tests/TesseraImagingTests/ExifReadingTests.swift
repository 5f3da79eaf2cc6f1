import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// EXIF from real camera files; output that leaks none of it.
final class ExifReadingTests: XCTestCase {
    let processor = ImagePipeline()

    func testCanon40DNotes() throws {
        guard let file = Corpus.file("exif-samples/Canon_40D.jpg") else {
            throw XCTSkip("../shared/corpus/exif-samples/Canon_40D.jpg is not on this machine")
        }
        let info = try processor.inspect(file, format: .jpeg)
        XCTAssertEqual(info.storedSize, PixelSize(width: 100, height: 68))
        XCTAssertEqual(info.orientation, .up)
        let notes = info.metadata
        XCTAssertEqual(notes.cameraMake, "Canon")
        XCTAssertEqual(notes.cameraModel, "Canon EOS 40D")
        XCTAssertEqual(notes.camera, "Canon EOS 40D")
        XCTAssertEqual(notes.dateTaken, "2008-05-30 15:56:01")
        XCTAssertEqual(notes.exposure, "1/160 s")
        XCTAssertEqual(notes.aperture, "f/7.1")
        XCTAssertEqual(notes.focalLength, "135 mm")
        XCTAssertEqual(notes.iso, 100)
        XCTAssertNil(notes.caption, "an empty description is dropped")
    }

    func testRenderedJPEGCarriesNoEXIF() throws {
        guard let file = Corpus.file("exif-samples/gps/DSCN0010.jpg") else {
            throw XCTSkip("../shared/corpus/exif-samples/gps/DSCN0010.jpg is not on this machine")
        }
        let info = try processor.inspect(file, format: .jpeg)
        let size = info.uprightSize.fitting(longEdge: 400)
        let jpeg = try XCTUnwrap(processor.render(file, info: info, sizes: [size], quality: 85).first)
        let markers = Self.markers(jpeg)
        XCTAssertFalse(markers.contains(0xE1), "no APP1 (EXIF/XMP) segment may be written")
        XCTAssertFalse(markers.contains(0xFE), "no comment segment")
        XCTAssertNil(jpeg.firstRange(of: Array("Exif".utf8)))
        XCTAssertEqual(TestImage(jpeg: jpeg)?.size, size)
    }

    /// The markers before the first scan.
    static func markers(_ jpeg: [UInt8]) -> [UInt8] {
        var found: [UInt8] = []
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            found.append(marker)
            if marker == 0xDA { break }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return found
    }

    /// LibRaw hands over a camera raw's exposure as floats taken from the file: an APEX
    /// value of ±100 is 2^±100 s, which once trapped converting to `Int` and stopped the build.
    func testAnExposureNoCameraCanHaveIsLeftOutInsteadOfStoppingTheBuild() {
        XCTAssertNil(ExifReader.exposure(pow(2, -100)))
        XCTAssertNil(ExifReader.exposure(pow(2, 100)))
        XCTAssertNil(ExifReader.exposure(.infinity))
        XCTAssertEqual(ExifReader.exposure(0.004), "1/250 s")
        XCTAssertEqual(ExifReader.short(.infinity), "inf")
        XCTAssertEqual(ExifReader.short(1e300), "1e+300")
        XCTAssertEqual(ExifReader.short(2.8), "2.8")
    }
}
