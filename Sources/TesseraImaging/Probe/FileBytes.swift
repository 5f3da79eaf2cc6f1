import Foundation
import TesseraCore

/// Reads a photo's bytes, all of them or just a leading part for header probing.
enum FileBytes {
    /// The first `count` bytes (fewer if the file is shorter), or the whole file when nil.
    static func read(_ url: URL, upTo count: Int? = nil) throws(PhotoProblem) -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data: Data?
            if let count {
                data = try handle.read(upToCount: count)
            } else {
                data = try handle.readToEnd()
            }
            return data.map { [UInt8]($0) } ?? []
        } catch {
            throw .unreadable(readableReason(error, url: url))
        }
    }

    private static func readableReason(_ error: Error, url: URL) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            // A buffer that could not be allocated reaches `read` as a null address.
            if code == .EFAULT || code == .ENOMEM {
                return
                    "there is not enough memory to hold its \(sizeText(of: url)) (the process's memory may be limited: `ulimit -d`, `ulimit -v`)"
            }
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }

    /// The file's size in words ("1,024 MB").
    private static func sizeText(of url: URL) -> String {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return "bytes" }
        let megabytes = (Int(status.st_size) + 999_999) / 1_000_000
        return "\(megabytes.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) MB"
    }
}
