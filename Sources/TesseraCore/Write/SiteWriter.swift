import Foundation
import Synchronization

/// Writes files into the output folder safely: atomically (temporary name, then rename),
/// never over a file the manifest does not list, and never deleting anything else.
///
/// It owns the output folder's manifest: what the build claims before writing, what it
/// wrote and kept, and what is left over from earlier builds.
package final class SiteWriter: Sendable {
    package let output: URL
    private let state: Mutex<State>

    private struct State {
        /// The manifest as found, with this build's claims marked in it.
        var previous: Manifest
        /// What this build wrote or kept: the next manifest's files.
        var owned: [String: Manifest.Product] = [:]
        var createdFolders: Set<String> = []
    }

    /// - Parameter previous: the manifest found in `output` before this build.
    package init(output: URL, previous: Manifest) {
        self.output = output
        state = Mutex(State(previous: previous))
    }

    /// Whether a site-relative path exists in the output folder.
    package func isPresent(_ path: String) -> Bool {
        FileSystem.exists(output.appendingPathComponent(path).path)
    }

    /// Records, before anything is written, what this build is about to make or change:
    /// new paths become ours, and files whose fingerprint changes lose their old one. A
    /// build killed midway then leaves a manifest that owns everything it may have written
    /// and vouches for nothing it may have half changed, so the next build redoes it.
    /// Call before any concurrent `write` of these products.
    ///
    /// - Throws: `WriteError.foreignFile` if a file not made by Tessera is in the way.
    package func claim(_ products: [Product]) throws(WriteError) {
        var manifest = state.withLock { $0.previous }
        var changed = false
        for product in products {
            if let known = manifest.files[product.path] {
                guard !known.fingerprint.isEmpty, known.fingerprint != product.fingerprint else { continue }
            } else if isPresent(product.path) {
                throw .foreignFile(output.appendingPathComponent(product.path).path)
            }
            manifest.files[product.path] = Manifest.Product(fingerprint: "")
            changed = true
        }
        let url = output.appendingPathComponent(Manifest.fileName)
        state.withLock { $0.previous = manifest }
        guard changed || !FileSystem.exists(url.path) else { return }
        try makeFolder("")
        try Self.writeAtomically(manifest.encoded(), to: url)
    }

    /// Records that these files stay as they are and remain ours.
    package func keep(_ products: [Product]) {
        state.withLock { state in
            for product in products { state.owned[product.path] = Manifest.Product(fingerprint: product.fingerprint) }
        }
    }

    /// Writes `bytes` to the site-relative `path`, unless the file already holds exactly them.
    ///
    /// - Returns: false when the file already held these bytes (nothing written).
    /// - Throws: `WriteError.foreignFile` if a file not made by Tessera is in the way.
    @discardableResult
    package func write(_ bytes: [UInt8], to path: String, fingerprint: String) throws(WriteError) -> Bool {
        let url = output.appendingPathComponent(path)
        let exists = FileSystem.exists(url.path)
        if exists && state.withLock({ $0.previous.files[path] == nil }) { throw .foreignFile(url.path) }
        defer { keep([Product(path: path, fingerprint: fingerprint)]) }
        if exists, let current = try? Data(contentsOf: url), current.count == bytes.count,
            current.withUnsafeBytes({ $0.elementsEqual(bytes) })
        {
            return false
        }
        try makeFolder(SitePath.folder(of: path))
        try Self.writeAtomically(bytes, to: url)
        return true
    }

    /// Deletes the files earlier builds made that this build neither wrote nor kept, and
    /// returns their paths. Folders left empty by that are removed too; nothing else is touched.
    package func removeStale() -> [String] {
        let (previous, owned) = state.withLock { ($0.previous, $0.owned) }
        let stale = previous.files.keys.filter { owned[$0] == nil }.sorted()
        // Only files really deleted count: a claimed image never written (its photo failed
        // to decode) was never there.
        var removed: [String] = []
        var folders = Set<String>()
        for path in stale {
            let url = output.appendingPathComponent(path)
            if unlink(url.path) == 0 {
                removed.append(path)
                folders.insert(SitePath.folder(of: path))
            } else if errno == ENOENT {
                folders.insert(SitePath.folder(of: path))
            }
        }
        for folder in folders.sorted(by: { $0.count > $1.count }) where !folder.isEmpty {
            var f = folder
            while !f.isEmpty, rmdir(output.appendingPathComponent(f).path) == 0 {
                f = SitePath.folder(of: f)
            }
        }
        return removed
    }

    /// Deletes temporary files an interrupted build left behind, and returns their paths.
    ///
    /// Only files it can prove are Tessera's: named `.NAME.tessera-PID.tmp` after a file
    /// the manifest lists (or the manifest itself), in a folder that holds such a file,
    /// written by a process that is no longer running. Anything else stays.
    @discardableResult
    package func removeLeftoverTemporaries() -> [String] {
        let owned = Set(state.withLock { $0.previous.files.keys }).union([Manifest.fileName])
        let folders = Set(owned.map(SitePath.folder(of:)))
        var removed: [String] = []
        for folder in folders.sorted() {
            let url = folder.isEmpty ? output : output.appendingPathComponent(folder)
            for name in FileSystem.entries(of: url.path) {
                guard let (target, pid) = Self.temporaryNameParts(name),
                    owned.contains(SitePath.join(folder, target)), !Self.isRunning(pid)
                else { continue }
                if unlink(url.appendingPathComponent(name).path) == 0 {
                    removed.append(SitePath.join(folder, name))
                }
            }
        }
        return removed
    }

    /// `.beach.jpg.tessera-4242.tmp` → (`beach.jpg`, 4242); nil for any other name.
    static func temporaryNameParts(_ name: String) -> (target: String, pid: pid_t)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"),
            let marker = name.range(of: ".tessera-", options: .backwards)
        else { return nil }
        let target = String(name[name.index(after: name.startIndex)..<marker.lowerBound])
        let digits = name[marker.upperBound..<name.index(name.endIndex, offsetBy: -4)]
        guard !target.isEmpty, let pid = pid_t(digits), pid > 0 else { return nil }
        return (target, pid)
    }

    private static func isRunning(_ pid: pid_t) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }

    /// Saves the manifest of what this build wrote and kept, with `photos` for the next
    /// build. An unchanged manifest is left as it is: encoding 100,000 photos' worth takes
    /// seconds.
    package func saveManifest(photos: [String: Manifest.KnownPhoto]) throws(WriteError) {
        let (previous, owned) = state.withLock { ($0.previous, $0.owned) }
        let manifest = Manifest(files: owned, photos: photos)
        let url = output.appendingPathComponent(Manifest.fileName)
        if manifest == previous, FileSystem.exists(url.path) { return }
        try Self.writeAtomically(manifest.encoded(), to: url)
    }

    private func makeFolder(_ folder: String) throws(WriteError) {
        if state.withLock({ $0.createdFolders.contains(folder) }) { return }
        let url = folder.isEmpty ? output : output.appendingPathComponent(folder)
        if let failure = FileSystem.makeFolders(url.path) {
            throw .writeFailed(path: url.path, reason: failure)
        }
        _ = state.withLock { $0.createdFolders.insert(folder) }
    }

    private static func writeAtomically(_ bytes: [UInt8], to url: URL) throws(WriteError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tessera-\(getpid()).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: url.path, reason: String(cString: strerror(errno))) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n <= 0 {
                let reason = String(cString: strerror(errno))
                close(fd)
                unlink(temporary.path)
                throw .writeFailed(path: url.path, reason: reason)
            }
            offset += n
        }
        close(fd)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .writeFailed(path: url.path, reason: reason)
        }
    }
}
