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
        let (descriptor, size) = try openRegularFile(url)
        defer { close(descriptor) }
        let wanted = min(count ?? size, size)
        // Read straight into the array (through `Data` it took twice the file), once the
        // system has shown there is room: where the process's memory is limited (`ulimit
        // -d`, `-v`), an array that cannot be made ends the process. The room is asked of
        // `mmap`, as malloc asks for a large block (a malloc freed unused is optimised away).
        if wanted >= 1 << 20 {
            let room = mmap(nil, wanted, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            guard let room, room != MAP_FAILED else { throw .unreadable(notEnoughMemory(size)) }
            munmap(room, wanted)
        }
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            initialized = 0
            while initialized < wanted {
                let n = Foundation.read(descriptor, buffer.baseAddress! + initialized, wanted - initialized)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno }
                guard n > 0 else { break }
                initialized += n
            }
        }
        guard failure == 0 else {
            throw .unreadable(
                failure == EFAULT || failure == ENOMEM ? notEnoughMemory(size) : String(cString: strerror(failure)))
        }
        return bytes
    }

    /// Throws unless `url` is a regular file now (libheif opens the file itself: asked first).
    static func requireRegularFile(_ url: URL) throws(PhotoProblem) {
        close(try openRegularFile(url).descriptor)
    }

    /// A descriptor of the file, opened without waiting (a FIFO's open waits for a writer),
    /// once it is known to be a regular file, and the file's size.
    private static func openRegularFile(_ url: URL) throws(PhotoProblem) -> (descriptor: Int32, size: Int) {
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
        return (descriptor, Int(status.st_size))
    }

    /// Why a file of `size` bytes (as its descriptor said) could not be held, in megabytes
    /// ("1,074 MB"), and where to look.
    private static func notEnoughMemory(_ size: Int) -> String {
        let megabytes = (size + 999_999) / 1_000_000
        return "there is not enough memory to hold its "
            + "\(megabytes.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) MB "
            + "(the process's memory may be limited: `ulimit -d`, `ulimit -v`)"
    }
}
