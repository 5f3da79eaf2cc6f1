import Foundation

/// The framing of the messages between a build and its imaging workers: an 8-byte
/// little-endian length, then that many bytes, on a Unix socket both sides read and write
/// whole.
enum Frame {
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: bytes.count >> (8 * $0)) } + bytes
    }

    /// The length an 8-byte header gives; nil for one no frame can have.
    static func length(_ header: [UInt8]) -> Int? {
        guard header.count == 8 else { return nil }
        let value = header.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }

    /// Reads one frame from `socket`, at most `limit` bytes long; nil when the other side
    /// ends first or announces more.
    static func receive(from socket: Int32, limit: Int) -> [UInt8]? {
        guard let header = receive(8, from: socket), let length = length(header), length <= limit else { return nil }
        return receive(length, from: socket)
    }

    /// Exactly `count` bytes from `socket`, or nil when it ends first.
    static func receive(_ count: Int, from socket: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { recv(socket, $0.baseAddress! + filled, count - filled, 0) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return nil }
            filled += n
        }
        return bytes
    }

    /// Writes all of `bytes` to `socket`; false when the other side is gone (an error to
    /// read, never a `SIGPIPE`).
    static func send(_ bytes: [UInt8], to socket: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }
}
