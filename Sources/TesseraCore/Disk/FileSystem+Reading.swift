import Foundation

extension FileSystem {
    /// Why a file or folder could not be read, in the system's words.
    struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// `Permission denied`, `Input/output error`.
        var description: String

        /// The failure an `errno` value names.
        init(code: Int32) {
            description = code == 0 ? "it could not be read" : String(cString: strerror(code))
        }

        init(_ description: String) {
            self.description = description
        }

        /// The failure of the last system call.
        static var last: Failure { Failure(code: errno) }

        /// A file larger than a reader takes.
        static func tooLarge(_ size: Int, limit: Int) -> Failure {
            Failure(
                String(format: "it holds %.1f MiB", Double(size) / Double(1 << 20))
                    + ", more than the \(limit >> 20) MiB a text file Tessera reads may hold")
        }
    }

    /// Names in a folder (no `.` or `..`), unsorted, each with whether it is valid UTF-8;
    /// or why the folder cannot be listed.
    static func listing(of directory: String) -> Result<[Entry], Failure> {
        rawListing(of: Array(directory.utf8)).map { names in
            names.map { bytes in
                if let valid = String(validating: bytes, as: UTF8.self) { return Entry(name: valid, isValidUTF8: true) }
                return Entry(name: String(decoding: bytes, as: UTF8.self), isValidUTF8: false)
            }
        }
    }

    /// Names in a folder (no `.` or `..`) as the bytes they are, unsorted, the folder given
    /// as its path's bytes (a path that is not valid UTF-8 still opens); or why the folder
    /// cannot be listed.
    static func rawListing(of directory: [UInt8]) -> Result<[[UInt8]], Failure> {
        let dir = (directory + [0]).withUnsafeBytes { opendir($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        guard let dir else { return .failure(.last) }
        defer { closedir(dir) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { return .failure(.last) }
                return .success(names)
            }
            // The name is read where it is, up to its NUL: a record is only as long as its
            // name (`d_reclen`), so copying the whole 256-byte `d_name` out of the last record
            // in readdir's buffer read past the buffer's end (AddressSanitizer, on a folder of
            // 3,000 photos).
            let name = UnsafeRawPointer(entry) + MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let bytes = Array(
                UnsafeRawBufferPointer(start: name, count: strlen(name.assumingMemoryBound(to: CChar.self))))
            if bytes != [UInt8(ascii: ".")] && bytes != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(bytes) }
        }
    }

    /// Up to `count` bytes from the start of a file, or why it cannot be read.
    static func readHead(_ path: String, count: Int) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.last) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, count) }
        guard n >= 0 else { return .failure(.last) }
        return .success(Array(buffer.prefix(n)))
    }

    /// `body`'s result, given a function that reads up to `count` bytes at `offset` of the
    /// file (fewer where it ends), or nil when the file cannot be opened.
    static func withPositionalReads<T>(
        _ path: String, _ body: (_ read: (_ offset: Int, _ count: Int) -> [UInt8]) -> T
    ) -> T? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return body { offset, count in
            guard offset >= 0, count > 0 else { return [] }
            var buffer = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let n = buffer.withUnsafeMutableBytes {
                    pread(fd, $0.baseAddress! + filled, count - filled, off_t(offset + filled))
                }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                filled += n
            }
            return Array(buffer.prefix(filled))
        }
    }

    /// A whole regular file's bytes, or why they cannot be read. A FIFO or a device is
    /// refused rather than waited on: reading one could block the build for good.
    ///
    /// - Parameter limit: the most bytes the file may hold (a text file's
    ///   `TextFile.maxBytes`): a larger one is refused before any of it is read, not read
    ///   whole and then refused, and one that grows past it while read is refused too.
    static func readFile(_ path: String, limit: Int = .max) -> Result<[UInt8], Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(.last) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.last) }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            return .failure(Failure("it is not a regular file"))
        }
        guard st.st_size <= limit else { return .failure(.tooLarge(Int(st.st_size), limit: limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size))
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.last)
            }
            if n == 0 { return .success(bytes) }
            guard n <= limit - bytes.count else { return .failure(.tooLarge(bytes.count + n, limit: limit)) }
            bytes += chunk[..<n]
        }
    }

    /// Whether two files hold the same bytes, read a block at a time; false when either
    /// cannot be read.
    static func sameContents(_ a: String, _ b: String) -> Bool {
        let block = 256 * 1024
        let same = withPositionalReads(a) { readA in
            withPositionalReads(b) { readB in
                var offset = 0
                while true {
                    let left = readA(offset, block)
                    guard left == readB(offset, block) else { return false }
                    if left.count < block { return true }
                    offset += block
                }
            }
        }
        return same == .some(.some(true))
    }

    /// Where a symbolic link points, as written in it; nil when `path` is not a link.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
