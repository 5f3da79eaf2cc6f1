import Foundation
import TesseraTestSupport

/// A served folder that tests send requests to: over a real connection (`ServedSite`) or
/// straight to the responder, without a socket (`RespondedSite`).
protocol SiteUnderTest {
    /// The temporary folder: `site/` (served) beside `secret.txt` (never served).
    var folder: TemporaryFolder { get }
    /// The folder served.
    var site: URL { get }
    /// The response to `method` on `path` (as sent, still escaped) with `headers`.
    func get(_ path: String, method: String, headers: [String: String]) throws -> RawResponse
}

extension SiteUnderTest {
    func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) throws -> RawResponse {
        try get(path, method: method, headers: headers)
    }
}
