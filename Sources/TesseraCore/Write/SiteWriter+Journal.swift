import Foundation

extension SiteWriter {
    var journalURL: URL { output.appendingPathComponent(Journal.fileName) }

    /// Reads the journal a killed build left, if it extends the manifest on disk: each
    /// file it finished that the manifest owns, and that is still there at the size it
    /// was written, counts as made. The journal stays until the manifest is written again.
    func replayJournal() {
        guard FileSystem.exists(journalURL.path) else { return }
        state.withLock { $0.journalOnDisk = true }
        guard let bytes = Self.contents(of: journalURL.path), let digest = manifestDigestOnDisk() else { return }
        var record = state.withLock { $0.record }
        for entry in Journal.entries(in: bytes, extending: digest) where record.files[entry.path] != nil {
            guard (try? confine(SitePath.folder(of: entry.path))) != nil,
                Self.regularFileSize(output.appendingPathComponent(entry.path).path) == entry.byteCount
            else { continue }
            record.files[entry.path] = Manifest.Product(fingerprint: entry.fingerprint)
        }
        state.withLock { $0.record = record }
    }

    /// Appends one finished file to the journal, starting the journal first if this build
    /// has none open: after writing the manifest, when a killed build's journal is still
    /// there (so that what it says is kept in the manifest before it is replaced).
    func journal(_ entry: Journal.Entry) throws(WriteError) {
        let line = Journal.line(entry)
        if try append(line) { return }
        try claiming.withLock { _ throws(WriteError) in
            let (open, leftover) = state.withLock { ($0.journal != nil, $0.journalOnDisk) }
            if open { return }
            if leftover || manifestDigestOnDisk() == nil {
                try checkpoint(state.withLock { $0.record })
            } else {
                try startJournal()
            }
        }
        _ = try append(line)
    }

    /// Replaces any journal on disk with an empty one extending the manifest on disk.
    func startJournal() throws(WriteError) {
        guard let digest = manifestDigestOnDisk() else { return }
        let path = journalURL.path
        state.withLock { state in
            if let fd = state.journal { close(fd) }
            state.journal = nil
        }
        // Whatever is there (an old journal, or a link someone left) is removed, never written through.
        unlink(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
        state.withLock { state in
            state.journal = fd
            state.journalOnDisk = true
        }
        _ = try append(Journal.header(extending: digest))
    }

    /// Closes and deletes the journal, once the manifest holds everything it said.
    func removeJournal() {
        state.withLock { state in
            if let fd = state.journal { close(fd) }
            state.journal = nil
            state.journalOnDisk = false
        }
        unlink(journalURL.path)
    }

    /// Writes `bytes` at the journal's end in one call, so lines of parallel workers never
    /// mix; false when no journal is open.
    private func append(_ bytes: [UInt8]) throws(WriteError) -> Bool {
        let failure: String? = state.withLock { state in
            guard let fd = state.journal else { return "" }
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            return n == bytes.count ? nil : (n < 0 ? String(cString: strerror(errno)) : "the disk is full")
        }
        switch failure {
        case nil: return true
        case "": return false
        case let reason?: throw .writeFailed(path: journalURL.path, reason: reason)
        }
    }

    /// The digest of the manifest's bytes on disk, read once; nil when there is none.
    private func manifestDigestOnDisk() -> String? {
        if let known = state.withLock({ $0.manifestDigest }) { return known }
        guard let bytes = Self.contents(of: manifestURL.path) else { return nil }
        let digest = ContentHash.of(bytes)
        state.withLock { $0.manifestDigest = digest }
        return digest
    }

    /// A file's bytes, not through a link; nil when it cannot be read.
    private static func contents(of path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
    }

    /// The size of a regular file (not a link), or nil.
    private static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
