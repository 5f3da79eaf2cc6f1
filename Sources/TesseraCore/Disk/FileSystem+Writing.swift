import Foundation

extension FileSystem {
    /// Writes all of `bytes` at `descriptor`'s position, as many calls as it takes (a call
    /// interrupted by a signal is made again); why it stopped short otherwise (a full disk).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return String(cString: strerror(errno)) }
            written += result
        }
        return nil
    }
}
