import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A site served over HTTP or HTTPS, read with URLSession: each file fetched whole with a
/// `GET` into a temporary file (unlinked at once, so nothing is left behind:
/// `ServedDownloads`) and mapped into
/// memory as a folder's files are, redirects followed. A video of gigabytes costs disk
/// while it is read, not memory: held in memory, a 1 GiB file took 2.1 GB and, under a
/// 400 MB data limit (`ulimit -d`, a small server), ended `verify` with SIGILL.
///
/// A file is read to its end however long that takes, as long as the server keeps
/// sending: only a silence of `timeout` seconds gives up on it (a video of gigabytes over a
/// home connection takes many minutes). A body received faster than it is written to disk
/// waits at the socket, not in memory (`DeliveryQueue`).
struct ServedSite: PublishedSite {
    /// The site's URL, ending in `/`.
    let url: String
    let session: URLSession
    /// The session's delegate, which keeps each download and follows redirects.
    let downloads = ServedDownloads()
    /// The longest the server may send nothing before a file is given up on.
    let timeout: TimeInterval
    var name: String { url }
    var servedURL: String? { url }

    /// - Parameter timeout: the longest the server may send nothing, in seconds.
    init(url: String, timeout: TimeInterval = 20) {
        // Written with a space or accents, as a browser's address bar takes it: the file
        // paths added to it are encoded, so it must be too. The home page's own address
        // (`…/index.html`) names its folder.
        var folder = URLPath.encodeBase(url)
        if let page = URL(string: folder), page.pathExtension == "html" {
            folder = page.deletingLastPathComponent().absoluteString
        }
        self.url = folder.hasSuffix("/") ? folder : folder + "/"
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // An idle limit: URLSession starts it again with every piece of data received.
        configuration.timeoutIntervalForRequest = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = ServedDownloads.connections
        session = URLSession(configuration: configuration, delegate: downloads, delegateQueue: downloads.queue)
    }

    func inventory() -> SiteInventory? { nil }

    /// The file's URL: the site's, then the path, each segment percent-encoded.
    func address(of path: PublishedPath) -> URL? {
        let segments = path.description.split(separator: "/", omittingEmptySubsequences: false)
        return URL(string: url + segments.map { URLPath.encodeSegment(String($0)) }.joined(separator: "/"))
    }

    func withContents<Result>(of path: PublishedPath, _ body: (UnsafeRawBufferPointer) -> Result) -> SiteRead<Result> {
        guard let address = address(of: path) else { return .failed("not a URL") }
        let outcome = downloads.fetch(address, with: session)
        let descriptor = outcome.descriptor
        defer { if descriptor >= 0 { close(descriptor) } }
        if let error = outcome.error {
            return .failed(
                error.timedOut
                    ? "the server sent nothing for \(Int(timeout)) s while \(address.absoluteString) was read (timed out); is it overloaded? try again"
                    : error.localizedDescription)
        }
        switch outcome.status {
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
}
