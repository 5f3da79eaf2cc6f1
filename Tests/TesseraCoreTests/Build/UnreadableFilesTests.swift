import Foundation
import Synchronization
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// What cannot be read — a folder, a photo, a note, a broken link — is reported with the
/// system's reason, and a FIFO is never waited on. The whole build in process, with fake
/// photos.
final class UnreadableFilesTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var input: URL { folder.url.appendingPathComponent("photos") }
    private var output: URL { folder.url.appendingPathComponent("site") }

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    private func photo(_ path: String) throws {
        try folder.write("photos/" + path, FakeImaging.photo(width: 3000, height: 2000))
    }

    private func text(_ path: String, _ bytes: [UInt8]) throws {
        try folder.write("photos/" + path, bytes)
    }

    private func builder(jobs: Int = 2) throws -> SiteBuilder {
        SiteBuilder(
            input: input, output: output,
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: jobs, generator: "test"), theme: try Theme.defaults(),
            imaging: FakeImaging(), video: FakeVideo(),
            documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
    }

    /// A folder, a photo, an `index.md` and a sidecar that cannot be read are each named
    /// with the system's reason. Run with `nobody`'s permissions so that `chmod 000` binds
    /// when the tests run as root.
    func testWhatCannotBeReadIsReportedWithTheReason() throws {
        try photo("Harbour.jpg")
        try photo("Market.jpg")
        try photo("Locked/Pier.jpg")
        try photo("Trips/Bridge.jpg")
        try text("index.md", Array("Title: Home\n".utf8))
        try text("Trips/Bridge.md", Array("Title: Bridge\n".utf8))
        try Unprivileged.hand(folder.url)
        let locked = ["Locked", "Market.jpg", "index.md", "Trips/Bridge.md"].map {
            input.appendingPathComponent($0).path
        }
        for path in locked { chmod(path, 0) }
        defer { for path in locked { chmod(path, 0o755) } }
        // One job: the build's work stays on the thread that runs with nobody's permissions.
        let builder = try builder(jobs: 1)
        let report = try Unprivileged.run {
            guard opendir(locked[0]) == nil else {
                throw XCTSkip("this system lets every user read a chmod 000 folder")
            }
            return try builder.build()
        }
        XCTAssertEqual(report.photos, 2, "Harbour and Bridge")
        let denied = "cannot read the file: Permission denied; what it says is left out"
        XCTAssertEqual(
            report.unreadable,
            [
                IgnoredFile(
                    relativePath: "Locked", reason: "cannot read the folder: Permission denied; its photos are left out"
                ),
                IgnoredFile(relativePath: "Trips/Bridge.md", reason: denied),
                IgnoredFile(relativePath: "index.md", reason: denied),
            ])
        XCTAssertEqual(
            report.skipped, [BuildReport.Skipped(path: "Market.jpg", reason: "cannot read the file: Permission denied")]
        )
        XCTAssertTrue(report.summary.contains("1 skipped, 3 unreadable"), report.summary)
    }

    func testABrokenLinkIsReportedAndAFIFONamedLikeANoteIsPassedOver() throws {
        try photo("Harbour.jpg")
        try FileManager.default.createSymbolicLink(
            atPath: input.appendingPathComponent("Moved").path, withDestinationPath: "../elsewhere/Moved")
        XCTAssertEqual(mkfifo(input.appendingPathComponent("index.md").path, 0o644), 0)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<BuildReport, BuildError>?>(nil)
        let builder = try builder()
        Thread {
            let result = Result { () throws(BuildError) in try builder.build() }
            outcome.withLock { $0 = result }
            finished.signal()
        }.start()
        // A hang guard, not a timing check: reading a FIFO without O_NONBLOCK would wait for
        // a writer for ever; the build takes well under a second.
        guard finished.wait(timeout: .now() + 120) == .success else {
            return XCTFail("the build waits for ever on a FIFO named index.md")
        }
        let report = try XCTUnwrap(outcome.withLock { $0 }).get()
        XCTAssertEqual(report.photos, 1)
        XCTAssertEqual(
            report.unreadable,
            [
                IgnoredFile(
                    relativePath: "Moved",
                    reason: "broken symbolic link to '../elsewhere/Moved': No such file or directory")
            ])
        XCTAssertEqual(report.ignored.map(\.relativePath), ["index.md"], "not a regular file, listed with --verbose")
    }
    /// A note, a sidecar or a `tessera.yaml` over the 16 MiB a text may hold was read whole
    /// (three to four times its size in memory) before the YAML reader refused it: a 1 GiB
    /// one ended the build where memory is limited, and a 200 MB sidecar was dropped with
    /// nothing said. It is refused unread now, named, and the build goes on. (Sparse
    /// files: no disk is spent.)
    func testATextFileOverTheLimitIsRefusedUnread() throws {
        try photo("a.jpg")
        for name in ["index.md", "a.md"] {
            try text(name, [])
            XCTAssertEqual(truncate(input.appendingPathComponent(name).path, off_t(1 << 30)), 0)
        }
        let report = try builder().build()
        XCTAssertEqual(report.photos, 1)
        XCTAssertEqual(
            report.unreadable.sorted { $0.relativePath < $1.relativePath },
            ["a.md", "index.md"].map {
                IgnoredFile(
                    relativePath: $0,
                    reason: "cannot read the file: it holds 1024.0 MiB, more than the 16 MiB a text file Tessera "
                        + "reads may hold; what it says is left out")
            })

        let settings = input.appendingPathComponent("tessera.yaml")
        try text("tessera.yaml", [])
        XCTAssertEqual(truncate(settings.path, off_t(1 << 30)), 0)
        var notes: [String] = []
        XCTAssertThrowsError(
            try ConfigurationFile.load(
                explicit: nil, input: input, notes: &notes, documents: YAMLDocumentParser())
        ) { error in
            XCTAssertTrue(
                "\(error)".hasPrefix("\(settings.path): ")
                    && "\(error)".hasSuffix(
                        "the file cannot be read: it holds 1024.0 MiB, more than the 16 MiB a text file Tessera "
                            + "reads may hold"),
                "\(error)")
        }
    }
    /// A folder that can be listed but not entered (read permission without execute) gave
    /// every name in it as "not a regular file", a note only `--verbose` shows, and the
    /// build passed `--strict`; as the input folder, it published an empty site over the
    /// last one. The folder is unreadable now, and the input folder stops the build.
    func testAFolderListedButNotEnteredIsUnreadableAndAsTheInputStopsTheBuild() throws {
        try photo("Harbour.jpg")
        try photo("Listed/Pier.jpg")
        try Unprivileged.hand(folder.url)
        let listed = input.appendingPathComponent("Listed").path
        chmod(listed, 0o644)
        defer { chmod(listed, 0o755) }
        let builder = try builder(jobs: 1)
        let report = try Unprivileged.run {
            var st = stat()
            guard stat(listed + "/.", &st) != 0 else { throw XCTSkip("this system lets every user enter the folder") }
            return try builder.build()
        }
        XCTAssertEqual(report.photos, 1)
        XCTAssertEqual(
            report.unreadable,
            [
                IgnoredFile(
                    relativePath: "Listed", reason: "cannot read the folder: Permission denied; its photos are left out"
                )
            ])

        chmod(listed, 0o755)
        chmod(input.path, 0o644)
        defer { chmod(input.path, 0o755) }
        let again = try self.builder(jobs: 1)
        let outcome = try Unprivileged.run { Result { () throws(BuildError) in try again.build() } }
        XCTAssertThrowsError(try outcome.get()) { error in
            XCTAssertTrue("\(error)".contains("cannot read the input folder"), "\(error)")
            XCTAssertTrue("\(error)".contains("Permission denied"), "\(error)")
        }
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: output.appendingPathComponent("harbour.html").path),
            "the last site is left as it was")
    }

    /// A name whose path is longer than the system takes (over 4,096 bytes, sixteen folders
    /// of 250 characters down) cannot be looked at: it is said, not dropped as "not a
    /// regular file".
    func testANameThatCannotBeLookedAtIsSaid() throws {
        try photo("Harbour.jpg")
        var fd = open(input.path, O_RDONLY | O_DIRECTORY)
        var relative: [String] = []
        for level in 0..<17 {
            let name = String(repeating: Character(String(level % 10)), count: 250)
            XCTAssertEqual(mkdirat(fd, name, 0o755), 0)
            let next = openat(fd, name, O_RDONLY | O_DIRECTORY)
            close(fd)
            fd = next
            relative.append(name)
        }
        close(fd)
        let report = try builder().build()
        XCTAssertEqual(report.photos, 1)
        let said = report.unreadable.map(\.reason)
        XCTAssertEqual(said.count, 1, "\(said)")
        XCTAssertTrue(said.first?.contains("File name too long") ?? false, "\(said)")
        // So the temporary folder can be removed: from the bottom, by file descriptors.
        var fds = [open(input.path, O_RDONLY | O_DIRECTORY)]
        for name in relative.dropLast() { fds.append(openat(fds.last!, name, O_RDONLY | O_DIRECTORY)) }
        for (fd, name) in zip(fds, relative).reversed() { unlinkat(fd, name, AT_REMOVEDIR) }
        for fd in fds { close(fd) }
    }
    /// A `.nomedia` listing one photo that the user cannot read left the whole folder out
    /// as "the folder holds a .nomedia file", and `--strict` passed: it is unreadable now,
    /// named, and the folder still left out (what it lists is unknown).
    func testAnUnreadableNoMediaFileIsSaidAndItsFolderLeftOut() throws {
        try photo("Harbour.jpg")
        try photo("Trip/Pier.jpg")
        try photo("Trip/Secret.jpg")
        try text("Trip/.nomedia", Array("Secret.jpg\n".utf8))
        try Unprivileged.hand(folder.url)
        let list = input.appendingPathComponent("Trip/.nomedia").path
        chmod(list, 0)
        defer { chmod(list, 0o644) }
        let builder = try builder(jobs: 1)
        let report = try Unprivileged.run {
            guard open(list, O_RDONLY) < 0 else { throw XCTSkip("this system lets every user read a chmod 000 file") }
            return try builder.build()
        }
        XCTAssertEqual(report.photos, 1, "Harbour only")
        XCTAssertEqual(
            report.unreadable,
            [
                IgnoredFile(
                    relativePath: "Trip/.nomedia",
                    reason: "cannot read the file: Permission denied; the whole folder is left out, as a .nomedia file "
                        + "without names leaves it")
            ])
    }
}
