import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A site served over HTTP or HTTPS, read with URLSession: each file fetched whole with a
/// `GET` into a temporary file (unlinked at once, so nothing is left behind) and mapped into
/// memory as a folder's files are, redirects followed, every request bounded in time. A
/// video of gigabytes costs disk while it is read, not memory: held in memory, a 1 GiB
/// file took 2.1 GB and, under a 400 MB data limit (`ulimit -d`, a small server), ended
/// `verify` with SIGILL.
struct ServedSite: PublishedSite {
    /// The site's URL, ending in `/`.
    let url: String
    let session: URLSession
    var name: String { url }
    var servedURL: String? { url }

    /// - Parameter timeout: the most one request may take.
    init(url: String, timeout: TimeInterval = 20) {
        self.url = url.hasSuffix("/") ? url : url + "/"
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 3
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 4
        session = URLSession(configuration: configuration)
    }

    func inventory() -> SiteInventory? { nil }

    /// The file's URL: the site's, then the path, each segment percent-encoded.
    func address(of path: PublishedPath) -> URL? {
        let segments = path.description.split(separator: "/", omittingEmptySubsequences: false)
        return URL(string: url + segments.map { URLPath.encodeSegment(String($0)) }.joined(separator: "/"))
    }

    func withContents<Result>(of path: PublishedPath, _ body: (UnsafeRawBufferPointer) -> Result) -> SiteRead<Result> {
        guard let address = address(of: path) else { return .failed("not a URL") }
        let outcome = Fetch()
        let done = DispatchSemaphore(value: 0)
        let task = session.downloadTask(with: address) { file, response, error in
            // The download is kept open and removed from the disk at once: it lasts as long
            // as the descriptor, however `verify` ends.
            let descriptor = file.map { open($0.path, O_RDONLY | O_CLOEXEC) } ?? -1
            if let file { unlink(file.path) }
            outcome.set(descriptor: descriptor, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            done.signal()
        }
        task.resume()
        done.wait()
        let (descriptor, status, error) = outcome.get()
        defer { if descriptor >= 0 { close(descriptor) } }
        if let error { return .failed(error.localizedDescription) }
        switch status {
        case 200?:
            guard descriptor >= 0 else { return .failed("the download of \(address.absoluteString) cannot be opened") }
            return .mapping(descriptor, body)
        case 404?, 410?:
            return .missing
        case let code?:
            return .failed("HTTP \(code) for \(address.absoluteString)")
        case nil:
            return .failed("no HTTP response from \(address.absoluteString)")
        }
    }

    /// One request's result, handed from URLSession's queue to the waiting caller: the
    /// open download (-1 for none), the status and the error.
    final class Fetch: Sendable {
        private let state = Mutex<(Int32, Int?, String?)>((-1, nil, nil))

        func set(descriptor: Int32, status: Int?, error: (any Error)?) {
            state.withLock { $0 = (descriptor, status, error.map { ($0 as NSError).localizedDescription }) }
        }

        func get() -> (descriptor: Int32, status: Int?, error: ErrorText?) {
            state.withLock { ($0.0, $0.1, $0.2.map(ErrorText.init)) }
        }
    }

    struct ErrorText: Error {
        var localizedDescription: String
        init(_ text: String) { localizedDescription = text }
    }
}
