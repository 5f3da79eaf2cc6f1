import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCLI
@testable import TesseraCore

/// A photo's file time is whatever a tool set: tmpfs and btrfs keep any 64-bit second, so
/// an archive unpacked with a damaged time gives a file dated 292 billion years away. Such a
/// file is published like any other (it sorts last, or first), and the feed's dates stay
/// dates a feed reader parses; a time of 2^63 s stopped the build with SIGILL before.
final class FileTimeBuildTests: XCTestCase {
    func testAPhotoDatedBillionsOfYearsAwayIsPublished() throws {
        // /tmp is often ext4, which keeps times only to the year 2446; /dev/shm is tmpfs.
        let shm = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: shm.path) else {
            throw XCTSkip("needs a writable tmpfs at /dev/shm, which keeps 64-bit file times")
        }
        let folder = shm.appendingPathComponent("tessera-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos/trip")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        try Data("base_url: https://example.org/photos/\n".utf8).write(
            to: folder.appendingPathComponent("photos/tessera.yaml"))
        for (name, seconds) in [("late.jpg", Int.max), ("early.jpg", Int.min + 1)] {
            let painted = try LibGDSamplePainter().paintSample(
                uprightSize: PixelSize(width: 96, height: 64), label: name, hue: 0.3, orientation: .up)
            let file = photos.appendingPathComponent(name)
            try Data(painted).write(to: file)
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            XCTAssertEqual(utimensat(AT_FDCWD, file.path, &times, 0), 0)
            var info = stat()
            XCTAssertEqual(stat(file.path, &info), 0)
            guard info.st_mtim.tv_sec == seconds else {
                throw XCTSkip(
                    "/dev/shm kept \(info.st_mtim.tv_sec) for \(seconds): not a file system with 64-bit times")
            }
        }

        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let site = folder.appendingPathComponent("site")
        for page in ["trip/late.html", "trip/early.html"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: site.appendingPathComponent(page).path), page)
        }
        let feed = try String(contentsOf: site.appendingPathComponent("feed.xml"), encoding: .utf8)
        let dates = feed.matches(of: /<(?:updated|published)>([^<]*)</).map { String($0.1) }
        XCTAssertFalse(dates.isEmpty, feed)
        for date in dates {
            XCTAssertNotNil(date.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/), "not RFC 3339: \(date)")
        }
        XCTAssertTrue(dates.contains("9999-12-31T23:59:59Z"), "\(dates)")
    }
}
