import Foundation
import TesseraTestSupport
import XCTest

/// `originals:` and `zip:` (issue 20 item 4) on the sample album, built in process with the
/// real imaging: what a visitor downloads, judged by exiftool and Python's `zipfile`.
final class OriginalsBuildTests: XCTestCase {
    /// The sample album with a GPS position written into `Evening.jpg` by exiftool, and
    /// `settings` as its `tessera.yaml`.
    private func workspace(_ settings: String) throws -> SampleWorkspace {
        guard ExifTool.isAvailable else { throw XCTSkip(ExifTool.missing) }
        let workspace = try SampleWorkspace()
        try ExifTool.write(
            ["-GPSLatitude=48.8566", "-GPSLatitudeRef=N", "-GPSLongitude=2.3522", "-GPSLongitudeRef=E"],
            to: workspace.photos.appendingPathComponent("Evening.jpg"))
        try Data(settings.utf8).write(to: workspace.photos.appendingPathComponent("tessera.yaml"))
        return workspace
    }

    @discardableResult
    private func build(_ workspace: SampleWorkspace, _ extra: [String] = []) throws -> Tessera.Result {
        let result = try InProcessCLI.run(["build", "photos", "-o", "site"] + extra, in: workspace.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    /// What exiftool reads of `tags` (`-s3`: values only), one line each.
    private func exiftool(_ tags: [String], _ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XCTUnwrap(ExifTool.path))
        process.arguments = ["-s3", "-n"] + tags + [file.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The bytes from the first start-of-scan marker on: a JPEG's compressed pixels.
    private func scanData(_ file: URL) throws -> Data {
        let data = try Data(contentsOf: file)
        let bytes = [UInt8](data)
        let start = try XCTUnwrap(
            (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }, "no scan in \(file.path)")
        return data.subdata(in: start..<data.count)
    }

    private func text(_ file: URL) throws -> String { try String(contentsOf: file, encoding: .utf8) }

    func testStrippedOriginalsKeepThePixelsAndTheOrientationAndNothingElse() throws {
        let workspace = try workspace("originals: stripped\n")
        try build(workspace)
        let source = workspace.photos.appendingPathComponent("Evening.jpg")
        let original = workspace.site.appendingPathComponent("_originals/evening.jpg")
        XCTAssertEqual(try scanData(original), try scanData(source), "the compressed pixels, byte for byte")
        XCTAssertEqual(try exiftool(["-GPSLatitude"], source), "48.8566", "the source has a position")
        XCTAssertEqual(try exiftool(["-GPSLatitude", "-Make", "-Model", "-DateTimeOriginal"], original), "")
        XCTAssertEqual(
            try exiftool(["-Orientation"], original), try exiftool(["-Orientation"], source),
            "shown upright as the source is")
        XCTAssertTrue(
            try text(workspace.site.appendingPathComponent("evening.html")).contains(
                "<a class=\"download\" href=\"_originals/evening.jpg\" download>Download the original</a>"))
        XCTAssertTrue(
            try text(workspace.site.appendingPathComponent("index.html")).contains(
                "data-original=\"_originals/evening.jpg\""), "the viewer's download button")
        let verify = try InProcessCLI.run(["verify", "site"], in: workspace.url)
        XCTAssertEqual(verify.status, 0, "nothing a visitor could read in them: \(verify.stdout)")
    }

    func testAsIsOriginalsAreTheFilesAndEachWithAPositionIsNamedEveryBuild() throws {
        let workspace = try workspace("originals: as-is\n")
        for _ in 0..<2 {
            let result = try build(workspace)
            let warnings = result.stderr.split(separator: "\n").filter { $0.contains("published as-is") }
            XCTAssertEqual(warnings.count, 1, result.stderr)
            XCTAssertTrue(warnings.first?.hasPrefix("Evening.jpg: warning:") == true, result.stderr)
        }
        for (name, slug) in [("Evening.jpg", "evening"), ("Market.jpg", "market")] {
            XCTAssertEqual(
                try Data(contentsOf: workspace.site.appendingPathComponent("_originals/\(slug).jpg")),
                try Data(contentsOf: workspace.photos.appendingPathComponent(name)), "\(name) byte for byte")
        }
        let verify = try InProcessCLI.run(["verify", "site"], in: workspace.url)
        XCTAssertEqual(verify.status, 1, verify.stdout)
        XCTAssertTrue(
            verify.stdout.contains(
                "_originals/evening.jpg: APP1 Exif segment with a GPS position in an original published as-is"),
            verify.stdout)
        XCTAssertFalse(verify.stdout.contains("_originals/market.jpg"), "its camera data was chosen: \(verify.stdout)")
    }

    /// A PNG made by ImageMagick from a phone's JPEG (`convert IMG.jpg IMG.png`) keeps its
    /// EXIF, GPS position and all, in a compressed text chunk, `Raw profile type exif`, which
    /// exiftool reads. Published as-is it carried the position with no warning, and
    /// `verify` passed the site.
    func testAnAsIsPNGWithImageMagicksCompressedEXIFIsNamedForItsPosition() throws {
        let workspace = try workspace("originals: as-is\n")
        let block = workspace.url.appendingPathComponent("exif.bin")
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: try XCTUnwrap(ExifTool.path))
        reader.arguments = ["-b", "-EXIF", workspace.photos.appendingPathComponent("Evening.jpg").path]
        XCTAssertTrue(FileManager.default.createFile(atPath: block.path, contents: nil))
        reader.standardOutput = try FileHandle(forWritingTo: block)
        try reader.run()
        reader.waitUntilExit()
        let map = workspace.photos.appendingPathComponent("Map.png")
        // A 2×2 grey PNG with the EXIF block as ImageMagick 6 writes it: hex, 72 digits a
        // line, in a zTXt chunk.
        let script = """
            import struct, sys, zlib
            exif = b"Exif\\0\\0" + open(sys.argv[1], "rb").read()
            digits = exif.hex()
            text = "\\nexif\\n%8d\\n" % len(exif) + "\\n".join(digits[i:i + 72] for i in range(0, len(digits), 72)) + "\\n"
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            pixels = zlib.compress(b"\\0\\x80\\x80\\0\\x80\\x80")
            open(sys.argv[2], "wb").write(
                b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 0, 0, 0, 0))
                + chunk(b"zTXt", b"Raw profile type exif\\0\\0" + zlib.compress(text.encode()))
                + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, block.path, map.path]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(try exiftool(["-GPSLatitude"], map), "48.8566", "exiftool reads the position in the PNG")
        let result = try build(workspace)
        XCTAssertTrue(
            result.stderr.contains(
                "Map.png: warning: published as-is with a GPS position (zTXt chunk 'Raw profile type exif' with a GPS position)"
            ), result.stderr)
        XCTAssertEqual(
            try Data(contentsOf: workspace.site.appendingPathComponent("_originals/map.png")), try Data(contentsOf: map)
        )
        let verify = try InProcessCLI.run(["verify", "site"], in: workspace.url)
        XCTAssertEqual(verify.status, 1, verify.stdout)
        XCTAssertTrue(
            verify.stdout.contains(
                "_originals/map.png: zTXt chunk 'Raw profile type exif' with a GPS position in an original published as-is"
            ), verify.stdout)
    }

    func testAnAlbumsIndexDecidesForItselfAndTheAlbumsBelowIt() throws {
        let workspace = try workspace("")
        try Data("---\noriginals: as-is\n---\n".utf8).write(
            to: workspace.photos.appendingPathComponent("Travels/index.md"))
        try build(workspace)
        let files = try FileManager.default.subpathsOfDirectory(atPath: workspace.site.path)
        let originals = Set(files.filter { $0.contains("_originals/") }.map { String($0.split(separator: "/").first!) })
        XCTAssertEqual(originals, ["travels"], "Travels and Coast 2024 below it, no other album")
        XCTAssertTrue(files.contains("travels/coast-2024/_originals/cliff.jpg"), "inherited by Coast 2024")
        XCTAssertFalse(try text(workspace.site.appendingPathComponent("index.html")).contains("data-original"))
        XCTAssertFalse(try text(workspace.site.appendingPathComponent("evening.html")).contains("class=\"download\""))
    }

    /// Python's `zipfile` reads the archive: each entry's name, CRC and bytes.
    private func zipEntries(_ zip: URL) throws -> [String: Data] {
        let script = """
            import base64, json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None, "a CRC is wrong"
            assert all(i.compress_type == zipfile.ZIP_STORED for i in z.infolist())
            print(json.dumps({i.filename: base64.b64encode(z.read(i)).decode() for i in z.infolist()}))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, zip.path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "zipfile refused \(zip.path)")
        let names = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: String])
        return names.compactMapValues { Data(base64Encoded: $0) }
    }

    func testAnAlbumsZipHoldsItsPhotosAndIsMadeAgainOnlyWhenThoseChange() throws {
        let workspace = try workspace("zip: true\noriginals: stripped\n")
        try build(workspace)
        let zip = workspace.site.appendingPathComponent("_originals/photos.zip")
        let entries = try zipEntries(zip)
        XCTAssertEqual(
            Set(entries.keys),
            [
                "evening.jpg", "harbour-at-dawn.jpg", "lighthouse.jpg", "market.jpg", "old-town.jpg",
                "ridge-panorama.jpg",
            ])
        for (name, bytes) in entries {
            XCTAssertEqual(
                bytes, try Data(contentsOf: workspace.site.appendingPathComponent("_originals/" + name)),
                "\(name) is the stripped original")
        }
        XCTAssertTrue(
            try text(workspace.site.appendingPathComponent("index.html")).contains(
                "<a href=\"_originals/photos.zip\" download>Download all photos (ZIP)</a>"))
        let travels = try zipEntries(workspace.site.appendingPathComponent("travels/_originals/travels.zip"))
        XCTAssertFalse(travels.keys.contains("evening.jpg"), "only the album's own photos")

        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: zip.path)
        try build(workspace)
        XCTAssertEqual(
            try FileManager.default.attributesOfItem(atPath: zip.path)[.modificationDate] as? Date,
            Date(timeIntervalSince1970: 1_000_000), "nothing changed: the ZIP is kept, not written again")

        try FileManager.default.removeItem(at: workspace.photos.appendingPathComponent("Market.jpg"))
        try build(workspace)
        XCTAssertEqual(Set(try zipEntries(zip).keys), Set(entries.keys).subtracting(["market.jpg"]))
    }

    func testWithoutOriginalsTheZipHoldsTheDisplayImages() throws {
        let workspace = try workspace("zip: true\n")
        try build(workspace)
        let entries = try zipEntries(workspace.site.appendingPathComponent("_originals/photos.zip"))
        XCTAssertEqual(entries.count, 6)
        for (name, bytes) in entries {
            XCTAssertEqual(bytes, try Data(contentsOf: workspace.site.appendingPathComponent("_media/" + name)), name)
        }
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: workspace.site.appendingPathComponent("_originals/evening.jpg").path)
        )
    }
}
