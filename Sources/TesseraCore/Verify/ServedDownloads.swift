import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession's delegate for `ServedSite`: each response's body goes into a temporary file
/// of its own, unlinked the moment it is made, so nothing is left in the temporary folder
/// however a request ends; and redirects are followed as the address that answered says.
/// (URLSession's download tasks kept their file there when a request failed: a video cut
/// off halfway left all it had received, hundreds of megabytes, for good.)
///
/// At most `connections` requests are under way at once, the others waiting here rather
/// than in libcurl's queue, where URLSession's idle limit ran for a request that had not
/// started: on a loaded machine, behind a video of a gigabyte, a small file "timed out".
final class ServedDownloads: NSObject, URLSessionDataDelegate, Sendable {
    /// The most requests under way at once, and the session's connections to its host.
    static let connections = 4
    /// The most pieces of bodies received and not yet written (`DeliveryQueue`).
    static let piecesWaiting = 64
    /// What a request ended with.
    struct Outcome: Sendable {
        /// The body's file, open for reading, which the receiver closes; -1 for none.
        var descriptor: Int32
        var status: Int?
        var error: ErrorText?
    }

    /// What a failed request says: libcurl's sentence where it gives one ("Could not
    /// resolve host: …"), and whether it was URLSession's idle limit, whose own text is only
    /// "NSURLErrorDomain error -1001".
    struct ErrorText: Error, Sendable {
        var localizedDescription: String
        var timedOut = false

        init(_ error: NSError) {
            localizedDescription = error.localizedDescription
            timedOut = error.domain == NSURLErrorDomain && error.code == NSURLErrorTimedOut
        }

        init(_ text: String) { localizedDescription = text }
    }

    /// A request under way: the file its body goes to, what went wrong writing it, and
    /// who waits for its end.
    private struct Download: Sendable {
        var descriptor: Int32
        var writeFailure: String?
        var finished: Waiting
    }

    /// One request's outcome, handed from URLSession's queue to the caller waiting for it.
    private final class Waiting: Sendable {
        private let outcome = Mutex<Outcome?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ result: Outcome) {
            outcome.withLock { $0 = result }
            done.signal()
        }

        func wait() -> Outcome {
            done.wait()
            return outcome.withLock { $0 } ?? Outcome(descriptor: -1)
        }
    }

    private let underWay = Mutex<[Int: Download]>([:])
    private let slots = DispatchSemaphore(value: connections)

    /// The queue for the session's delegate calls: a bounded one, so that a body received
    /// faster than it is written waits at the socket, not in memory.
    let queue = DeliveryQueue(limit: piecesWaiting)

    /// Fetches `address` whole through `session` (whose delegate this is) and waits for the
    /// end of it.
    func fetch(_ address: URL, with session: URLSession) -> Outcome {
        guard let descriptor = Self.unlinkedFile() else {
            let folder = FileManager.default.temporaryDirectory.path
            return Outcome(
                descriptor: -1,
                error: ErrorText("no temporary file can be made in \(folder): \(String(cString: strerror(errno)))"))
        }
        slots.wait()
        defer { slots.signal() }
        let waiting = Waiting()
        let task = session.dataTask(with: address)
        underWay.withLock { $0[task.taskIdentifier] = Download(descriptor: descriptor, finished: waiting) }
        task.resume()
        return waiting.wait()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let download = underWay.withLock({ $0[dataTask.taskIdentifier] }), download.writeFailure == nil else {
            return
        }
        if let failure = Self.write(data, to: download.descriptor) {
            underWay.withLock { $0[dataTask.taskIdentifier]?.writeFailure = failure }
            // Not here: cancelling waits for URLSession's queue, which may be waiting for
            // this one to take a piece (`DeliveryQueue`).
            DispatchQueue.global().async { dataTask.cancel() }
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let download = underWay.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let failure = download.writeFailure.map(ErrorText.init) ?? error.map { ErrorText($0 as NSError) }
        download.finished.finish(
            Outcome(
                descriptor: download.descriptor, status: (task.response as? HTTPURLResponse)?.statusCode,
                error: failure))
    }

    /// Follows a redirect to where its `Location` says, resolved against the address that
    /// answered. URLSession on Linux drops a relative location's trailing slash (`/album/`
    /// became `/album`, which the host redirected to `/album/` again, until "too many HTTP
    /// redirects"), and hosts that serve `album/index.html` as `album/` (Cloudflare Pages)
    /// answer each album page so.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let location = response.value(forHTTPHeaderField: "Location"),
            let answered = response.url ?? task.currentRequest?.url,
            let target = URL(string: location, relativeTo: answered)?.absoluteURL
        else { return completionHandler(request) }
        var resolved = request
        resolved.url = target
        completionHandler(resolved)
    }

    /// A new file in the temporary folder, open for reading and writing, its name removed
    /// at once: it lasts as long as the descriptor, however `verify` ends.
    private static func unlinkedFile() -> Int32? {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-verify-XXXXXX").path
        var path = Array(template.utf8CString)
        let descriptor = path.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        unlink(path)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// Writes all of `data`; what went wrong otherwise (a full temporary folder).
    private static func write(_ data: Data, to descriptor: Int32) -> String? {
        data.withUnsafeBytes { FileSystem.writeAll($0, to: descriptor) }.map { reason in
            "the download cannot be kept in \(FileManager.default.temporaryDirectory.path): \(reason)"
        }
    }
}
