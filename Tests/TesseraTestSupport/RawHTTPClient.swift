import Foundation
import Glibc
import Synchronization

/// A response as read off the wire.
package struct RawResponse {
    package let status: Int
    package let headers: [String: String]
    package let body: [UInt8]

    /// A response as read off a connection, or as a test makes one from a reply given
    /// without a socket; `headers` are keyed by their lowercased names.
    package init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package func header(_ name: String) -> String? { headers[name.lowercased()] }
    package var text: String { String(decoding: body, as: UTF8.self) }
}

package struct RawHTTPError: Error, CustomStringConvertible {
    package let description: String
}

/// A blocking TCP connection to the server under test, for requests URLSession would
/// normalise (`..`, `%00`, backslashes) and for byte-by-byte slow clients. Every read
/// gives up after `timeout`, so no test can hang.
package final class RawConnection: Sendable {
    private let socket: Int32
    /// Bytes read past the last response `receiveResponse` returned.
    private let unread = Mutex<[UInt8]>([])

    package init(port: UInt16, timeout: TimeInterval = 10) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawHTTPError(description: "socket() failed") }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw RawHTTPError(description: "cannot connect to port \(port)")
        }
    }

    deinit { close(socket) }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw RawHTTPError(description: "send failed") }
            sent += count
        }
    }

    /// Reads whatever arrives next (at most `capacity` bytes); empty at end of stream.
    package func receive(capacity: Int = 65536) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, capacity, 0) }
        guard count >= 0 else { throw RawHTTPError(description: "receive timed out or failed") }
        return Array(buffer[..<count])
    }

    /// Reads until the server closes the connection.
    package func receiveAll() throws -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = try receive()
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Reads until `marker` has arrived, and returns everything read.
    package func receive(until marker: String) throws -> String {
        var all: [UInt8] = []
        while !String(decoding: all, as: UTF8.self).contains(marker) {
            let chunk = try receive()
            if chunk.isEmpty { throw RawHTTPError(description: "closed before '\(marker)'") }
            all += chunk
        }
        return String(decoding: all, as: UTF8.self)
    }

    /// Sends one request with `Connection: close` and reads the whole response. The
    /// `Host` header names 127.0.0.1 and the port, as a browser's would, unless `headers`
    /// gives one.
    package static func request(
        port: UInt16, method: String = "GET", path: String, headers: [String: String] = [:]
    ) throws -> RawResponse {
        let connection = try RawConnection(port: port)
        var text = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.keys.contains(where: { $0.lowercased() == "host" }) { text += "Host: 127.0.0.1:\(port)\r\n" }
        text += "Connection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        try connection.send(text + "\r\n")
        return try parse(connection.receiveAll(), isHead: method == "HEAD")
    }

    /// Reads exactly one response with a `Content-Length` from a connection kept open,
    /// leaving whatever follows (the next pipelined response) for the next call.
    package func receiveResponse() throws -> RawResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var bytes = unread.withLock { $0 }
        func more() throws {
            let chunk = try receive()
            if chunk.isEmpty { throw RawHTTPError(description: "closed before a whole response") }
            bytes += chunk
        }
        while Self.firstIndex(of: separator, in: bytes) == nil { try more() }
        let end = Self.firstIndex(of: separator, in: bytes)! + separator.count
        let length = Int(try Self.parse(Array(bytes[..<end])).header("Content-Length") ?? "0") ?? 0
        while bytes.count < end + length { try more() }
        unread.withLock { $0 = Array(bytes[(end + length)...]) }
        return try Self.parse(Array(bytes[..<(end + length)]))
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    package static func parse(_ bytes: [UInt8], isHead: Bool = false) throws -> RawResponse {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { Array(bytes[$0..<min($0 + 4, bytes.count)]) == separator }) else {
            throw RawHTTPError(description: "no header end in \(String(decoding: bytes, as: UTF8.self))")
        }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw RawHTTPError(description: "bad status line \(head[0])")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = dechunk(body) }
        return RawResponse(status: status, headers: headers, body: body)
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = (index..<bytes.count - 1).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 })
            else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            result += bytes[start..<min(start + size, bytes.count)]
            index = start + size + 2
        }
        return result
    }
}
