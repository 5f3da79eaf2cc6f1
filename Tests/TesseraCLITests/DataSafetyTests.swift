import Foundation
import XCTest

@testable import TesseraCore

/// No data loss: a build killed at any moment and run again yields a complete site;
/// leftovers are cleaned only when provably ours; an unwritable output fails clearly.
final class DataSafetyTests: XCTestCase {
    private var tmp: SampleWorkspace!
    private var photos: URL { tmp.photos }
    private var site: URL { tmp.site }

    override func setUpWithError() throws {
        tmp = try SampleWorkspace()
    }

    override func tearDown() {
        tmp = nil  // XCTest keeps test cases alive; release the folder now so it is deleted
    }

    func testABuildKilledAtRandomMomentsAndRunAgainGivesACompleteConsistentSite() throws {
        var generator = SystemRandomNumberGenerator()
        let before = try Fingerprint.tree(photos)
        for attempt in 0..<5 {
            let process = Process()
            process.executableURL = try Tessera.binary()
            // Every other attempt remakes everything, so kills land among image writes too.
            process.arguments = ["build", "photos", "-o", "site", "--quiet"] + (attempt % 2 == 1 ? ["--force"] : [])
            process.currentDirectoryURL = tmp.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 20_000...1_500_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try Data("mine".utf8).write(to: site.appendingPathComponent("KEEP.txt"))

        let result = try Tessera.run(["build", "photos", "-o", "site", "--json"], in: tmp.url)
        XCTAssertEqual(result.status, 0, "a rebuild after kills succeeds: \(result.stderr)")
        XCTAssertEqual(try Fingerprint.tree(photos), before, "the input folder is never written")
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(report["photos"] as? Int, SampleAlbum.photos.count)

        let pages = try SitePages(site: site)
        XCTAssertEqual(pages.pages.count, 5 + SampleAlbum.photos.count, "one page per album and per photo")
        for (page, html) in pages.pages {
            for link in SitePages.links(in: html) {
                XCTAssertTrue(pages.resolves(link, from: page), "\(page): link '\(link)' does not resolve")
            }
        }
        let manifest = try Manifest.load(from: site)
        let onDisk = try Self.files(in: site)
        XCTAssertEqual(
            onDisk, Set(manifest.files.keys).union([Manifest.fileName, "KEEP.txt"]),
            "the site holds exactly what the manifest lists, the user's file, and no temporary leftovers")
        XCTAssertEqual(try String(contentsOf: site.appendingPathComponent("KEEP.txt"), encoding: .utf8), "mine")
    }

    func testLeftoverTemporariesAreRemovedOnlyWhenProvablyOurs() throws {
        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        let deadPID = Self.finishedProcessID()
        let media = site.appendingPathComponent("_media")
        let ownedImage = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: media.path).first { $0.hasSuffix(".jpg") })
        let ours = [
            media.appendingPathComponent(".\(ownedImage).tessera-\(deadPID).tmp"),
            site.appendingPathComponent("..tessera-manifest.json.tessera-\(deadPID).tmp"),
        ]
        let notOurs = [
            site.appendingPathComponent(".notes.txt.tessera-\(deadPID).tmp"),  // not a file we made
            site.appendingPathComponent(".index.html.tessera-1.tmp"),  // pid 1 is alive
            site.appendingPathComponent(".index.html.tessera-x.tmp"),  // not our pattern
        ]
        for file in ours + notOurs { try Data("half".utf8).write(to: file) }

        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        for file in ours {
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent) is a leftover of ours")
        }
        for file in notOurs {
            XCTAssertTrue(
                FileManager.default.fileExists(atPath: file.path), "\(file.lastPathComponent) cannot be proven ours")
        }
    }

    func testAnUnwritableOutputFailsClearlyAndLeavesThePreviousSiteIntact() throws {
        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        let folders = Set(
            try [site] + Self.files(in: site).map { site.appendingPathComponent($0).deletingLastPathComponent() })
        // chmod does not stop root (CI runs as root); the immutable attribute does.
        let asRoot = geteuid() == 0
        for folder in folders {
            if asRoot {
                guard Self.chattr("+i", folder) else {
                    throw XCTSkip(
                        "running as root and 'chattr +i' is not available here, so no folder can be made unwritable")
                }
            } else {
                chmod(folder.path, 0o555)
            }
        }
        defer {
            for folder in folders { if asRoot { _ = Self.chattr("-i", folder) } else { chmod(folder.path, 0o755) } }
        }
        let previous = try Fingerprint.tree(site)

        let result = try Tessera.run(["build", "photos", "-o", "site", "--force", "--title", "New"], in: tmp.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("error: cannot write '"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Permission denied") || result.stderr.contains("Operation not permitted"),
            result.stderr)
        XCTAssertEqual(try Fingerprint.tree(site), previous, "the previous site is untouched")
    }

    /// A build that stops halfway (here: one album's folder cannot be written) has already
    /// changed some files. If its inputs then go back to what they were, the next build must
    /// still redo those files rather than trust the manifest's old word for them.
    func testFilesChangedByAnUnfinishedBuildAreRedoneWhenItsInputsGoBack() throws {
        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        let market = photos.appendingPathComponent("Market.jpg")
        let original = try Data(contentsOf: market)
        let image = try Data(contentsOf: site.appendingPathComponent("_media/market.jpg"))
        try FileManager.default.removeItem(at: market)
        try FileManager.default.copyItem(at: photos.appendingPathComponent("Travels/Square.jpg"), to: market)

        let travels = site.appendingPathComponent("travels")
        let folders =
            try [travels]
            + Self.files(in: travels).map { travels.appendingPathComponent($0).deletingLastPathComponent() }
        let asRoot = geteuid() == 0
        for folder in Set(folders) {
            if asRoot {
                guard Self.chattr("+i", folder) else {
                    throw XCTSkip(
                        "running as root and 'chattr +i' is not available here, so no folder can be made unwritable")
                }
            } else {
                chmod(folder.path, 0o555)
            }
        }
        let stopped = try Tessera.run(["build", "photos", "-o", "site", "--title", "Draft"], in: tmp.url)
        for folder in Set(folders) { if asRoot { _ = Self.chattr("-i", folder) } else { chmod(folder.path, 0o755) } }
        XCTAssertEqual(stopped.status, 1, "the Travels pages could not be written: \(stopped.stderr)")
        XCTAssertNotEqual(
            try Data(contentsOf: site.appendingPathComponent("_media/market.jpg")), image,
            "the edited photo's image was made")
        XCTAssertTrue(
            String(decoding: try Data(contentsOf: site.appendingPathComponent("index.html")), as: UTF8.self).contains(
                "Draft"))

        try original.write(to: market)
        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)

        XCTAssertEqual(
            try Data(contentsOf: site.appendingPathComponent("_media/market.jpg")), image,
            "the photo is back, so is its image")
        for page in try Self.files(in: site) where page.hasSuffix(".html") {
            let html = String(decoding: try Data(contentsOf: site.appendingPathComponent(page)), as: UTF8.self)
            XCTAssertFalse(html.contains("Draft"), "\(page) still shows the unfinished build's title")
        }
    }

    func testAFullDiskFailsClearlyAndThePreviousSiteKeepsWorking() throws {
        // A 1 MB tmpfs in a private mount namespace plays the full disk: small images fit,
        // the full-size ones of the second build do not.
        let unshare = "/usr/bin/unshare"
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: unshare) else {
            throw XCTSkip(
                "a full disk is simulated with a tmpfs in a private mount namespace, which needs root and unshare")
        }
        let out = tmp.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let script = """
            set -u
            mnt=$(mktemp -d)
            mount -t tmpfs -o size=1m tmpfs "$mnt" || exit 97
            "$1" build photos -o "$mnt/site" --quiet --display-size 96 --thumbnail-height 48 || exit 98
            (cd "$mnt/site" && find . -name '*.html' -exec sha256sum {} + | sort) > "$2/before.txt"
            "$1" build photos -o "$mnt/site" --quiet 2> "$2/stderr.txt"
            echo $? > "$2/status.txt"
            (cd "$mnt/site" && find . -name '*.html' -exec sha256sum {} + | sort) > "$2/after.txt"
            cp -a "$mnt/site" "$2/site"
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unshare)
        process.arguments = ["-m", "sh", "-c", script, "sh", try Tessera.binary().path, out.path]
        process.currentDirectoryURL = tmp.url
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus == 97
            || process.terminationStatus == 1
                && !FileManager.default.fileExists(atPath: out.appendingPathComponent("status.txt").path)
        {
            throw XCTSkip("this machine does not allow a private tmpfs mount, so a full disk cannot be simulated")
        }
        XCTAssertEqual(process.terminationStatus, 0, "the small first build fits on the disk")

        let status = try String(contentsOf: out.appendingPathComponent("status.txt"), encoding: .utf8)
        let stderr = try String(contentsOf: out.appendingPathComponent("stderr.txt"), encoding: .utf8)
        XCTAssertEqual(status, "1\n", "a full disk fails the build")
        XCTAssertTrue(stderr.hasPrefix("error: cannot write '") && stderr.contains("No space left on device"), stderr)
        XCTAssertEqual(
            try String(contentsOf: out.appendingPathComponent("after.txt"), encoding: .utf8),
            try String(contentsOf: out.appendingPathComponent("before.txt"), encoding: .utf8),
            "no page of the previous site changed")
        let pages = try SitePages(site: out.appendingPathComponent("site"))
        XCTAssertEqual(pages.pages.count, 5 + SampleAlbum.photos.count)
        for (page, html) in pages.pages {
            for link in SitePages.links(in: html) {
                XCTAssertTrue(pages.resolves(link, from: page), "\(page): '\(link)' no longer resolves")
            }
        }
        let leftovers = try Self.files(in: out.appendingPathComponent("site")).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "a failed write leaves no temporary file")
    }

    /// Runs `chattr FLAG folder`; false when that is not possible here.
    static func chattr(_ flag: String, _ folder: URL) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, folder.path]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Site-relative paths of every file under `folder`, hidden ones included.
    static func files(in folder: URL) throws -> Set<String> {
        var files = Set<String>()
        let root = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            if !FileSystem.isDirectory(root + "/" + relative) { files.insert(relative) }
        }
        return files
    }

    /// The id of a process that has exited, so no running process has it (for a while).
    static func finishedProcessID() -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try? process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}
