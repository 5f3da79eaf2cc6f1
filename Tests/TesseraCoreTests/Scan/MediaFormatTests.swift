import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// The one format table: what the scan recognises, and what it says about the rest.
final class MediaFormatTests: XCTestCase {
    func testEveryReadablePhotoSniffsByItsSignatureAndKeepsItsStoredName() {
        let heads: [(MediaFormat, [UInt8])] = [
            (.jpeg, MagicBytes.jpeg), (.png, MagicBytes.png), (.gif, MagicBytes.gif), (.webp, MagicBytes.webp),
            (.avif, MagicBytes.isobmff("avif")), (.heif, MagicBytes.isobmff("heic")),
            (.tiff, [0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0]),
        ]
        for (format, head) in heads {
            XCTAssertEqual(MediaFormat.sniff(head), format)
            XCTAssertEqual(format.kind, .photo)
            XCTAssertTrue(format.isReadable, "\(format)")
        }
        // These names are in every manifest and image fingerprint: a rename re-encodes every photo.
        let photos = MediaFormat.readable.filter { $0.kind == .photo }
        XCTAssertEqual(photos.map(\.rawValue), ["jpeg", "png", "gif", "webp", "avif", "heif", "tiff"])
        XCTAssertEqual(photos.map(\.displayName), ["JPEG", "PNG", "GIF", "WebP", "AVIF", "HEIF", "TIFF"])
        // Videos are read through the video port, and their names are in the manifest too.
        XCTAssertEqual(
            MediaFormat.readable.filter { $0.kind == .video }.map(\.rawValue),
            ["mp4", "mov", "m4v", "3gp", "mkv", "webm", "avi", "mts"])
    }

    /// Camera raws are read (LibRaw develops them), and videos (the video port).
    func testRawAndVideoRowsAreRead() {
        let heads: [(MediaFormat, [UInt8])] = [
            (.orf, Array("IIRO".utf8) + [8, 0, 0, 0]), (.rw2, [0x49, 0x49, 0x55, 0x00, 8, 0, 0, 0]),
            (.raf, Array("FUJIFILMCCD-RAW 0201".utf8)), (.cr3, MagicBytes.isobmff("crx ")),
            (.mp4, MagicBytes.isobmff("isom")), (.mov, MagicBytes.isobmff("qt  ")),
            (.mkv, [0x1A, 0x45, 0xDF, 0xA3, 0x9F]), (.avi, Array("RIFF\u{0}\u{0}\u{0}\u{0}AVI LIST".utf8)),
        ]
        for (format, head) in heads {
            XCTAssertEqual(MediaFormat.sniff(head), format)
            XCTAssertTrue(format.isReadable, "\(format)")
        }
        XCTAssertTrue(MediaFormat.allCases.filter { $0.kind == .raw }.allSatisfy(\.isReadable))
        XCTAssertEqual(
            Set(MediaFormat.allCases.filter { $0.kind == .raw }.flatMap(\.row.extensions)),
            ["cr2", "dng", "nef", "arw", "pef", "orf", "rw2", "raf", "cr3"])
        XCTAssertTrue(MediaFormat.allCases.filter { $0.kind == .video }.allSatisfy(\.isReadable))
    }

    /// A Sony XAVC or Canon camera's MP4 has its maker's major brand over standard
    /// compatible ones, and an old camera's QuickTime movie has no `ftyp` at all: all were
    /// passed over as "not a photo", and the clips left out of the site without a word.
    func testACamerasOwnBrandAndAQuickTimeMovieWithoutFileTypeAreVideos() {
        func fileType(_ major: String, _ compatible: [String], size: Int? = nil) -> [UInt8] {
            let brands = compatible.flatMap { Array($0.utf8) }
            let length = size ?? 16 + brands.count
            return [0, 0, 0, UInt8(length)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + brands
                + Array("\u{0}\u{0}\u{0}\u{8}free".utf8)
        }
        XCTAssertEqual(MediaFormat.sniff(fileType("XAVC", ["XAVC", "mp42", "iso2"])), .mp4)
        XCTAssertEqual(MediaFormat.sniff(fileType("CAEP", ["CAEP", "mp42", "isom"])), .mp4)
        XCTAssertEqual(MediaFormat.sniff(fileType("XAVC", ["XAVC", "qt  "])), .mov)
        XCTAssertEqual(
            MediaFormat.sniff(fileType("abcd", ["abcd", "mif1", "heic"])), .heif, "a photo brand is a photo")
        XCTAssertNil(MediaFormat.sniff(fileType("abcd", ["abcd", "wxyz"])))
        XCTAssertNil(
            MediaFormat.sniff(fileType("abcd", ["abcd", "mp42"], size: 20)), "brands past the box's end are not its own"
        )
        for atom in ["moov", "mdat", "wide", "free", "skip", "pnot"] {
            XCTAssertEqual(MediaFormat.sniff([0, 0, 0, 8] + Array(atom.utf8) + [0, 0, 0, 8]), .mov, atom)
        }
    }

    /// A clip that failed to copy (empty) or is no video was passed over as "not a photo",
    /// seen only with --verbose; an image of that kind is reported. Now both are.
    func testAFileNamedLikeAVideoThatIsNoneIsReported() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("IMG_0002.MOV", [])
        try tmp.write("VID_0004.mp4", Array("not a video at all, just text".utf8))
        try tmp.write("wedding.mpg", [0x00, 0x00, 0x01, 0xBA, 0x44])
        // A JVC or Canon SD camcorder's MPEG-2 program streams were passed over as "not a
        // photo", seen only with --verbose, where the same bytes named .mpg were reported.
        try tmp.write("MOV001.MOD", [0x00, 0x00, 0x01, 0xBA, 0x44])
        try tmp.write("MOV002.TOD", [0x00, 0x00, 0x01, 0xBA, 0x44])
        try tmp.write("notes.txt", Array("notes".utf8))
        try tmp.write("app.ts", Array("export const x = 1;".utf8))
        let catalog = try CatalogScanner(root: tmp.url).scan()
        XCTAssertEqual(
            catalog.refused.sorted { $0.relativePath < $1.relativePath },
            [
                IgnoredFile(relativePath: "IMG_0002.MOV", reason: "empty file"),
                IgnoredFile(relativePath: "MOV001.MOD", reason: "unsupported format: MOD"),
                IgnoredFile(relativePath: "MOV002.TOD", reason: "unsupported format: TOD"),
                IgnoredFile(
                    relativePath: "VID_0004.mp4", reason: "not a video (its content is no video format Tessera knows)"),
                IgnoredFile(relativePath: "wedding.mpg", reason: "unsupported format: MPG"),
            ])
        XCTAssertEqual(catalog.ignored.map(\.relativePath), ["app.ts", "notes.txt"], "TypeScript is no clip")
    }

