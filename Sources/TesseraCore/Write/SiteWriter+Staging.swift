import Foundation

extension SiteWriter {
    /// Where a product too large to hold in memory (a video) is made by another program
    /// before `place` moves it into place: a temporary name beside its file, which
    /// `removeLeftoverTemporaries` deletes if the build is killed before it is moved.
    ///
    /// - Throws: `WriteError.unplanned` if no carried plan makes `product`;
    ///   `.outsideOutput` if its folder leads out of the output folder.
    func stagingURL(for product: Product) throws(WriteError) -> URL {
        try checkPlanned(product)
        let folder = SitePath.folder(of: product.path)
        try confine(folder)
        try makeFolder(folder)
        let url = output.appendingPathComponent(product.path)
        let staged = Self.temporaryURL(beside: url)
        unlink(staged.path)
        return staged
    }

    /// Moves a file made at `stagingURL(for: product)` into place as `product`, and records
    /// in the journal that it holds it.
    ///
    /// - Throws: `WriteError.unplanned` if no carried plan makes `product`;
    ///   `.writeFailed` if the file cannot be moved (the staged file is deleted).
    func place(_ staged: URL, for product: Product) throws(WriteError) {
        try checkPlanned(product)
        let url = output.appendingPathComponent(product.path)
        let byteCount = FileSystem.regularFileStatus(staged.path)?.size ?? 0
        guard rename(staged.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(staged.path)
            throw .writeFailed(path: url.path, reason: reason)
        }
        state.withLock { state in
            state.owned[product.path] = Manifest.Product(fingerprint: product.fingerprint)
            state.report.tallies[product.kind, default: WriteReport.Tally()].written += 1
        }
        if !product.fingerprint.isEmpty {
            try journal(Journal.Entry(path: product.path, fingerprint: product.fingerprint, byteCount: byteCount))
        }
    }

    /// A carried plan's products are in the manifest on disk: nothing else is ever written.
    private func checkPlanned(_ product: Product) throws(WriteError) {
        guard state.withLock({ $0.planned[product.path] == product && $0.record.files[product.path] != nil }) else {
            throw .unplanned(product.path)
        }
    }
}
