import Foundation
import TesseraTestSupport
import XCTest

@testable import TesseraCore
@testable import TesseraImaging

/// A worker that dies, hangs or is missing costs its photo alone, with a reason a person
/// understands; workers are kept between photos and replaced after one dies; a worker's
/// problem comes back as the problem it was. The workers here are small scripts standing in
/// for `tessera _imaging`; the release binary's own workers are tested end to end
/// (`ImagingWorkerBuildTests`), and the worker's side runs here in process on a socket.
final class ImagingWorkersTests: XCTestCase {
    private var folder: TemporaryFolder!
    private let budget = PixelBudget(megapixels: 100)
    private let info = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: 3, height: 2))

    override func setUpWithError() throws {
        folder = try TemporaryFolder()
    }

    /// Workers running `body` (a shell script), executable.
    private func workers(_ body: String, timeout: TimeInterval = 60) throws -> ImagingWorkers {
        try workers(running: "#!/bin/sh\n\(body)\n", named: "worker.sh", timeout: timeout)
    }

    /// Workers running `script` (a program's text, `#!` line first), written executable.
    private func workers(
        running script: String, named name: String, timeout: TimeInterval = 60
    ) throws
        -> ImagingWorkers
    {
        let url = try folder.write("\(UUID().uuidString)-\(name)", Array(script.utf8))
        XCTAssertEqual(chmod(url.path, 0o755), 0)
        return ImagingWorkers(executable: url, timeout: timeout)
    }

    /// Workers in Python that frame requests and answers as `tessera _imaging` does: `setup`
    /// runs once; for each request, `respond` (statements; `count` is the request's number,
    /// from 1) sets `answer`, the JSON sent back, with no bytes after it.
    private func pythonWorkers(setup: String = "", respond: String) throws -> ImagingWorkers {
        let body = respond.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
        let script = """
            #!/usr/bin/env python3
            import base64, json, os, signal, struct
            \(setup)
            def read(n):
                data = b""
                while len(data) < n:
                    chunk = os.read(0, n - len(data))
                    if not chunk:
                        raise SystemExit(0)
                    data += chunk
                return data
            count = 0
            while True:
                (length,) = struct.unpack("<Q", read(8))
                read(length)
                count += 1
            \(body)
                os.write(1, struct.pack("<Q", len(answer)) + answer + struct.pack("<Q", 0))

            """
        return try workers(running: script, named: "worker.py")
    }

    /// Workers that answer every request with `info`, write their process id to `log` when
    /// they start, and die of SIGSEGV on their `crashAt`th request.
    private func answering(log: URL, crashAt: Int = 0) throws -> ImagingWorkers {
        let answer = try JSONEncoder().encode(ImagingWorkerMessage.Answer(info: info)).base64EncodedString()
        return try pythonWorkers(
            setup: """
                with open("\(log.path)", "a") as log:
                    log.write(f"{os.getpid()}\\n")
                """,
            respond: """
                if count == \(crashAt):
                    os.kill(os.getpid(), signal.SIGSEGV)
                answer = base64.b64decode("\(answer)")
                """)
    }

    private func problem(_ workers: ImagingWorkers, format: MediaFormat = .dng) -> PhotoProblem? {
        do {
            _ = try workers.inspect(
                folder.url.appendingPathComponent("a.\(format.rawValue)"), format: format, budget: budget)
            return nil
        } catch {
            return error
        }
    }

    /// What the pipeline in this process says of a missing file of `format`.
    private func problem(here format: MediaFormat) -> PhotoProblem? {
        do {
            _ = try ImagePipeline().inspect(
                folder.url.appendingPathComponent("a.\(format.rawValue)"), format: format, budget: budget)
            return nil
        } catch {
            return error
        }
    }

    private func started(_ log: URL) throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func testAWorkerKilledByASignalSkipsThePhotoSayingWhatCrashed() throws {
        let crashing = try workers("head -c 1 >/dev/null; kill -SEGV $$")
        XCTAssertEqual(
            problem(crashing)?.description,
            "corrupt DNG: LibRaw crashed reading it (signal 11): it is damaged, or made to harm raw readers")
        XCTAssertEqual(
            problem(crashing, format: .jpeg)?.description,
            "corrupt JPEG: its decoder crashed reading it (signal 11): it is damaged, or made to harm image readers")
    }

    func testAWorkerStillAtItAfterItsTimeIsStopped() throws {
        let started = Date()
        let reason = try XCTUnwrap(problem(try workers("exec sleep 60", timeout: 1), format: .png))
        XCTAssertTrue(reason.description.contains("its decoder was still reading it after 1 s"), reason.description)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "stopped, not waited for")
    }

    func testAWorkerThatEndsWithoutAnAnswerIsAProblemNotACrash() throws {
        let silent = try XCTUnwrap(problem(try workers("head -c 1 >/dev/null; exit 3")))
        XCTAssertEqual(
            silent.description,
            "corrupt DNG: LibRaw crashed reading it (exit status 3): it is damaged, or made to harm raw readers")
    }

    /// Where no worker can be started at all, the libraries answer in this process, as a
    /// worker would have, and the reason is kept for the build's note.
    func testWithoutWorkersTheImagesAreMadeInThisProcess() throws {
        let workers = ImagingWorkers(executable: folder.url.appendingPathComponent("no-such-tessera"))
        let photo = try folder.write(
            "a.jpg",
            try LibGDSamplePainter().paintSample(
                uprightSize: PixelSize(width: 300, height: 200), label: "a", hue: 0.4, orientation: .left))
        let here = ImagePipeline()
        XCTAssertNil(workers.unavailableReason)
        let info = try workers.inspect(photo, format: .jpeg, budget: budget)
        XCTAssertEqual(info, try here.inspect(photo, format: .jpeg, budget: budget))
        let reason = try XCTUnwrap(workers.unavailableReason)
        XCTAssertTrue(reason.contains("no-such-tessera: No such file or directory"), reason)
        let renditions = [Rendition(role: .display, path: "a.jpg", size: info.uprightSize, format: .jpeg)]
        XCTAssertEqual(
            try workers.makeRenditions(
                of: photo, info: info, renditions: renditions, request: RenditionRequest(), budget: budget
            ).images,
            try here.makeRenditions(
                of: photo, info: info, renditions: renditions, request: RenditionRequest(), budget: budget
            ).images)
        XCTAssertEqual(problem(workers, format: .png), problem(here: .png))
    }

    /// One worker answers photo after photo; one that dies is replaced for the next photo,
    /// which is made as if nothing had happened.
    func testWorkersAreKeptBetweenPhotosAndReplacedAfterOneDies() throws {
        let log = folder.url.appendingPathComponent("started.log")
        let workers = try answering(log: log, crashAt: 3)
        let photo = folder.url.appendingPathComponent("a.jpg")
        for _ in 0..<2 {
            XCTAssertEqual(try workers.inspect(photo, format: .jpeg, budget: budget), info)
        }
        XCTAssertEqual(try started(log).count, 1, "one worker for two photos")
        XCTAssertThrowsError(try workers.inspect(photo, format: .jpeg, budget: budget)) { error in
            XCTAssertTrue("\(error)".contains("crashed reading it (signal 11)"), "\(error)")
        }
        XCTAssertEqual(try workers.inspect(photo, format: .jpeg, budget: budget), info, "a new worker")
        XCTAssertEqual(try started(log).count, 2)
        workers.stop()
    }

    /// A worker holds no descriptor of the build's but its socket and standard error: one
    /// that kept a copy of the pipe of an ffprobe started meanwhile (Foundation makes those
    /// without close-on-exec) kept that pipe from ending, and the build waited for ever.
    func testAWorkerInheritsNoDescriptorOfTheBuild() throws {
        var pipe: [Int32] = [-1, -1]
        XCTAssertEqual(Glibc.pipe(&pipe), 0)
        defer { pipe.forEach { close($0) } }
        XCTAssertEqual(fcntl(pipe[1], F_GETFD) & FD_CLOEXEC, 0, "a descriptor any child would inherit")
        // A worker that answers with the descriptors it has open, as notes.
        let workers = try pythonWorkers(
            respond: """
                answer = json.dumps({"imageLengths": [], "notes": sorted(os.listdir("/proc/self/fd"))}).encode()
                """)
        defer { workers.stop() }

        let open = try workers.makeRenditions(
            of: folder.url.appendingPathComponent("a.jpg"), info: info, renditions: [], request: RenditionRequest(),
            budget: budget
        ).notes
        XCTAssertTrue(open.contains("0") && open.contains("1") && open.contains("2"), "\(open)")
        XCTAssertFalse(open.contains(String(pipe[1])), "the build's pipe \(pipe[1]) reached the worker: \(open)")
        XCTAssertFalse(open.contains(String(pipe[0])), "\(open)")
    }

    /// A worker's answer is another process's word, and a hostile photo may have taken that
    /// process over: a size no photo has is refused as a read in this process refuses it,
    /// and image lengths that do not add up to the bytes sent (or would overflow when added)
    /// cost the photo, never the build.
    func testAWorkersAnswerThatLiesCostsThePhotoNotTheBuild() throws {
        let photo = folder.url.appendingPathComponent("a.jpg")
        for (size, shown) in [((0, 5), "0×5"), ((1 << 40, 1 << 40), "1099511627776×1099511627776")] {
            let lie = PhotoInfo(format: .jpeg, storedSize: PixelSize(width: size.0, height: size.1))
            let answer = try JSONEncoder().encode(ImagingWorkerMessage.Answer(info: lie)).base64EncodedString()
            let workers = try pythonWorkers(respond: "answer = base64.b64decode(\"\(answer)\")")
            defer { workers.stop() }
            XCTAssertThrowsError(try workers.inspect(photo, format: .jpeg, budget: budget)) { error in
                XCTAssertEqual("\(error)", "corrupt JPEG: the header gives an impossible size, \(shown)")
            }
        }

        let renditions = [
            Rendition(role: .display, path: "a.jpg", size: PixelSize(width: 3, height: 2), format: .jpeg),
            Rendition(role: .thumbnail, path: "a.thumb.jpg", size: PixelSize(width: 3, height: 2), format: .jpeg),
        ]
        for lengths in ["[\(Int.max), 1]", "[-1, 1]", "[0, 0, 0]", "[1, 0]"] {
            let workers = try pythonWorkers(respond: "answer = b'{\"imageLengths\": \(lengths), \"notes\": []}'")
            defer { workers.stop() }
            XCTAssertThrowsError(
                try workers.makeRenditions(
                    of: photo, info: info, renditions: renditions, request: RenditionRequest(), budget: budget)
            ) { error in
                XCTAssertEqual("\(error)", "corrupt JPEG: the imaging worker's images are not whole", lengths)
            }
        }
        XCTAssertEqual(ImagingWorkers.images([2, 0, 1], in: [7, 8, 9]), [[7, 8], [], [9]])
    }

    /// The worker's side on a real socket, in this process: a photo inspected and made
    /// through the framing comes back as the pipeline makes it here, and a photo the pipeline
    /// refuses comes back as the same problem.
    func testTheWorkersSideAnswersAsThePipelineInProcess() throws {
        let jpeg = try LibGDSamplePainter().paintSample(
            uprightSize: PixelSize(width: 300, height: 200), label: "a", hue: 0.2, orientation: .right)
        let photo = try folder.write("a.jpg", jpeg)
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends), 0)
        let workerEnd = ends[1]
        let worker = Thread {
            ImagingWorkerMessage.serve(input: workerEnd, output: workerEnd)
            close(workerEnd)
        }
        worker.start()
        defer { close(ends[0]) }

        func ask(_ request: ImagingWorkerMessage.Request) throws -> (ImagingWorkerMessage.Answer, [UInt8]) {
            XCTAssertTrue(Frame.send(Frame.encode(Array(try JSONEncoder().encode(request))), to: ends[0]))
            let json = try XCTUnwrap(Frame.receive(from: ends[0], limit: 1 << 30), "an answer")
            let payload = try XCTUnwrap(Frame.receive(from: ends[0], limit: 1 << 30), "its bytes")
            return (try JSONDecoder().decode(ImagingWorkerMessage.Answer.self, from: Data(json)), payload)
        }

        let pipeline = ImagePipeline()
        let expected = try pipeline.inspect(photo, format: .jpeg, budget: budget)
        let (inspected, _) = try ask(.inspect(path: photo.path, format: .jpeg, budget: budget))
        XCTAssertEqual(inspected.info, expected)
        XCTAssertEqual(expected.uprightSize, PixelSize(width: 300, height: 200))

        let renditions = [
            Rendition(role: .display, path: "a.jpg", size: PixelSize(width: 300, height: 200), format: .jpeg),
            Rendition(role: .thumbnail, path: "a.thumb.avif", size: PixelSize(width: 150, height: 100), format: .avif),
        ]
        let (made, payload) = try ask(
            .render(
                path: photo.path, info: expected, renditions: renditions, request: RenditionRequest(), budget: budget))
        let images = try pipeline.makeRenditions(
            of: photo, info: expected, renditions: renditions, request: RenditionRequest(), budget: budget
        ).images
        XCTAssertEqual(made.imageLengths, images.map(\.count))
        XCTAssertEqual(payload, images.flatMap { $0 }, "the same bytes as in process")

        let missing = folder.url.appendingPathComponent("missing.png")
        let (refused, _) = try ask(.inspect(path: missing.path, format: .png, budget: budget))
        XCTAssertThrowsError(try pipeline.inspect(missing, format: .png, budget: budget)) { error in
            XCTAssertEqual(refused.problem, error as? PhotoProblem)
        }
        XCTAssertEqual(
            ImagingWorkerMessage.respond(to: Array("not json".utf8), with: pipeline).0.problem,
            .unsupported("an imaging worker request it cannot read"))
    }
}
