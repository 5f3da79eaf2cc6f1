import Foundation
import Synchronization
import TesseraCore

/// The image work done in worker processes, so that a C library crashing on a file costs
/// that photo alone, never the build.
///
/// Every photo's header and pixels pass through C libraries (libjpeg-turbo, libpng, libgd
/// with libtiff and libwebp, libheif with libde265, LibRaw, libexif, exempi, libiptcdata),
/// and a crafted file can make one of them read through a wild pointer: `make test`'s
/// fuzzing found a 406-byte TIFF that does it to LibRaw 0.20 (Debian 12's). A crash inside a
/// C library cannot be caught, so the build hands each call of the `ImageProcessing` port to
/// a worker: the running `tessera` binary as `tessera _imaging` (`command`), which keeps an
/// `ImagePipeline` and answers requests until the build closes its socket. A worker that
/// dies, or is still at one photo after `timeout`, makes that photo skipped with the reason;
/// the next photo gets a new worker. Workers are kept between photos (one per photo being
/// made at once), so a build starts about one per `--jobs`.
///
/// Without workers (tests and fuzz targets that call `ImagePipeline`, or no `/proc`) the
/// libraries run in the calling process; so does every call after a worker could not be
/// started at all (a system that forbids running the binary again), which
/// `unavailableReason` then says.
package final class ImagingWorkers: ImageProcessing {
    /// The hidden subcommand a worker runs as: `tessera _imaging`.
    package static let command = "_imaging"

    /// The executable that answers `command`.
    package let executable: URL
    /// How long one call may take before its worker is stopped: a 100 MP photo is made in
    /// seconds.
    let timeout: TimeInterval
    /// Workers waiting for a call.
    private let idle = Mutex<[WorkerProcess]>([])
    /// Why no worker could be started, once one could not; calls are then answered here.
    private let unstartable = Mutex<String?>(nil)
    /// What answers calls when no worker can be started.
    private let inProcess = ImagePipeline()

    package init(executable: URL, timeout: TimeInterval = 300) {
        self.executable = executable
        self.timeout = timeout
    }

    /// Workers running this process's own executable (Linux's `/proc/self/exe`); nil where
    /// `/proc` is not mounted, and the libraries then run in process.
    package static var runningExecutable: ImagingWorkers? {
        let executable = "/proc/self/exe"
        guard FileManager.default.isExecutableFile(atPath: executable) else { return nil }
        return ImagingWorkers(executable: URL(fileURLWithPath: executable))
    }

    /// A worker's side of the conversation, on standard input and output: answers until the
    /// build closes them. A worker whose build was killed (its parent gone) leaves within a
    /// second even if a library is stuck in a loop on its photo.
    package static func serve() {
        let build = getppid()
        let watch = DispatchSource.makeTimerSource(queue: .global())
        watch.schedule(deadline: .now() + 1, repeating: 1)
        watch.setEventHandler {
            if getppid() != build { _exit(0) }
        }
        watch.resume()
        ImagingWorkerMessage.serve()
        watch.cancel()
    }

    /// Why no worker could be started, when one could not (`posix_spawn`'s reason): the
    /// images were made in this process since, without a worker's protection.
    package var unavailableReason: String? {
        unstartable.withLock { $0 }
    }

    /// Ends every waiting worker and waits for it, so that no worker outlives the command
    /// and the time they spent is counted as this process's children's (`time tessera …`).
    package func stop() {
        for worker in idle.withLock({ workers in
            defer { workers = [] }
            return workers
        }) { worker.stop() }
    }

    deinit {
        stop()
    }

    package func inspect(_ file: URL, format: MediaFormat, budget: PixelBudget) throws(PhotoProblem) -> PhotoInfo {
        let (answer, _) = try ask(.inspect(path: file.path, format: format, budget: budget), format: format)
        guard let info = answer.info else { throw .corrupt(format, detail: "the imaging worker gave no answer") }
        // A worker is another process, possibly one a hostile photo has taken over: its
        // answer is held to the rules a read in this process keeps.
        try ImagePipeline.check(info.storedSize, format: format, budget: budget)
        return info
    }

    package func makeRenditions(
        of file: URL, info: PhotoInfo, renditions: [Rendition], request: RenditionRequest, budget: PixelBudget
    ) throws(PhotoProblem) -> (images: [[UInt8]], notes: [String]) {
        let (answer, payload) = try ask(
            .render(path: file.path, info: info, renditions: renditions, request: request, budget: budget),
            format: info.format)
        guard let lengths = answer.imageLengths, lengths.count == renditions.count,
            let images = Self.images(lengths, in: payload)
        else { throw .corrupt(info.format, detail: "the imaging worker's images are not whole") }
        return (images, answer.notes)
    }

    /// `payload` cut into images of `lengths` bytes, one after another; nil unless they
    /// fill it exactly. The lengths are a worker's word, checked without arithmetic that
    /// could overflow.
    static func images(_ lengths: [Int], in payload: [UInt8]) -> [[UInt8]]? {
        var images: [[UInt8]] = []
        var start = 0
        for length in lengths {
            guard length >= 0, length <= payload.count - start else { return nil }
            images.append(Array(payload[start..<start + length]))
            start += length
        }
        return start == payload.count ? images : nil
    }

    package func exifBlock(ofHEIF file: URL) -> [UInt8]? {
        guard let (answer, payload) = try? ask(.exif(path: file.path), format: .heif), answer.hasEXIF == true
        else { return nil }
        return payload
    }

    /// In this process: zlib's streaming inflate is bounded by the limit and holds no state
    /// beyond the call.
    package func inflatePNGText(_ zlib: UnsafeRawBufferPointer, limit: Int) -> [UInt8]? {
        PNGTextInflation.inflate(zlib, limit: limit)
    }

    /// Has a worker answer `request`: an idle one, or a new one.
    private func ask(
        _ request: ImagingWorkerMessage.Request, format: MediaFormat
    ) throws(PhotoProblem) -> (ImagingWorkerMessage.Answer, [UInt8]) {
        let worker: WorkerProcess
        if let waiting = idle.withLock({ $0.popLast() }) {
            worker = waiting
        } else if unavailableReason != nil {
            return try answeredHere(request)
        } else {
            do {
                worker = try WorkerProcess.start(executable, arguments: [Self.command])
            } catch {
                unstartable.withLock { $0 = $0 ?? "\(executable.path): \(error.reason)" }
                return try answeredHere(request)
            }
        }
        let bytes = (try? JSONEncoder().encode(request)).map { [UInt8]($0) } ?? []
        switch worker.exchange(bytes, timeout: timeout) {
        case .overdue:
            throw .corrupt(
                format,
                detail: "\(Self.reader(of: format)) was still reading it after \(Int(timeout)) s, so it was stopped")
        case .ended(let ending):
            // A worker always answers; one that ended without a whole answer died in a C
            // library: by a signal, or (built with AddressSanitizer) by exiting after the
            // sanitizer's report.
            throw .corrupt(format, detail: Self.crash(of: format, ending: ending))
        case .answered(let json, let payload):
            guard let answer = try? JSONDecoder().decode(ImagingWorkerMessage.Answer.self, from: Data(json)) else {
                let ending = worker.stop(killing: true)
                throw .corrupt(format, detail: Self.crash(of: format, ending: ending))
            }
            idle.withLock { $0.append(worker) }
            if let problem = answer.problem { throw problem }
            return (answer, payload)
        }
    }

    /// `request` answered by the libraries in this process, as a worker would have.
    private func answeredHere(
        _ request: ImagingWorkerMessage.Request
    ) throws(PhotoProblem) -> (ImagingWorkerMessage.Answer, [UInt8]) {
        let (answer, payload) = ImagingWorkerMessage.respond(to: request, with: inProcess)
        if let problem = answer.problem { throw problem }
        return (answer, payload)
    }

    /// What read a file of `format`, for messages: LibRaw for a camera raw.
    static func reader(of format: MediaFormat) -> String {
        format.kind == .raw ? "LibRaw" : "its decoder"
    }

    /// Why a photo is skipped when its worker ended without an answer.
    static func crash(of format: MediaFormat, ending: String) -> String {
        let readers = format.kind == .raw ? "raw readers" : "image readers"
        return "\(reader(of: format)) crashed reading it (\(ending)): it is damaged, or made to harm \(readers)"
    }
}

extension ImagingWorkers: Hashable {
    /// One pool is one set of processes: two are equal when they are the same pool.
    package static func == (a: ImagingWorkers, b: ImagingWorkers) -> Bool { a === b }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
