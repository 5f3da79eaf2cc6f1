import Foundation
import TesseraImaging
import TesseraTestSupport
import XCTest

@testable import TesseraCore

/// Folders and files that cannot be read are warnings with the system's reason, counted in
/// the summary and listed in `--json`; an input folder that cannot be read is an error.
/// Run in process with `nobody`'s permissions (`Unprivileged`), so that `chmod 000` binds
/// when the tests run as root, as in CI.
final class UnreadableInputTests: XCTestCase {
    private var tmp: TemporaryFolder!
    private var photos: URL { tmp.url.appendingPathComponent("photos") }

    override func setUpWithError() throws {
        tmp = try TemporaryFolder()
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let painted = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 96, height: 64), label: "A", hue: 0.3, orientation: .up)
        try Data(painted).write(to: photos.appendingPathComponent("good.jpg"))
    }

    override func tearDown() {
        tmp = nil
    }

    func testAnUnreadableFolderIsAWarningCountedInTheSummaryAndListedInTheJSON() throws {
        try FileManager.default.createDirectory(
            at: photos.appendingPathComponent("Locked"), withIntermediateDirectories: true)
        try Data("Title: Home\n".utf8).write(to: photos.appendingPathComponent("index.md"))
        try Unprivileged.hand(tmp.url)
        let locked = ["Locked", "index.md"].map { photos.appendingPathComponent($0).path }
        for path in locked { chmod(path, 0) }
        defer { for path in locked { chmod(path, 0o755) } }
        let folder = tmp.url
        let (human, json, strict) = try Unprivileged.run {
            guard opendir(locked[0]) == nil else {
                throw XCTSkip("this system lets every user read a chmod 000 folder")
            }
            // One job: the build's work stays on the thread that runs with nobody's permissions.
            return (
                try InProcessCLI.run(["build", "photos", "-o", "site", "-j", "1"], in: folder),
                try InProcessCLI.run(["build", "photos", "-o", "site", "-j", "1", "--json"], in: folder),
                try InProcessCLI.run(["build", "photos", "-o", "site", "-j", "1", "--strict", "--quiet"], in: folder)
            )
        }
        XCTAssertEqual(human.status, 0, human.stderr)
        XCTAssertEqual(
            human.stderr,
            "warning: Locked: cannot read the folder: Permission denied; its photos are left out\n"
                + "warning: index.md: cannot read the file: Permission denied; what it says is left out\n")
        XCTAssertTrue(human.stdout.hasPrefix("1 photo in 1 album, 2 unreadable, "), human.stdout)

        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(
            report["unreadable"] as? [[String: String]],
            [
                ["path": "Locked", "reason": "cannot read the folder: Permission denied; its photos are left out"],
                ["path": "index.md", "reason": "cannot read the file: Permission denied; what it says is left out"],
            ])
        XCTAssertEqual(strict.status, 1, "--strict fails a build that could not read everything")
        XCTAssertEqual(strict.stderr, "error: 2 files or folders were unreadable and --strict is set\n")
    }

    func testAnUnreadableInputFolderIsAnErrorNotAnEmptySite() throws {
        try Unprivileged.hand(tmp.url)
        chmod(photos.path, 0)
        defer { chmod(photos.path, 0o755) }
        let (folder, path) = (tmp.url, photos.path)
        let result = try Unprivileged.run {
            guard opendir(path) == nil else { throw XCTSkip("this system lets every user read a chmod 000 folder") }
            return try InProcessCLI.run(["build", "photos", "-o", "site", "-j", "1"], in: folder)
        }
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasPrefix("error: cannot read the input folder '")
                && result.stderr.contains("Permission denied"),
            result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tmp.url.appendingPathComponent("site/index.html").path))
    }
}
