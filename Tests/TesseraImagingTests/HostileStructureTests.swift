import TesseraImaging
import XCTest

@testable import TesseraCore

/// Files built to make a decoder allocate what the file does not hold are refused from
/// their structure, before libgd sees them.
final class HostileStructureTests: XCTestCase {
    let processor = ImagePipeline()

    /// libpng's `huge_iTXt_chunk.png`, rebuilt: a small image then a chunk claiming 1 GiB
    /// and the IEND it jumps over. Before the structure check libpng allocated the gigabyte.
    func testAChunkLongerThanTheFileIsRefusedBeforeLibPNG() throws {
        let folder = try FixtureFolder()
        let png = try XCTUnwrap(TestImage(width: 4, height: 4).encoded(.png))
        let ihdrEnd = 8 + 12 + 13
        let huge: [UInt8] = [0x3F, 0xFF, 0xFF, 0xFF] + Array("iTXt".utf8) + [0x29, 0xD5, 0x83, 0x80]
        let file = try folder.write(
            Array(png.prefix(ihdrEnd)) + huge + Array(png.dropFirst(ihdrEnd)), as: "huge-chunk.png")
        let info = try processor.inspect(file, format: .png)
        let peakBefore = Self.peakMemoryMiB()
        XCTAssertProblem(.corrupt(.png, detail: "damaged file structure")) {
            try processor.render(file, info: info, sizes: [PixelSize(width: 4, height: 4)], quality: 80)
        }
        // Cut before IEND, the same chunk says the file is truncated.
        let cut = try folder.write(Array(png.prefix(ihdrEnd)) + huge + [0, 0, 0, 0], as: "cut.png")
        XCTAssertProblem(.truncated(.png)) {
            try processor.render(cut, info: info, sizes: [PixelSize(width: 4, height: 4)], quality: 80)
        }
        // Bounded memory: the process never grew by the gigabyte the chunk claims.
        if peakBefore < 512 {
            XCTAssertLessThan(Self.peakMemoryMiB(), 768, "a 70-byte file must not cost a gigabyte")
        }
        // The untouched PNG still renders: the check passes whole files.
        let whole = try folder.write(png, as: "whole.png")
        let wholeInfo = try processor.inspect(whole, format: .png)
        XCTAssertEqual(
            try processor.render(whole, info: wholeInfo, sizes: [PixelSize(width: 4, height: 4)], quality: 80).count, 1)
    }

    /// A GIF bomb: a 10×10 screen whose first frame claims 60000×60000.
    func testAGIFWhoseFirstFrameIsHugeIsTooLarge() throws {
        let folder = try FixtureFolder()
        var gif = Array("GIF89a".utf8) + [10, 0, 10, 0, 0, 0, 0]
        gif += [0x2C, 0, 0, 0, 0, 0x60, 0xEA, 0x60, 0xEA, 0, 2, 2, 0x4C, 0x01, 0, 0x3B]
        let file = try folder.write(gif, as: "bomb.gif")
        XCTAssertProblem(.tooLarge(PixelSize(width: 60000, height: 60000), limitMegapixels: 100)) {
            try processor.inspect(file, format: .gif)
        }
    }

