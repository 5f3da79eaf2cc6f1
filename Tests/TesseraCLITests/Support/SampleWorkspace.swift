import Foundation
import TesseraTestSupport
import XCTest

/// A temporary folder holding `photos/` (the sample album `tessera sample` writes) and, once
/// built, `site/`.
///
/// The album is written once per test process, in process, and each workspace gets a copy
/// (`cp -a`, modification times kept): the same files, without painting 30 photos per test.
final class SampleWorkspace {
    let folder: TemporaryFolder
    var url: URL { folder.url }
    var photos: URL { folder.url.appendingPathComponent("photos") }
    var site: URL { folder.url.appendingPathComponent("site") }

    init() throws {
        folder = try TemporaryFolder()
        let album = try Self.album.get()
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-a", album.path, photos.path]
        try copy.run()
        copy.waitUntilExit()
        XCTAssertEqual(copy.terminationStatus, 0, "cp -a \(album.path) \(photos.path)")
    }

    /// The album written once for the whole test process, removed when the process exits.
    private static let album: Result<URL, any Error> = Result {
        let url = albumFolder
        try? FileManager.default.removeItem(at: url)
        let result = try InProcessCLI.run(["sample", url.path])
        guard result.status == 0 else { throw SampleNotWritten(stderr: result.stderr) }
        atexit { try? FileManager.default.removeItem(at: SampleWorkspace.albumFolder) }
        return url
    }

    /// Where `album` is written (a function of the process, so the exit handler can find it).
    private static var albumFolder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tessera-tests-sample-\(getpid())")
    }

    /// `tessera sample` failed; its message says why.
    struct SampleNotWritten: Error, CustomStringConvertible {
        var stderr: String
        var description: String { "tessera sample failed: \(stderr)" }
    }
}
