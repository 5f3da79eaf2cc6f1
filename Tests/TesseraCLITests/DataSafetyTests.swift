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

    /// A build killed in every stage (scan, read, images, pages, the manifest writes) keeps
    /// every image it finished: the next build encodes only the others and ends with the
    /// site a clean build makes, byte for byte. Each kill lands on one exact system call
    /// (strace delivers SIGKILL at the Nth call of a kind), picked at random within a stage
    /// from a traced run of the same build.
    func testABuildKilledInEveryStageKeepsItsFinishedImagesAndEndsAsACleanBuild() throws {
        let strace = "/usr/bin/strace"
        guard FileManager.default.isExecutableFile(atPath: strace) else {
            throw XCTSkip("strace is not installed (make test installs it), so no kill can be placed in a given stage")
        }
        let input = try Fingerprint.tree(photos)
        let options = ["--formats", "none", "--quiet"]
        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "clean"] + options, in: tmp.url).status, 0)
        let clean = try SiteTree(tmp.url.appendingPathComponent("clean"))
        let images = Set(clean.files.keys.filter { $0.contains("_media/") })
        let pages = Set(clean.files.keys.filter { $0.hasSuffix(".html") })

        let trace = tmp.url.appendingPathComponent("trace.txt")
        let traced = try Self.run(
            strace, ["-qq", "-o", trace.path, "-e", "trace=getdents64,openat,rename"], options + ["--jobs", "1"],
            output: "traced",
            in: tmp.url)
        guard traced.reason == .exit, traced.status == 0 else {
            throw XCTSkip("strace cannot trace here (status \(traced.status)); ptrace is not allowed")
        }
        let stages = Self.stageCalls(try String(contentsOf: trace, encoding: .utf8))
        XCTAssertEqual(Set(stages.keys), ["scan", "read", "images", "pages", "manifest"])

        var generator = SystemRandomNumberGenerator()
        var trials: [(stage: String, call: StageCall)] = []
        for (stage, count) in [("scan", 2), ("read", 2), ("images", 3), ("pages", 2), ("manifest", 3)] {
            let calls = try XCTUnwrap(stages[stage])
            // The manifest's calls are few: the last rename (its final write) is always tried.
            if stage == "manifest", let last = calls.last { trials.append((stage, last)) }
            for _ in 0..<(stage == "manifest" ? count - 1 : count) {
                trials.append((stage, calls.randomElement(using: &generator)!))
            }
        }
        XCTAssertGreaterThanOrEqual(trials.count, 10)
        var resumedWithReuse = 0
        for (stage, call) in trials {
            let at = "\(stage) (\(call.name) #\(call.number))"
            try? FileManager.default.removeItem(at: site)
            let killed = try Self.run(
                strace,
                [
                    "-qq", "-o", "/dev/null", "-e", "trace=\(call.name)", "-e",
                    "inject=\(call.name):signal=KILL:when=\(call.number)",
                ],
                options + ["--jobs", "1"], output: "site", in: tmp.url)
            XCTAssertEqual(killed.reason, .uncaughtSignal, "killed in \(at)")
            let finished = SiteTree.imageInodes(site)
            let present = Set((try? SiteTree(site).files.keys).map(Array.init) ?? [])
            switch stage {
            case "scan", "read":
                XCTAssertEqual(finished, [:], "no image made yet when killed in \(at)")
            case "images":
                XCTAssertTrue(present.isDisjoint(with: pages), "no page written yet when killed in \(at)")
            case "pages":
                XCTAssertEqual(Set(finished.keys), images, "every image made when killed in \(at)")
            default:
                break
            }

            let missingFiles = Set(clean.files.keys).subtracting(images).subtracting(present).subtracting([
                Manifest.fileName
            ]).count
            let resumed = try Tessera.run(
                ["build", "photos", "-o", "site", "--formats", "none", "--json"], in: tmp.url)
            XCTAssertEqual(resumed.status, 0, "the build after a kill in \(at) succeeds: \(resumed.stderr)")
            // Every image encoded counts as generated; a page or other file only when written.
            let encoded = try Self.generated(resumed) - missingFiles
            XCTAssertEqual(
                encoded, images.count - finished.count,
                "after a kill in \(at), only the \(images.count - finished.count) images not finished are made")
            XCTAssertEqual(
                SiteTree.imageInodes(site).filter { finished[$0.key] != nil }, finished,
                "finished images stay as they were")
            if !finished.isEmpty && encoded < images.count { resumedWithReuse += 1 }
            XCTAssertEqual(
                try SiteTree(site).differences(from: clean), [],
                "after a kill in \(at), the site is what a clean build makes")
        }
        XCTAssertGreaterThanOrEqual(
            resumedWithReuse, 5, "the kills among images, pages and manifest left work to reuse")
        XCTAssertEqual(try Fingerprint.tree(photos), input, "the input folder is never written")
    }

    /// Kills at random moments of builds running on every core: the build after them makes
    /// only the images not finished before the last kill (and the one each worker may have
    /// had in place without its journal line yet), and ends with the site a clean build
    /// makes, the user's own file untouched.
    func testBuildsKilledAtRandomMomentsOnEveryCoreEndAsACleanBuildAndKeepTheirWork() throws {
        let before = try Fingerprint.tree(photos)
        XCTAssertEqual(try Tessera.run(["build", "photos", "-o", "clean", "--quiet"], in: tmp.url).status, 0)
        let clean = try SiteTree(tmp.url.appendingPathComponent("clean"))
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: site.appendingPathComponent("KEEP.txt"))
        var generator = SystemRandomNumberGenerator()
        let jobs = 2
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = try Tessera.binary()
            process.arguments = ["build", "photos", "-o", "site", "--quiet", "--jobs", "\(jobs)"]
            process.currentDirectoryURL = tmp.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 20_000...1_500_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let images = Set(clean.files.keys.filter { $0.contains("_media/") })
        let present = Set(try SiteTree(site).files.keys)
        let finished = images.intersection(present).count
        let missingFiles = Set(clean.files.keys).subtracting(images).subtracting(present).subtracting([
            Manifest.fileName
        ]).count

        let result = try Tessera.run(["build", "photos", "-o", "site", "--json"], in: tmp.url)
        XCTAssertEqual(result.status, 0, "a rebuild after kills succeeds: \(result.stderr)")
        // Each worker may have had one image in place without its journal line yet.
        XCTAssertLessThanOrEqual(
            try Self.generated(result) - missingFiles, images.count - finished + jobs,
            "of \(images.count) images, \(finished) were finished before the last kill")
        XCTAssertEqual(try Fingerprint.tree(photos), before, "the input folder is never written")
        var tree = try SiteTree(site)
        XCTAssertEqual(tree.files.removeValue(forKey: "KEEP.txt"), Data("mine".utf8), "the user's file is untouched")
        XCTAssertEqual(tree.differences(from: clean), [], "the site is what a clean build makes")
    }

    /// The `generated` count of a build's `--json` report.
    static func generated(_ result: Tessera.Result) throws -> Int {
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try XCTUnwrap(report?["generated"] as? Int, result.stdout)
    }

    /// One system call of a traced build: its kind and its number among calls of that kind.
    struct StageCall: Hashable {
        var name: String
        var number: Int
    }

    /// The calls of a build's strace log that fall in each stage: directory reads before
    /// the first file is written (scan); photos opened after the last of them and before
    /// the first file is written (read); renames of images and of pages into place; the
    /// manifest's renames and the opening of its last temporary file (manifest).
    static func stageCalls(_ log: String) -> [String: [StageCall]] {
        var counts: [String: Int] = [:]
        var calls: [(call: StageCall, paths: [String], line: Substring)] = []
        for line in log.split(separator: "\n") {
            guard let paren = line.firstIndex(of: "(") else { continue }
            let name = String(line[..<paren])
            guard ["getdents64", "openat", "rename"].contains(name) else { continue }
            counts[name, default: 0] += 1
            let paths = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map {
                String($0.element)
            }
            calls.append((StageCall(name: name, number: counts[name]!), paths, line))
        }
        let firstRename = calls.firstIndex { $0.call.name == "rename" } ?? calls.count
        let lastListing = calls[..<firstRename].lastIndex { $0.call.name == "getdents64" } ?? -1
        var stages: [String: [StageCall]] = [:]
        var lastManifestOpen: StageCall?
        for (index, (call, paths, line)) in calls.enumerated() {
            switch call.name {
            case "getdents64" where index < firstRename: stages["scan", default: []].append(call)
            case "openat"
            where index > lastListing && index < firstRename && !line.contains("O_DIRECTORY")
                && paths.first?.contains("photos/") == true:
                stages["read", default: []].append(call)
            case "openat" where paths.first?.contains(".\(Manifest.fileName).tessera-") == true:
                lastManifestOpen = call
            case "rename":
                let target = paths.last ?? ""
                if target.contains("/_media/") {
                    stages["images", default: []].append(call)
                } else if target.hasSuffix(".html") {
                    stages["pages", default: []].append(call)
                } else if target.hasSuffix("/" + Manifest.fileName) {
                    stages["manifest", default: []].append(call)
                }
            default: break
            }
        }
        if let lastManifestOpen { stages["manifest", default: []].insert(lastManifestOpen, at: 0) }
        return stages
    }

    /// Runs `tessera build photos -o OUTPUT OPTIONS` under strace with `traceArguments`.
    static func run(
        _ strace: String, _ traceArguments: [String], _ options: [String], output: String, in folder: URL
    ) throws -> (status: Int32, reason: Process.TerminationReason) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        process.arguments = traceArguments + [try Tessera.binary().path, "build", "photos", "-o", output] + options
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason)
    }

    /// Each size of a photo is resized from the one above it, so an image made alone (one
    /// that was deleted, or that a killed build did not get to) must still come out as a
    /// clean build makes it.
    func testAnImageMadeAloneIsByteForByteWhatACleanBuildMakes() throws {
        XCTAssertEqual(try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        let clean = try SiteTree(site)
        for name in ["evening.thumb.jpg", "evening.thumb0.5x.avif", "harbour-at-dawn.jpg"] {
            try FileManager.default.removeItem(at: site.appendingPathComponent("_media/" + name))
        }
        XCTAssertEqual(try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        XCTAssertEqual(try SiteTree(site).differences(from: clean), [])
    }

    func testAManifestListingAFileOutsideTheFolderIsRefusedAndNothingIsDeleted() throws {
        XCTAssertEqual(try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        let victim = tmp.url.appendingPathComponent("victim.txt")
        try Data("mine".utf8).write(to: victim)
        var manifest = try Manifest.load(from: site)
        manifest.files["../victim.txt"] = .init(fingerprint: "0123")
        try Data(manifest.encoded()).write(to: site.appendingPathComponent(Manifest.fileName))
        let before = try SiteTree(site)

        let result = try InProcessCLI.run(["build", "photos", "-o", "site", "--title", "Other"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "error: the manifest '\(site.path)/.tessera-manifest.json' was not written by Tessera or is damaged: "
                + "it lists \"../victim.txt\", a path that climbs out of the folder with '..'; nothing was read or "
                + "deleted. If the folder holds nothing of yours, delete the manifest and build again; otherwise build "
                + "into an empty folder with -o\n")
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "mine")
        XCTAssertEqual(try SiteTree(site), before, "nothing in the site changed either")
    }

    func testAFolderOfTheSiteLinkedElsewhereIsNeverDeletedThrough() throws {
        XCTAssertEqual(try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        // Someone replaces an album's folder with a link to their own files of the same names.
        let travels = site.appendingPathComponent("travels")
        let elsewhere = tmp.url.appendingPathComponent("elsewhere")
        try FileManager.default.moveItem(at: travels, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: travels, withDestinationURL: elsewhere)
        let before = try SiteTree(elsewhere)
        try FileManager.default.removeItem(at: tmp.photos.appendingPathComponent("Travels"))

        let result = try InProcessCLI.run(["build", "photos", "-o", "site"], in: tmp.url)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(
            result.stderr.hasPrefix("error: '\(travels.path)' leads out of the output folder, to '"), result.stderr)
        XCTAssertEqual(try SiteTree(elsewhere), before, "nothing was deleted through the link")
    }

    /// An album's folder replaced by a link to a folder of the user's inside the site: its
    /// pages were kept as the album's (the user's page served as the album page), and
    /// removing the album deleted the user's files through the link.
    func testAFolderOfTheSiteLinkedToAnotherOfItsFoldersIsNeverUsedThrough() throws {
        XCTAssertEqual(try InProcessCLI.run(["build", "photos", "-o", "site", "--quiet"], in: tmp.url).status, 0)
        let mine = site.appendingPathComponent("mine")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("my page".utf8).write(to: mine.appendingPathComponent("index.html"))
        let travels = site.appendingPathComponent("travels")
        try FileManager.default.removeItem(at: travels)
        try FileManager.default.createSymbolicLink(atPath: travels.path, withDestinationPath: "mine")
        let before = try SiteTree(mine)

        for change in ["as it is", "the album removed"] {
            if change == "the album removed" {
                try FileManager.default.removeItem(at: tmp.photos.appendingPathComponent("Travels"))
            }
            let result = try InProcessCLI.run(["build", "photos", "-o", "site"], in: tmp.url)
            XCTAssertEqual(result.status, 1, change)
            XCTAssertTrue(
                result.stderr.hasPrefix("error: '\(travels.path)' is a symbolic link, to '\(mine.path)'"),
                "\(change): \(result.stderr)")
            XCTAssertEqual(try SiteTree(mine), before, "\(change): nothing in the user's folder changed")
        }
    }

    func testLeftoverTemporariesAreRemovedOnlyWhenProvablyOurs() throws {
        XCTAssertEqual(
            try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none", "--quiet"], in: tmp.url).status,
            0)
        let deadPID = Self.finishedProcessID()
        let media = site.appendingPathComponent("_media")
        let ownedImage = try XCTUnwrap(
            FileManager.default.contentsOfDirectory(atPath: media.path).first { $0.hasSuffix(".jpg") })
        let ours = [
            media.appendingPathComponent(".tessera-\(deadPID)-\(ownedImage).tmp"),
            site.appendingPathComponent(".tessera-\(deadPID)-.tessera-manifest.json.tmp"),
            // A build killed while writing its memo (seen once in CI's random kills).
            site.appendingPathComponent(".tessera-\(deadPID)-.tessera-memo.tmp"),
            // As builds before named them.
            media.appendingPathComponent(".\(ownedImage).tessera-\(deadPID).tmp"),
            site.appendingPathComponent("..tessera-manifest.json.tessera-\(deadPID).tmp"),
            // Process 1 runs, but the build holds the folder's lock: no other build writes it
            // (a build killed by `timeout -s KILL` is a zombie, still "running", until reaped).
            site.appendingPathComponent(".tessera-1-index.html.tmp"),
            site.appendingPathComponent(".index.html.tessera-1.tmp"),
        ]
        let notOurs = [
            site.appendingPathComponent(".tessera-\(deadPID)-notes.txt.tmp"),  // not a file we made
            site.appendingPathComponent(".notes.txt.tessera-\(deadPID).tmp"),
            site.appendingPathComponent(".tessera-x-index.html.tmp"),  // not our pattern
            site.appendingPathComponent(".index.html.tessera-x.tmp"),
        ]
        for file in ours + notOurs { try Data("half".utf8).write(to: file) }

        XCTAssertEqual(
            try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none", "--quiet"], in: tmp.url).status,
            0)
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
        XCTAssertEqual(
            try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none", "--quiet"], in: tmp.url).status,
            0)
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

        let result = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--formats", "none", "--force", "--title", "New"], in: tmp.url)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.messages.hasPrefix("error: cannot write '"), result.stderr)
        XCTAssertTrue(
            result.stderr.contains("Permission denied") || result.stderr.contains("Operation not permitted"),
            result.stderr)
        XCTAssertEqual(try Fingerprint.tree(site), previous, "the previous site is untouched")
    }

    /// A build that stops halfway (here: one album's folder cannot be written) has already
    /// changed some files. If its inputs then go back to what they were, the next build must
    /// still redo those files rather than trust the manifest's old word for them.
    func testFilesChangedByAnUnfinishedBuildAreRedoneWhenItsInputsGoBack() throws {
        XCTAssertEqual(
            try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none", "--quiet"], in: tmp.url).status,
            0)
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
        let stopped = try InProcessCLI.run(
            ["build", "photos", "-o", "site", "--formats", "none", "--title", "Draft"], in: tmp.url)
        for folder in Set(folders) { if asRoot { _ = Self.chattr("-i", folder) } else { chmod(folder.path, 0o755) } }
        XCTAssertEqual(stopped.status, 1, "the Travels pages could not be written: \(stopped.stderr)")
        XCTAssertNotEqual(
            try Data(contentsOf: site.appendingPathComponent("_media/market.jpg")), image,
            "the edited photo's image was made")
        XCTAssertTrue(
            String(decoding: try Data(contentsOf: site.appendingPathComponent("index.html")), as: UTF8.self).contains(
                "Draft"))

        try original.write(to: market)
        XCTAssertEqual(
            try InProcessCLI.run(["build", "photos", "-o", "site", "--formats", "none", "--quiet"], in: tmp.url).status,
            0)

        XCTAssertEqual(
            try Data(contentsOf: site.appendingPathComponent("_media/market.jpg")), image,
            "the photo is back, so is its image")
        for page in try Self.files(in: site) where page.hasSuffix(".html") {
            let html = String(decoding: try Data(contentsOf: site.appendingPathComponent(page)), as: UTF8.self)
            XCTAssertFalse(html.contains("Draft"), "\(page) still shows the unfinished build's title")
        }
    }

    func testAFullDiskFailsClearlyAndThePreviousSiteKeepsWorking() throws {
        // A 2 MB tmpfs in a private mount namespace plays the full disk: small images fit
        // (with the viewer's assets just over 1 MB in 4 KB blocks), the full-size ones of the
        // second build do not.
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
            mount -t tmpfs -o size=2m tmpfs "$mnt" || exit 97
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
        let stderr = Tessera.withoutProgress(
            try String(contentsOf: out.appendingPathComponent("stderr.txt"), encoding: .utf8))
        XCTAssertEqual(status, "1\n", "a full disk fails the build")
        XCTAssertTrue(stderr.hasPrefix("error: cannot write '") && stderr.contains("No space left on device"), stderr)
        XCTAssertTrue(
            stderr.contains("fix that (room on the disk, a permission, the path), then build again"),
            "what to do: \(stderr)")
        XCTAssertEqual(
            try String(contentsOf: out.appendingPathComponent("after.txt"), encoding: .utf8),
            try String(contentsOf: out.appendingPathComponent("before.txt"), encoding: .utf8),
            "no page of the previous site changed")
        let pages = try SitePages(site: out.appendingPathComponent("site"))
        XCTAssertEqual(pages.pages.count, 6 + SampleAlbum.photos.count, "five albums, the photos and the 404 page")
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
