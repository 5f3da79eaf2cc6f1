import Foundation
import TesseraCore

/// Reads a photo's bytes, all of them or just a leading part for header probing.
enum FileBytes {
    /// The first `count` bytes (fewer if the file is shorter), or the whole file when nil.
    ///
    /// - Throws: `PhotoProblem.unreadable` when the file cannot be read, or is no longer a
    ///   regular file: a photo replaced during the build by a FIFO would block the worker
    ///   for good, a link to `/dev/zero` fill its memory.
    static func read(_ url: URL, upTo count: Int? = nil) throws(PhotoProblem) -> [UInt8] {
        let descriptor = try openRegularFile(url)
        do {
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
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

    /// Throws unless `url` is a regular file now (libheif opens the file itself: asked first).
    static func requireRegularFile(_ url: URL) throws(PhotoProblem) {
        close(try openRegularFile(url))
    }

    /// A descriptor of the file, opened without waiting (a FIFO's open waits for a writer),
    /// once it is known to be a regular file.
    private static func openRegularFile(_ url: URL) throws(PhotoProblem) -> Int32 {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(reason)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .unreadable("it is no longer a regular file: a pipe, a device or a folder took its place")
        }
        // Reads wait for the disk as usual from here on.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
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
