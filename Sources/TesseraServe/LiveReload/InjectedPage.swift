import Glibc

/// An HTML file sent with the reload tag inserted, streamed from disk whatever its size.
///
/// Only the place of the insertion is looked for up front (the last `</body>`, searched
/// backwards from the end a block at a time); the bytes are then read as libmicrohttpd
/// asks for them, so a page of any size costs one block of memory, like any other file.
/// The page owns its descriptor and closes it when released.
final class InjectedPage: Sendable {
    /// The file's size on disk.
    let fileSize: UInt64
    /// Where in the file the tag goes.
    let insertionPoint: UInt64
    /// Whether the page's first block has a `<meta http-equiv="Content-Security-Policy">`
    /// (where a page's head is): then the page is previewed under its own policy.
    let declaresPolicy: Bool
    private let tag: [UInt8]
    private let descriptor: Int32

    /// The bytes sent: the file plus the tag.
    var size: UInt64 { fileSize + UInt64(tag.count) }

    static let blockSize = 64 * 1024

    /// Takes ownership of `descriptor`, an open regular file of `fileSize` bytes.
    init(descriptor: Int32, fileSize: UInt64, tag: String) {
        self.descriptor = descriptor
        self.fileSize = fileSize
        self.tag = Array(tag.utf8)
        insertionPoint = Self.findInsertionPoint(descriptor: descriptor, size: fileSize) ?? fileSize
        declaresPolicy = Self.declaresPolicy(descriptor: descriptor, size: fileSize)
    }

    deinit {
        close(descriptor)
    }

    /// Copies the bytes at `position` of what is sent into `buffer`; returns the count,
    /// 0 at the end, or nil when the file cannot be read (it shrank or vanished).
    func read(at position: UInt64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard position < size, let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        let tagEnd = insertionPoint + UInt64(tag.count)
        if position < insertionPoint {
            let count = Int(min(UInt64(buffer.count), insertionPoint - position))
            return readFile(at: position, into: base, count: count)
        }
        if position < tagEnd {
            let start = Int(position - insertionPoint)
            let count = min(buffer.count, tag.count - start)
            tag[start..<(start + count)].withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: count) }
            return count
        }
        let fileOffset = position - UInt64(tag.count)
        let count = Int(min(UInt64(buffer.count), fileSize - fileOffset))
        return readFile(at: fileOffset, into: base, count: count)
    }

    private func readFile(at offset: UInt64, into base: UnsafeMutableRawPointer, count: Int) -> Int? {
        while true {
            let got = pread(descriptor, base, count, off_t(offset))
            if got < 0 && errno == EINTR { continue }
            return got > 0 ? got : nil
        }
    }

    private static func declaresPolicy(descriptor: Int32, size: UInt64) -> Bool {
        var block = [UInt8](repeating: 0, count: Int(min(size, UInt64(blockSize))))
        let count = block.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        let text = String(decoding: block[..<count], as: UTF8.self).lowercased()
        return text.contains("http-equiv=\"content-security-policy\"")
            || text.contains("http-equiv='content-security-policy'")
            || text.contains("http-equiv=content-security-policy")
    }

    /// The offset of the last `</body` (any case), searching backwards block by block
    /// with an overlap so a tag split across two blocks is found.
    private static func findInsertionPoint(descriptor: Int32, size: UInt64) -> UInt64? {
        let overlap = UInt64("</body".utf8.count - 1)
        var block = [UInt8](repeating: 0, count: blockSize + Int(overlap))
        var end = size
        while end > 0 {
            let start = end > UInt64(blockSize) ? end - UInt64(blockSize) : 0
            let length = Int(min(end + overlap, size) - start)
            var done = 0
            while done < length {
                let got = block.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress! + done, length - done, off_t(start) + off_t(done))
                }
                if got < 0 && errno == EINTR { continue }
                if got <= 0 { return nil }
                done += got
            }
            if let found = ReloadScript.insertionPoint(inTail: block[..<length], offset: 0) {
                return start + UInt64(found)
            }
            end = start
        }
        return nil
    }
}
