import Foundation

extension SiteWriter {
    /// Puts each reused product in place from its source, a file of ours made from the same
    /// fingerprint: hard-linked, or copied where the file system cannot link. All are first
    /// staged beside their places, then moved in, so that files that swap names (two photos
    /// renamed each to the other's name) each get the other's old bytes. Each placed file is
    /// recorded in the journal; its source is left for `finish` to remove if no plan lists it.
    ///
    /// - Returns: the reuses whose source could be neither linked nor copied (it vanished,
    ///   is no longer a plain file, or cannot be read): the build makes them instead.
    /// - Throws: `WriteError.outsideOutput` if a folder leads out of the output folder;
    ///   `.writeFailed` if a staged file cannot be moved into place.
    func placeReused(_ reuses: [BuildPlan.Reuse]) throws(WriteError) -> [BuildPlan.Reuse] {
        var failed: [BuildPlan.Reuse] = []
        var staged: [(reuse: BuildPlan.Reuse, url: URL, byteCount: Int)] = []
        for reuse in reuses {
            try confine(SitePath.folder(of: reuse.source))
            let folder = SitePath.folder(of: reuse.product.path)
            try makeFolder(folder)
            let source = output.appendingPathComponent(reuse.source).path
            let place = output.appendingPathComponent(reuse.product.path)
            let temporary = Self.temporaryURL(beside: place)
            unlink(temporary.path)
            var info = stat()
            // Only a plain file of ours: never a link someone left in its place.
            guard lstat(source, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                link(source, temporary.path) == 0 || Self.copy(source, to: temporary.path)
            else {
                failed.append(reuse)
                continue
            }
            staged.append((reuse, temporary, Int(info.st_size)))
        }
        for (reuse, temporary, byteCount) in staged {
            let product = reuse.product
            let url = output.appendingPathComponent(product.path)
            guard rename(temporary.path, url.path) == 0 else {
                let reason = String(cString: strerror(errno))
                for (_, other, _) in staged { unlink(other.path) }
                throw .writeFailed(path: url.path, reason: reason)
            }
            // Where a killed build had already put the same file in place, both names are
            // links to one file, and rename(2) then does nothing and succeeds: the
            // temporary name stayed in the site, kept by every build after.
            unlink(temporary.path)
            state.withLock { state in
                state.owned[product.path] = Manifest.Product(fingerprint: product.fingerprint)
                state.report.tallies[product.kind, default: WriteReport.Tally()].linked += 1
            }
            try journal(Journal.Entry(path: product.path, fingerprint: product.fingerprint, byteCount: byteCount))
        }
        return failed
    }

    /// Copies the plain file at `source` (never through a link) to a new file at
    /// `destination`; false, leaving nothing at `destination`, when it cannot.
    private static func copy(_ source: String, to destination: String) -> Bool {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard input >= 0 else { return false }
        defer { close(input) }
        let outputFD = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard outputFD >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var copied = true
        while copied {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { break }
            copied = n > 0 && buffer.withUnsafeBytes { Glibc.write(outputFD, $0.baseAddress, n) } == n
        }
        close(outputFD)
        if !copied { unlink(destination) }
        return copied
    }
}
