import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A site served over HTTP or HTTPS, read with URLSession: each file fetched whole with a
/// `GET`, redirects followed, every request bounded in time.
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
        let task = session.dataTask(with: address) { data, response, error in
            outcome.set(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
            done.signal()
        }
        task.resume()
        done.wait()
        let (data, status, error) = outcome.get()
        if let error { return .failed(error.localizedDescription) }
        switch status {
        case 200?:
            return .read((data ?? Data()).withUnsafeBytes { body($0) })
        case 404?, 410?:
            return .missing
        case let code?:
            return .failed("HTTP \(code) for \(address.absoluteString)")
        case nil:
            return .failed("no HTTP response from \(address.absoluteString)")
        }
    }

    /// One request's result, handed from URLSession's queue to the waiting caller.
    final class Fetch: Sendable {
        private let state = Mutex<(Data?, Int?, String?)>((nil, nil, nil))

        func set(data: Data?, status: Int?, error: (any Error)?) {
            state.withLock { $0 = (data, status, error.map { ($0 as NSError).localizedDescription }) }
        }

        func get() -> (data: Data?, status: Int?, error: ErrorText?) {
            state.withLock { ($0.0, $0.1, $0.2.map(ErrorText.init)) }
        }
    }

    struct ErrorText: Error {
        var localizedDescription: String
        init(_ text: String) { localizedDescription = text }
    }
}
