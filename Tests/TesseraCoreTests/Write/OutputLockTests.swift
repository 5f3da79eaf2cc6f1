import Foundation
import Synchronization
import TesseraLayout
import TesseraMarkdown
import TesseraTestSupport
import TesseraYAML
import XCTest

@testable import TesseraCore

/// One build at a time per output folder.
final class OutputLockTests: XCTestCase {
    func testASecondLockWaitsThenSaysWhichProcessHoldsIt() throws {
        let site = try TemporaryFolder()
        let first = try OutputLock(output: site.url)
        let told = Mutex<[LockHolder]>([])
        XCTAssertThrowsError(
            try OutputLock(output: site.url, timeout: .milliseconds(300)) { holder in
                told.withLock { $0.append(holder) }
            }
        ) { error in
            guard case .locked(let output, let holder, _) = error as? WriteError else { return XCTFail("\(error)") }
            XCTAssertEqual(output, site.url.path)
            XCTAssertTrue(holder.hasPrefix("process \(getpid()): "), holder)
            let message = "\(error)"
            XCTAssertTrue(message.contains("another build (process \(getpid()): "), message)
            XCTAssertTrue(message.contains(CommandLine.arguments[0]), "the holder's command: \(message)")
            XCTAssertTrue(message.contains("build into another folder with -o"), message)
        }
        XCTAssertEqual(told.withLock { $0.map(\.processID) }, [getpid()], "told once that it waits, and for whom")
        first.release()
        XCTAssertNoThrow(try OutputLock(output: site.url, timeout: .zero).release(), "released, the next one gets it")
    }

    func testTheLockIsOnTheFolderSoNothingIsLeftInIt() throws {
        let folder = try TemporaryFolder()
        let site = folder.url.appendingPathComponent("new/site")
        let lock = try OutputLock(output: site)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: site.path), [], "made, and empty")
        lock.release()
    }

    func testABuildWaitsForTheOtherOneThenRuns() throws {
        let folder = try TemporaryFolder()
        try folder.write("photos/a.jpg", FakeImaging.photo(width: 300, height: 200))
        let output = folder.url.appendingPathComponent("site")
        let held = try OutputLock(output: output)
        let waited = Mutex(false)
        let builder = SiteBuilder(
            input: folder.url.appendingPathComponent("photos"), output: output,
            configuration: SiteConfiguration(images: SiteConfiguration.Images(formats: [])),
            run: RunOptions(jobs: 1, generator: "test"),
            theme: try Theme.defaults(), imaging: FakeImaging(), video: FakeVideo(), documents: YAMLDocumentParser(),
            markdown: CommonMarkRenderer())
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result<BuildReport, BuildError>?>(nil)
        DispatchQueue.global().async {
            let outcome = Result { () throws(BuildError) in
                try builder.build(waiting: { _ in waited.withLock { $0 = true } })
            }
            result.withLock { $0 = outcome }
            done.signal()
        }
        while !waited.withLock({ $0 }) && result.withLock({ $0 }) == nil { usleep(10_000) }
        XCTAssertTrue(waited.withLock { $0 }, "the build waited for the folder")
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        held.release()
        done.wait()
        let report = try XCTUnwrap(result.withLock { $0 }).get()
        XCTAssertEqual(report.photos, 1)
    }
}
