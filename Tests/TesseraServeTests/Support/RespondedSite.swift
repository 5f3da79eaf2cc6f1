import Foundation
import Glibc
import TesseraTestSupport

@testable import TesseraServe

/// The same folder as `ServedSite` (`site/` beside `secret.txt`), answered by the
/// `SiteResponder` a server with that configuration uses, without a socket: a request's
/// rules (types, index pages, methods, validators, ranges, refused paths) are checked
/// without libmicrohttpd. What the socket adds (Content-Length, HEAD's missing body, the
/// query string cut off, connections) is `ServedSite`'s.
final class RespondedSite: SiteUnderTest {
    /// The local port requests "arrive on"; `Host` names it.
    static let port: UInt16 = 8000

    let folder: TemporaryFolder
    let responder: SiteResponder
    let site: URL

    /// - Parameter name: the served folder's own name, beside `secret.txt`.
    init(
        files: [String: [UInt8]], name: String = "site",
        configure: (inout PreviewServer.Configuration) -> Void = { _ in }
    ) throws {
        folder = try TemporaryFolder()
        site = folder.url.appendingPathComponent(name)
        try folder.write("secret.txt", Array(ServedSite.secret.utf8))
        try folder.folder(name)
        for (path, bytes) in files { try folder.write(name + "/" + path, bytes) }
        var configuration = PreviewServer.Configuration(root: site)
        configure(&configuration)
        responder = try SiteResponder(configuration)
    }

    deinit { responder.hub?.close() }

    func get(_ path: String, method: String, headers: [String: String]) throws -> RawResponse {
        var sent = ["host": "127.0.0.1:\(Self.port)"]
        for (name, value) in headers { sent[name.lowercased()] = value }
        let reply = responder.reply(method: method, escapedPath: path, port: Self.port) { sent[$0.lowercased()] }
        var received: [String: String] = [:]
        for header in reply.headers { received[header.name.lowercased()] = header.value }
        return RawResponse(status: Int(reply.status), headers: received, body: try Self.bytes(of: reply.body))
    }

    /// The bytes a body holds, read as the server would send them.
    private static func bytes(of body: Reply.Body) throws -> [UInt8] {
        switch body {
        case .empty, .events:
            return []
        case .bytes(let bytes):
            return bytes
        case .file(let descriptor, let offset, let length):
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: Int(length))
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
            guard read == Int(length) else {
                throw UnreadBody(description: "read \(read) of \(length) bytes of a file body")
            }
            return bytes
        case .page(let page):
            var bytes = [UInt8](repeating: 0, count: Int(page.size))
            var position = 0
            while position < bytes.count {
                let read = bytes[position...].withUnsafeMutableBytes { page.read(at: UInt64(position), into: $0) }
                guard let read, read > 0 else {
                    throw UnreadBody(description: "a page body stopped at byte \(position)")
                }
                position += read
            }
            return bytes
        }
    }

    /// A body that could not be read whole.
    struct UnreadBody: Error, CustomStringConvertible {
        var description: String
    }
}
