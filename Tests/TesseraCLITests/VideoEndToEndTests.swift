import Foundation
import TesseraTestSupport
import XCTest

/// The binary (`TESSERA_BINARY` under `make test`) builds a folder of a photo and a phone
/// clip with `--strict`: both are published, the clip as a playable MP4 with its page, and
/// `tessera verify` finds nothing to say of the result.
final class VideoEndToEndTests: XCTestCase {
    private static let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ffmpeg!)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "ffmpeg \(arguments)")
    }

    func testAPhotoAndAClipAreBothPublishedUnderStrict() throws {
        guard Self.ffmpeg != nil else {
            throw XCTSkip("ffmpeg is not installed (Debian: ffmpeg; make test installs it)")
        }
        let folder = try TemporaryFolder()
        let photos = folder.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=640x480", "-frames:v", "1",
            photos.appendingPathComponent("Harbour.jpg").path,
        ])
        try ffmpeg([
            "-f", "lavfi", "-i", "testsrc2=size=480x270:rate=15:duration=2", "-f", "lavfi", "-i",
            "sine=frequency=440:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac",
            "-metadata", "location=+48.85+002.35/", "-movflags", "use_metadata_tags",
            photos.appendingPathComponent("Clip.MOV").path,
        ])

        let result = try Tessera.run(["build", "photos", "-o", "site", "--json", "--strict"], in: folder.url)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["photos"] as? Int, 1, result.stdout)
        XCTAssertEqual(report["videos"] as? Int, 1, result.stdout)
        XCTAssertEqual((report["skipped"] as? [Any])?.count, 0, result.stdout)

        let site = folder.url.appendingPathComponent("site")
        let page = try String(contentsOf: site.appendingPathComponent("clip.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<source src=\"_media/clip.mp4\" type=\"video/mp4\">"), page)
        let mp4 = try Data(contentsOf: site.appendingPathComponent("_media/clip.mp4"))
        XCTAssertEqual(String(decoding: mp4[4..<8], as: UTF8.self), "ftyp", "an MP4")
        XCTAssertNil(mp4.range(of: Data("+48.85".utf8)), "the place is not in the published clip")

        let verified = try Tessera.run(["verify", "site"], in: folder.url)
        XCTAssertEqual(verified.status, 0, verified.stdout + verified.stderr)
    }
}