    /// A TIFF whose first directory and sub-image both claim 4294967295 × 4294967295:
    /// comparing their pixel counts overflowed and crashed the build (arithmetic overflow).
    func testATIFFClaimingFourBillionPixelsASideIsRefused() throws {
        func directory(subImageAt sub: Int?) -> [UInt8] {
            var entries: [(tag: UInt16, value: UInt32)] = [(0x0100, .max), (0x0101, .max)]
            if let sub { entries.append((0x014A, UInt32(sub))) }
            var bytes = withUnsafeBytes(of: UInt16(entries.count).littleEndian, Array.init)
            for entry in entries {
                // Tag, type LONG (4), count 1, value.
                bytes += withUnsafeBytes(of: entry.tag.littleEndian, Array.init)
                bytes += withUnsafeBytes(of: UInt16(4).littleEndian, Array.init)
                bytes += withUnsafeBytes(of: UInt32(1).littleEndian, Array.init)
                bytes += withUnsafeBytes(of: entry.value.littleEndian, Array.init)
            }
            return bytes + [0, 0, 0, 0]
        }
        let first = directory(subImageAt: 8 + 2 + 3 * 12 + 4)
        let tiff = Array("II".utf8) + [42, 0, 8, 0, 0, 0] + first + directory(subImageAt: nil)
        let folder = try FixtureFolder()
        let file = try folder.write(tiff + Array(repeating: 0, count: 64), as: "huge.tif")
        let side = Int(UInt32.max)
        let size = PixelSize(width: side, height: side)
        XCTAssertProblem(.corrupt(.tiff, detail: "the header gives an impossible size, \(size)")) {
            try processor.inspect(file, format: .tiff)
        }
    }

    /// libjpeg reports only its first warning: harmless junk between header segments must
    /// not hide that the scan data is cut short further on.
    func testHarmlessHeaderJunkDoesNotHideATruncatedJPEG() throws {
        let folder = try FixtureFolder()
        let image = TestImage(width: 320, height: 200)
        for y in 0..<200 { for x in 0..<320 { image.set(x, y, RGB(x % 256, y, (x * y) % 256)) } }
        let jpeg = try XCTUnwrap(image.encoded(.jpeg))
        XCTAssertEqual(Array(jpeg[2..<4]), [0xFF, 0xE0], "the fixture starts with APP0")
        let afterAPP0 = 4 + (Int(jpeg[4]) << 8 | Int(jpeg[5]))
        let junky = Array(jpeg[..<afterAPP0]) + [1, 2, 3, 4, 5, 6] + Array(jpeg[afterAPP0...])
        let size = [PixelSize(width: 320, height: 200)]

        let whole = try folder.write(junky, as: "junk.jpg")
        let info = try processor.inspect(whole, format: .jpeg)
        XCTAssertEqual(
            try processor.render(whole, info: info, sizes: size, quality: 80).count, 1,
            "junk between segments alone is harmless")

        let cut = try folder.write(Array(junky.prefix(junky.count * 6 / 10)), as: "junk-cut.jpg")
        let cutInfo = try processor.inspect(cut, format: .jpeg)
        let problem = XCTAssertAnyProblem { try processor.render(cut, info: cutInfo, sizes: size, quality: 80) }
        XCTAssertNotNil(problem, "the missing half is found despite the earlier warning")
    }

    /// The process's peak resident memory so far, in MiB.
    static func peakMemoryMiB() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }
    /// A photo replaced between the scan and its reading, by a FIFO (the worker's read
    /// waited for a writer until the 300-second limit) or by a link to `/dev/zero` (read
    /// without end: 5.7 GB in five seconds), is refused at once as no longer a file, in
    /// every format, HEIF's (which libheif opens itself) too.
    func testAPhotoReplacedByAFIFOOrADeviceIsRefusedAtOnce() throws {
        let folder = try FixtureFolder()
        let jpeg = try XCTUnwrap(TestImage(width: 4, height: 4).encoded(.jpeg))
        let file = try folder.write(jpeg, as: "photo.jpg")
        let info = try processor.inspect(file, format: .jpeg)
        let fifo = folder.url.appendingPathComponent("fifo.jpg")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let zero = folder.url.appendingPathComponent("zero.jpg")
        try FileManager.default.createSymbolicLink(atPath: zero.path, withDestinationPath: "/dev/zero")
        let replaced = PhotoProblem.unreadable(
            "it is no longer a regular file: a pipe, a device or a folder took its place")
        for replacement in [fifo, zero] {
            for format in [MediaFormat.jpeg, .png, .heif] {
                var claimed = info
                claimed.format = format
                XCTAssertProblem(replaced) {
                    try processor.render(
                        replacement, info: claimed, sizes: [PixelSize(width: 4, height: 4)], quality: 80)
                }
            }
        }
    }
}
