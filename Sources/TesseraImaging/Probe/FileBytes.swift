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
            throw .unreadable(readableReason(error))
        }
    }

    private static func readableReason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
