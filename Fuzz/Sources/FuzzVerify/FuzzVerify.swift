import FuzzSupport
import Synchronization

@testable import TesseraCore

/// `tessera verify --url` on a server that answers with a stranger's bytes: the input, cut
/// at zero bytes, is the home page, the page any other `.html` path gets, the bytes every
/// other file gets (stylesheets, images, videos) and the sitemap and feed. Runs the whole
/// verifier (HTML, CSS and `srcset` scanning, link resolution, the metadata readers, every
/// check) over that site, crawled as over HTTP. Checks that the crawl ends within the files
/// it may read and that every problem names a file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVerify(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let parts = FuzzInput(data, size).bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false)
        .map(Array.init)
    let site = FuzzedServer(parts: parts + [[UInt8]](repeating: [], count: max(0, 4 - parts.count)))
    var options = VerifyOptions(
        gzippedSize: { $0.count }, inflatePNGText: { bytes, limit in bytes.count <= limit ? Array(bytes) : nil })
    options.mostFiles = 30
    options.jobs = 1
    let report = SiteVerifier(site: site, options: options).verify()
    let requests = site.requests.load(ordering: .relaxed)
    // The crawl, then the private files asked for over HTTP.
    if requests > options.mostFiles + 4 {
        FuzzInput.violated("the crawl reads at most mostFiles files", "\(requests) requests")
    }
    if let nameless = report.problems.first(where: { $0.file.isEmpty }) {
        FuzzInput.violated("every problem names a file", nameless.message)
    }
    _ = report.summary
    return 0
}

/// A served site whose answers are the fuzzer's bytes.
final class FuzzedServer: PublishedSite {
    let parts: [[UInt8]]
    let requests = Atomic(0)
    var name: String { "http://127.0.0.1:8000/" }
    var servedURL: String? { name }

    init(parts: [[UInt8]]) {
        self.parts = parts
    }

    func inventory() -> SiteInventory? { nil }

    func withContents<Result>(of path: PublishedPath, _ body: (UnsafeRawBufferPointer) -> Result) -> SiteRead<Result> {
        requests.add(1, ordering: .relaxed)
        let text = path.description
        let bytes: [UInt8]
        if text == "index.html" {
            bytes = parts[0]
        } else if text == "sitemap.xml" || text == "feed.xml" {
            bytes = parts[3]
        } else if path.isHTML {
            bytes = parts[1]
        } else if text.hasPrefix(".") {
            return .missing
        } else {
            bytes = parts[2]
        }
        return .read(bytes.withUnsafeBytes(body))
    }
}
