import Foundation
import Synchronization
import TesseraCore

/// Reads and develops camera raws in a process of its own, so that LibRaw crashing on a
/// file costs that photo alone, never the build.
///
/// LibRaw 0.20 (Debian 12's) can be made to crash by a crafted file: `make test`'s fuzzing
/// found a 406-byte TIFF that makes `LibRaw::parse_tiff_ifd` read through a wild pointer.
/// A crash inside a C library cannot be caught, so the build's process hands each raw to
/// `executable` (the running `tessera` binary, as `tessera _raw`), which reads one request
/// on standard input, does the LibRaw work as the build would have (`RawFile`,
/// `RawPreview`) and writes its answer on standard output. A worker killed by a signal, or
/// still at it after `timeout`, makes the photo skipped with that reason.
///
/// Without a worker (tests and fuzz targets that call `ImagePipeline` in process) LibRaw
/// runs in the calling process.
package struct RawWorker: Sendable, Hashable {
    /// The hidden subcommand that answers one request: `tessera _raw`.
    package static let command = "_raw"

    /// The executable that answers `command`.
    package var executable: URL
    /// How long a worker may take before it is stopped: a 100 MP raw develops in seconds.
    var timeout: TimeInterval

    package init(executable: URL, timeout: TimeInterval = 300) {
        self.executable = executable
        self.timeout = timeout
    }

    /// This process's own executable (Linux's `/proc/self/exe`): what `tessera` runs its
    /// workers as; nil where `/proc` is not mounted, and LibRaw then runs in process.
    package static var runningExecutable: RawWorker? {
        let executable = "/proc/self/exe"
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        return RawWorker(executable: URL(fileURLWithPath: executable))
    }

    /// What a worker is asked to do with one raw.
    struct Request: Codable {
        var path: String
        var format: MediaFormat
        var budget: PixelBudget
        /// The size to decode for, upright; nil to read the header only.
        var covering: PixelSize?
    }

    /// A worker's answer, before the picture's samples.
    struct Answer: Codable {
        var info: PhotoInfo?
        var picture: PictureLayout?
        var notes: [String] = []
        /// Why the worker gave up, as LibRaw in process would have said it.
        var problem: PhotoProblem?
    }

    /// A decoded picture's planes, whose samples follow the answer, luma first.
    struct PictureLayout: Codable {
        var size: PixelSize
        var planes: [PixelSize]
        var stepAcross: Int
        var stepDown: Int
    }

    /// The raw's size, turn and camera notes, read by a worker.
    func inspect(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo {
        let (answer, _) = try ask(Request(path: file.path, format: format, budget: budget), format)
        guard let info = answer.info else { throw .corrupt(format, detail: "the raw worker gave no answer") }
        return info
    }

    /// The raw decoded by a worker as `PhotoDecoder.decode` decodes it, with its notes.
    func decode(
        _ file: URL, format: MediaFormat, covering target: PixelSize, budget: PixelBudget
    ) throws(PhotoProblem) -> (YCbCrImage, [String]) {
        let (answer, samples) = try ask(
            Request(path: file.path, format: format, budget: budget, covering: target), format)
        guard let layout = answer.picture, layout.planes.count == 1 || layout.planes.count == 3,
            layout.stepAcross > 0, layout.stepDown > 0,
            layout.planes.map { $0.width * $0.height }.reduce(0, +) == samples.count
        else { throw .corrupt(format, detail: "the raw worker's picture is not whole") }
        var planes: [SamplePlane] = []
        var start = 0
        for size in layout.planes {
            let count = size.width * size.height
            planes.append(
                SamplePlane(width: size.width, height: size.height, samples: Array(samples[start..<start + count])))
            start += count
        }
        let image = YCbCrImage(
            size: layout.size, luma: planes[0], chroma: Array(planes.dropFirst()),
            chromaStep: (layout.stepAcross, layout.stepDown))
        return (image, answer.notes)
    }

    /// Runs a worker on `request` and reads its answer and the samples after it.
    private func ask(_ request: Request, _ format: MediaFormat) throws(PhotoProblem) -> (Answer, [UInt8]) {
        let process = Process()
        process.executableURL = executable
        process.arguments = [Self.command]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw .unreadable("the raw worker \(executable.path) could not start: \(error.localizedDescription)")
        }
        let overdue = Overdue()
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if overdue.stop() { kill(pid, SIGKILL) }
        }
        let encoded = (try? JSONEncoder().encode(request)) ?? Data()
        try? input.fileHandleForWriting.write(contentsOf: encoded)
        try? input.fileHandleForWriting.close()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        let timedOut = !overdue.finish()
        if timedOut {
            throw .corrupt(format, detail: "LibRaw was still reading it after \(Int(timeout)) s, so it was stopped")
        }
        // A worker always answers; one that ended without a whole answer died in LibRaw: by a
        // signal, or (built with AddressSanitizer) by exiting after the sanitizer's report.
        guard process.terminationReason == .exit, let (answer, samples) = Self.split(bytes) else {
            let end =
                process.terminationReason == .uncaughtSignal
                ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
            throw .corrupt(
                format, detail: "LibRaw crashed reading it (\(end)): it is damaged, or made to harm raw readers")
        }
        if let problem = answer.problem { throw problem }
        return (answer, samples)
    }

    /// An answer's parts: its JSON after an 8-byte little-endian length, then the samples.
    static func split(_ bytes: [UInt8]) -> (Answer, [UInt8])? {
        guard bytes.count >= 8 else { return nil }
        let length = bytes[0..<8].enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        guard length >= 0, length <= bytes.count - 8,
            let answer = try? JSONDecoder().decode(Answer.self, from: Data(bytes[8..<8 + length]))
        else { return nil }
        return (answer, Array(bytes[(8 + length)...]))
    }

    /// The worker's side: answers one request (the bytes of standard input) in the format
    /// `split` reads, doing the LibRaw work in this process.
    package static func answer(_ request: [UInt8]) -> [UInt8] {
        var answer = Answer()
        var samples: [UInt8] = []
        do throws(PhotoProblem) {
            guard let request = try? JSONDecoder().decode(Request.self, from: Data(request)) else {
                throw .unsupported("a raw worker request it cannot read")
            }
            let file = URL(fileURLWithPath: request.path)
            if let target = request.covering {
                let image = try PhotoDecoder.decode(
                    file, format: request.format, covering: target, budget: request.budget,
                    note: { answer.notes.append($0) })
                let planes = [image.luma] + image.chroma
                answer.picture = PictureLayout(
                    size: image.size, planes: planes.map(\.size), stepAcross: image.chromaStep.across,
                    stepDown: image.chromaStep.down)
                samples = planes.flatMap(\.samples)
            } else {
                answer.info = try ImagePipeline.inspectRawInProcess(
                    file, format: request.format, budget: request.budget)
            }
        } catch {
            answer = Answer(problem: error)
            samples = []
        }
        let json = [UInt8]((try? JSONEncoder().encode(answer)) ?? Data())
        return (0..<8).map { UInt8(truncatingIfNeeded: json.count >> (8 * $0)) } + json + samples
    }

    /// Whether the worker finished or was stopped first: whichever settles it first wins.
    private final class Overdue: Sendable {
        private let settled = Mutex(false)

        /// The timeout's side: true when it comes first.
        func stop() -> Bool { settle() }
        /// The waiter's side: true when the worker finished first.
        func finish() -> Bool { settle() }

        private func settle() -> Bool {
            settled.withLock { done in
                if done { return false }
                done = true
                return true
            }
        }
    }
}
