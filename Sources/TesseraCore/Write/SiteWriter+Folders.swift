import Foundation

extension SiteWriter {
    /// Checks that a site-relative folder, with every symbolic link on the way resolved,
    /// is the output folder or inside it (for a folder not made yet: its nearest existing
    /// ancestor). Nothing is read, written or deleted through a folder that leads out: a
    /// link to elsewhere placed in the output folder must not let a build escape it.
    ///
    /// - Throws: `WriteError.outsideOutput`.
    func confine(_ folder: String) throws(WriteError) {
        if state.withLock({ $0.confinedFolders.contains(folder) }) { return }
        let outputReal: String
        if let known = state.withLock({ $0.outputRealPath }) {
            outputReal = known
        } else {
            outputReal = FileSystem.realPathAllowingMissing(output.path)
            if FileSystem.isDirectory(output.path) { state.withLock { $0.outputRealPath = outputReal } }
        }
        let url = folder.isEmpty ? output : output.appendingPathComponent(folder)
        if !folder.isEmpty {
            let real = FileSystem.realPathAllowingMissing(url.path)
            func inside(_ path: String) -> Bool { FileSystem.isWithin(path, outputReal) }
            guard inside(real) else {
                // Name the outermost folder that leads out: the link to remove.
                var prefix = output
                for name in folder.split(separator: "/") {
                    prefix.appendPathComponent(String(name))
                    let resolved = FileSystem.realPathAllowingMissing(prefix.path)
                    if !inside(resolved) {
                        throw .outsideOutput(folder: prefix.path, leadsTo: resolved, output: output.path)
                    }
                }
                throw .outsideOutput(folder: url.path, leadsTo: real, output: output.path)
            }
            // A link to another folder of the site: what Tessera made there would be found,
            // kept and removed in a folder it did not make (a user's own pages).
            if !FileSystem.isSamePath(real, (outputReal == "/" ? "" : outputReal) + "/" + folder) {
                var prefix = output
                for name in folder.split(separator: "/") {
                    prefix.appendPathComponent(String(name))
                    if FileSystem.isSymbolicLink(prefix.path) {
                        throw .linkedFolder(
                            folder: prefix.path, leadsTo: FileSystem.realPathAllowingMissing(prefix.path))
                    }
                }
            }
        }
        // Only a folder that exists is remembered: one made later is checked again then.
        guard FileSystem.isDirectory(url.path) else { return }
        _ = state.withLock { $0.confinedFolders.insert(folder) }
    }

    /// Creates a site-relative folder and its missing parents, inside the output folder.
    func makeFolder(_ folder: String) throws(WriteError) {
        if state.withLock({ $0.confinedFolders.contains(folder) }) { return }
        if !folder.isEmpty { try makeFolder("") }
        try confine(folder)
        let url = folder.isEmpty ? output : output.appendingPathComponent(folder)
        if let failure = FileSystem.makeFolders(url.path) {
            throw .writeFailed(path: url.path, reason: failure)
        }
        try confine(folder)
    }
}
