import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// A raw worker that dies, hangs or is missing costs its photo alone, with a reason a person
/// understands; a worker's problem comes back as the problem it was. The workers here are
/// small shell scripts standing in for `tessera _raw`; the release binary's own workers are
/// tested end to end (`RawWorkerBuildTests`).
final class RawWorkerTests: XCTestCase {
    private var folder: TemporaryFolder!
    private let budget = PixelBudget(megapixels: 100)

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    /// A worker script running `body`, executable.
    private func worker(_ body: String, timeout: TimeInterval = 60) throws -> RawWorker {
        let script = folder.url.appendingPathComponent("worker-\(UUID().uuidString).sh")
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: script)
        XCTAssertEqual(chmod(script.path, 0o755), 0)
        return RawWorker(executable: script, timeout: timeout)
    }

    private func problem(_ worker: RawWorker) -> PhotoProblem? {
        do {
            _ = try worker.inspect(folder.url.appendingPathComponent("a.dng"), format: .dng, budget: budget)
            return nil
        } catch {
            return error
        }
    }

    func testAWorkerKilledByASignalSkipsThePhotoSayingLibRawCrashed() throws {
        let reason = try XCTUnwrap(problem(try worker("cat >/dev/null; kill -SEGV $$")))
        XCTAssertEqual(
            reason.description,
            "corrupt DNG: LibRaw crashed reading it (signal 11): it is damaged, or made to harm raw readers")
    }

    func testAWorkerStillAtItAfterItsTimeIsStopped() throws {
        let started = Date()
        let reason = try XCTUnwrap(problem(try worker("exec sleep 60", timeout: 1)))
        XCTAssertTrue(reason.description.contains("LibRaw was still reading it after 1 s"), reason.description)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "stopped, not waited for")
    }

    func testAWorkerThatEndsWithoutAnAnswerOrCannotStartIsAProblemNotACrash() throws {
        let silent = try XCTUnwrap(problem(try worker("cat >/dev/null; exit 3")))
        XCTAssertEqual(
            silent.description,
            "corrupt DNG: LibRaw crashed reading it (exit status 3): it is damaged, or made to harm raw readers")
        let missing = try XCTUnwrap(
            problem(RawWorker(executable: folder.url.appendingPathComponent("no-such-tessera"))))
        XCTAssertTrue(missing.description.hasPrefix("cannot read file: the raw worker"), missing.description)
    }

    /// The worker's side, in process: a raw that cannot be read comes back as the problem
    /// LibRaw in process gives, through the answer's framing.
    func testAWorkersProblemComesBackAsItWas() throws {
        let missing = folder.url.appendingPathComponent("missing.nef")
        let request = RawWorker.Request(path: missing.path, format: .nef, budget: budget)
        let (answer, samples) = try XCTUnwrap(
            RawWorker.split(RawWorker.answer(Array(try JSONEncoder().encode(request)))))
        XCTAssertEqual(samples, [])
        let expected: PhotoProblem
        do {
            _ = try ImagePipeline.inspectRawInProcess(missing, format: .nef, budget: budget)
            return XCTFail("a missing file was read")
        } catch {
            expected = error
        }
        XCTAssertEqual(answer.problem, expected)

        let (garbled, _) = try XCTUnwrap(RawWorker.split(RawWorker.answer(Array("not json".utf8))))
        XCTAssertEqual(garbled.problem, .unsupported("a raw worker request it cannot read"))
        XCTAssertNil(RawWorker.split([1, 2, 3]), "a cut answer is no answer")
    }
}
