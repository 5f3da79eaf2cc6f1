import Foundation
import TesseraTestSupport

@testable import TesseraServe

/// A temporary folder holding `site/` (served) beside `secret.txt` (never served), and a
/// running server on a free loopback port; everything goes away with the test.
final class ServedSite: SiteUnderTest {
    static let secret = "TOP-SECRET-BESIDE-THE-ROOT"

    let folder: TemporaryFolder
    let server: PreviewServer
    var site: URL { folder.url.appendingPathComponent("site") }
    var port: UInt16 { server.port }

    init(files: [String: [UInt8]], configure: (inout PreviewServer.Configuration) -> Void = { _ in }) throws {
        folder = try TemporaryFolder()
        try folder.write("secret.txt", Array(Self.secret.utf8))
        try folder.folder("site")
        for (path, bytes) in files { try folder.write("site/" + path, bytes) }
        var configuration = PreviewServer.Configuration(root: folder.url.appendingPathComponent("site"))
        configure(&configuration)
        server = try PreviewServer(configuration)
    }

    deinit { server.stop() }

    func get(_ path: String, method: String = "GET", headers: [String: String] = [:]) throws -> RawResponse {
        try RawConnection.request(port: port, method: method, path: path, headers: headers)
    }
}