    /// A transport stream has no signature the sniff can see: its name makes it a video for
    /// the video port to read (and refuse, with its reason, if it is none).
    func testAnMTSIsCataloguedByItsName() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("Camcorder.MTS", [0x47, 0x40, 0x11, 0x10] + Array(repeating: 0xFF, count: 184))
        // HDV's `.M2T` and a `.ts` recording are the same kind of stream (they were passed
        // over as "not a photo").
        try tmp.write("HDV_0002.M2T", [0x47, 0x40, 0x11, 0x11] + Array(repeating: 0xFF, count: 184))
        try tmp.write("clip0003.ts", [0x47, 0x40, 0x11, 0x12] + Array(repeating: 0xFF, count: 184))
        try tmp.write("notes.txt", [0x47, 0x40, 0x11, 0x10])
        let catalog = try CatalogScanner(root: tmp.url).scan()
        XCTAssertEqual(catalog.allPhotos.map(\.format), [.mts, .mts, .mts])
        XCTAssertEqual(catalog.ignored.map(\.relativePath), ["notes.txt"])
    }

    func testNoTwoRowsClaimAnExtension() {
        let extensions = MediaFormat.allCases.flatMap(\.row.extensions) + MediaFormat.foreignExtensions
        XCTAssertEqual(extensions.count, Set(extensions).count)
    }

    func testTheKindOfAPhotoComesFromItsFormat() {
        XCTAssertEqual(PhotoInfo(format: .heif, storedSize: PixelSize(width: 4, height: 3)).kind, .photo)
        XCTAssertEqual(PhotoFile(relativePath: "a.nef", format: .nef, byteCount: 1, modified: 0).kind, .raw)
        XCTAssertEqual(PhotoFile(relativePath: "a.mov", format: .mov, byteCount: 1, modified: 0).kind, .video)
    }

    /// A raw with a signature of its own is a photo for the read stage (LibRaw then says
    /// whether it reads), and a video is catalogued for the video port to read.
    func testTheScanPassesRawsAndVideosOn() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("clip.mp4", MagicBytes.isobmff("isom"))
        try tmp.write("holiday.mov", MagicBytes.isobmff("qt  "))
        try tmp.write("film.mkv", [0x1A, 0x45, 0xDF, 0xA3, 0x9F])
        try tmp.write("camera.orf", Array("IIRO".utf8) + [8, 0, 0, 0])
        try tmp.write("camera.rw2", [0x49, 0x49, 0x55, 0x00, 8, 0, 0, 0])
        try tmp.write("camera.raf", Array("FUJIFILMCCD-RAW 0201".utf8))
        try tmp.write("camera.cr3", MagicBytes.isobmff("crx "))
        try tmp.write("renamed.jpg", Array("IIRO".utf8) + [8, 0, 0, 0, 1])  // not a copy of camera.orf

        let catalog = try CatalogScanner(root: tmp.url).scan()

        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: catalog.allPhotos.map { ($0.fileName, $0.format) }),
            [
                "camera.orf": .orf, "camera.rw2": .rw2, "camera.raf": .raf, "camera.cr3": .cr3, "renamed.jpg": .orf,
                "clip.mp4": .mp4, "holiday.mov": .mov, "film.mkv": .mkv,
            ])
        XCTAssertEqual(catalog.ignored, [])
        XCTAssertEqual(catalog.refused, [])
    }

    /// PEF was missing from the list of extensions that mean "an image": a `.pef` that is
    /// no TIFF was passed over as "not a photo". Its row now names it; since raws are read,
    /// such a file is "not an image", as a `.jpg` that is no JPEG is.
    func testAPentaxRawThatIsNoTIFFIsReportedNotPassedOver() throws {
        let tmp = try TemporaryFolder()
        try tmp.write("camera.pef", Array("not a tiff at all".utf8))
        let catalog = try CatalogScanner(root: tmp.url).scan()
        XCTAssertEqual(catalog.refused, [IgnoredFile(relativePath: "camera.pef", reason: "not an image")])
        XCTAssertEqual(catalog.ignored, [])
    }
}
