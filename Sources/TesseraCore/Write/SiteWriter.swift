import Foundation
import Synchronization

/// Writes files into the output folder safely: atomically (temporary name, then rename),
/// never over a file the manifest does not list, never through a folder that leads out of
/// the output folder, and never deleting anything else.
///
/// It is given the build's plans (`carry`), writes only their products (`write(_:for:)`),
/// and at the end (`finish`) reports what it made and kept and removes what is left over.
/// A file is this build's when a carried plan lists it and it was then made or kept: a
/// product the plan keeps needs no call, one it makes but that was never written (its photo
/// failed to decode) is not kept, and a file no plan lists is removed if the manifest says
/// an earlier build made it, never otherwise.
///
/// It owns the output folder's manifest and journal: what a plan will make (written to the
/// manifest before anything is written), what it finished (appended to the journal as each
/// file is in place), and what is left over from earlier builds. A build killed at any
/// moment leaves a manifest that owns everything it may have written and a journal of
/// everything it finished; the next build's writer reads both and redoes only the rest.
///
/// One writer per output folder at a time: hold its `OutputLock` while using it.
final class SiteWriter: Sendable {
    let output: URL
    /// `output.path` ending in `/`, made once: a big site's every product is looked up in it.
    private let outputPrefix: String
    let state: Mutex<State>
    /// Held while the manifest is rewritten, so claims never interleave.
    let claiming = Mutex(())

    struct State {
        /// What the manifest and journal on disk say, with this build's claims marked in it:
        /// the files that are ours, and for each what it holds ("" when unknown).
        var record: Manifest
        /// What this build wrote or kept: the next manifest's files.
        var owned: [String: Manifest.Product] = [:]
        /// The products the carried plans make, by path: the only ones `write` accepts.
        var planned: [String: Product] = [:]
        /// What was made and kept so far, by kind.
        var report = WriteReport()
        /// Folders known to exist and to lie inside the output folder, links resolved.
        var confinedFolders: Set<String> = []
        /// The output folder's real path, once it exists.
        var outputRealPath: String?
        /// The digest of the manifest's bytes on disk, once known; a new journal names it.
        var manifestDigest: String?
        /// The journal this build appends to, once opened.
        var journal: Int32?
        /// Whether a journal is on disk (one a killed build left, or this build's): the
        /// manifest is then written at the end, and the journal removed.
        var journalOnDisk = false
        /// Whether the journal on disk is one this build started after writing the manifest.
        var journalIsOurs = false
    }

    /// A writer for `output` whose manifest, as found, is `previous`. A journal a killed
    /// build left beside that manifest is read: the files it finished count as made.
    ///
    /// - Parameter manifestDigest: `ContentHash` of the manifest's bytes on disk, if known.
    init(output: URL, previous: Manifest, manifestDigest: String? = nil) {
        self.output = output
        outputPrefix = output.path.hasSuffix("/") ? output.path : output.path + "/"
        state = Mutex(State(record: previous, manifestDigest: manifestDigest))
        replayJournal()
    }

    deinit {
        state.withLock { state in
            if let fd = state.journal { close(fd) }
        }
    }

    /// The manifest as found, brought up to date with the journal a killed build left:
    /// what the build plans its work against.
    var manifest: Manifest { state.withLock { $0.record } }

    /// What is at a site-relative path of the output folder: nothing, a regular file (one
    /// Tessera may have made), or something else a person put there (a folder, a link, a
    /// device). A path inside a folder that leads out of the output folder is never looked
    /// at: nothing.
    enum Occupant { case nothing, file, other }

    func occupant(_ path: String) -> Occupant {
        guard (try? confine(SitePath.folder(of: path))) != nil else { return .nothing }
        var status = stat()
        guard lstat(outputPrefix + path, &status) == 0 else { return .nothing }
        return status.st_mode & S_IFMT == S_IFREG ? .file : .other
    }

    /// Whether a site-relative path of the output folder holds a file: a folder or a link
    /// put where a product was is not one, and the product is made (or refused) again.
    func isPresent(_ path: String) -> Bool { occupant(path) == .file }

    /// Takes on a plan: records, before anything is written, the products it makes or
    /// reuses (see `claim`), with `photos`, the headers read so far, keeps as this build's
    /// the products it keeps, and puts each reused product in place from its source file
    /// (`placeReused`). Only the products it makes may then be written. Call before any
    /// concurrent `write` of them.
    ///
    /// - Returns: the plan as carried out: a reused product whose source could be neither
    ///   linked nor copied is to be made instead.
    /// - Throws: `WriteError.foreignFile` if a file not made by Tessera is in the way of a
    ///   product to make (nothing is written).
    @discardableResult
    func carry(_ plan: BuildPlan, photos: [String: Manifest.KnownPhoto] = [:]) throws(WriteError) -> BuildPlan {
        try claim(plan.make + plan.reuse.map(\.product), photos: photos)
        state.withLock { state in
            for product in plan.make { state.planned[product.path] = product }
            for product in plan.keep {
                state.owned[product.path] = Manifest.Product(fingerprint: product.fingerprint)
                state.report.tallies[product.kind, default: WriteReport.Tally()].kept += 1
            }
        }
        let failed = try placeReused(plan.reuse)
        state.withLock { state in
            for reuse in failed { state.planned[reuse.product.path] = reuse.product }
        }
        return plan.making(failed)
    }

    /// Records, before anything is written, what this build is about to make or change:
    /// new paths become ours, and files whose fingerprint changes lose their old one. The
    /// manifest is written with them (and with `photos`, the headers read so far), so a
    /// build killed midway leaves a manifest that owns everything it may have written and
    /// vouches for nothing it may have half changed, so the next build redoes it.
    ///
    /// - Throws: `WriteError.foreignFile` if a file not made by Tessera is in the way.
    private func claim(
        _ products: [Product], photos: [String: Manifest.KnownPhoto] = [:]
    ) throws(WriteError) {
        try claiming.withLock { _ throws(WriteError) in
            var record = state.withLock { $0.record }
            var changed = false
            for product in products {
                let occupant = occupant(product.path)
                // A folder or a link where a product goes is a person's, whatever the
                // manifest says was there: a build kept the product and linked to it.
                if occupant == .other { throw .foreignFile(output.appendingPathComponent(product.path).path) }
                if let known = record.files[product.path] {
                    guard !known.fingerprint.isEmpty, known.fingerprint != product.fingerprint else { continue }
                } else if occupant == .file {
                    let path = output.appendingPathComponent(product.path).path
                    let unlisted = record.files.isEmpty && !FileSystem.exists(manifestURL.path)
                    throw unlisted ? .foreignFileWithoutManifest(path) : .foreignFile(path)
                }
                record.files[product.path] = Manifest.Product(fingerprint: "")
                changed = true
            }
            guard changed || !FileSystem.exists(manifestURL.path) else { return }
            record.photos.merge(photos) { $1 }
            try checkpoint(record)
        }
    }

    /// Writes `bytes` as `product`, one a carried plan makes, unless its file already holds
    /// exactly them, and records in the journal that it holds them.
    ///
    /// - Returns: false when the file already held these bytes (nothing written).
    /// - Throws: `WriteError.unplanned` if no carried plan makes `product` (nothing is
    ///   written: the manifest on disk would not own it); `.outsideOutput` if its folder
    ///   leads out of the output folder.
    @discardableResult
    func write(_ bytes: [UInt8], for product: Product) throws(WriteError) -> Bool {
        let path = product.path
        // A carried plan's products are in the manifest on disk: nothing else is ever written.
        guard state.withLock({ $0.planned[path] == product && $0.record.files[path] != nil }) else {
            throw .unplanned(path)
        }
        let folder = SitePath.folder(of: path)
        try confine(folder)
        let url = output.appendingPathComponent(path)
        let changed = !(FileSystem.exists(url.path) && Self.holds(bytes, at: url.path))
        if changed {
            try makeFolder(folder)
            try Self.writeAtomically(bytes, to: url)
        }
        state.withLock { state in
            state.owned[path] = Manifest.Product(fingerprint: product.fingerprint)
            if changed {
                state.report.tallies[product.kind, default: WriteReport.Tally()].written += 1
            } else {
                state.report.tallies[product.kind, default: WriteReport.Tally()].unchanged += 1
            }
        }
        if !product.fingerprint.isEmpty {
            try journal(Journal.Entry(path: path, fingerprint: product.fingerprint, byteCount: bytes.count))
        }
        return changed
    }

    /// Ends the build's writing: deletes what earlier builds made that this build neither
    /// wrote nor kept (`removeStale`), saves the manifest with `photos`, `layouts` and `feed`
    /// for the next build, and reports what was made, kept and removed. No product is written after.
    ///
    /// - Throws: `WriteError.outsideOutput` if a stale file's folder leads out of the output
    ///   folder (nothing is deleted through it); `.writeFailed` if the manifest cannot be saved.
    func finish(
        photos: [String: Manifest.KnownPhoto], layouts: [String: String] = [:],
        albumPages: [String: Manifest.AlbumPages] = [:], feed: FeedHistory? = nil
    ) throws(WriteError) -> WriteReport {
        state.withLock { $0.planned = [:] }
        let removed = try removeStale()
        try saveManifest(photos: photos, layouts: layouts, albumPages: albumPages, feed: feed)
        return state.withLock { state in
            state.report.removed = removed
            return state.report
        }
    }

    /// Deletes the files earlier builds made that this build neither wrote nor kept, and
    /// returns their paths. Folders left empty by that are removed too; nothing else is touched.
    ///
    /// - Throws: `WriteError.outsideOutput` if a file's folder leads out of the output folder
    ///   (nothing is deleted through it).
    private func removeStale() throws(WriteError) -> [String] {
        let (record, owned) = state.withLock { ($0.record, $0.owned) }
        let stale = record.files.keys.filter { owned[$0] == nil }.sorted()
        // Only files really deleted count: a claimed image never written (its photo failed
        // to decode) was never there.
        var removed: [String] = []
        var folders = Set<String>()
        for path in stale {
            let folder = SitePath.folder(of: path)
            try confine(folder)
            if unlink(output.appendingPathComponent(path).path) == 0 {
                removed.append(path)
                folders.insert(folder)
            } else if errno == ENOENT {
                folders.insert(folder)
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
    /// Only files it can prove are Tessera's: named `.tessera-PID-NAME.tmp` (or, from an
    /// older build, `.NAME.tessera-PID.tmp`) after a file the manifest lists (or the
    /// manifest itself), in a folder that holds such a file, written by another build that
    /// is over. Anything else stays.
    ///
    /// - Parameter exclusive: whether this build holds the output's lock (`OutputLock`):
    ///   then no other build is writing, and every other process's file is a leftover,
    ///   even one whose process number is still taken (a build killed by `timeout -s KILL`
    ///   and not yet reaped, or a number since given to another program: its file was kept
    ///   by every later build, and the memo kept it after that). Without the lock, only a
    ///   process that has ended, or is a zombie, left its file.
    @discardableResult
    func removeLeftoverTemporaries(exclusive: Bool = true) -> [String] {
        // The memo too: a build killed while writing it left `.tessera-PID-.tessera-memo.tmp`.
        let owned = Set(state.withLock { $0.record.files.keys }).union([Manifest.fileName, BuildMemo.fileName])
        let folders = Set(owned.map(SitePath.folder(of:)))
        var removed: [String] = []
        for folder in folders.sorted() where (try? confine(folder)) != nil {
            let url = folder.isEmpty ? output : output.appendingPathComponent(folder)
            for name in FileSystem.entries(of: url.path) {
                guard let (target, pid) = Self.temporaryNameParts(name),
                    owned.contains(SitePath.join(folder, target)), pid != getpid(),
                    exclusive || !Self.isRunning(pid)
                else { continue }
                if unlink(url.appendingPathComponent(name).path) == 0 {
                    removed.append(SitePath.join(folder, name))
                }
            }
        }
        return removed
    }

    /// Where a file is written before it is renamed to `url`: `.tessera-4242-beach.jpg.tmp`
    /// beside it (4242 this process), a name the publishing recipes' `--exclude
    /// '.tessera-*'` leaves out should a killed build leave it behind.
    static func temporaryURL(beside url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".tessera-\(getpid())-\(url.lastPathComponent).tmp")
    }

    /// `.tessera-4242-beach.jpg.tmp` (or, as builds before named it,
    /// `.beach.jpg.tessera-4242.tmp`) → (`beach.jpg`, 4242); nil for any other name.
    static func temporaryNameParts(_ name: String) -> (target: String, pid: pid_t)? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let body = name.dropLast(4)
        let digits: Substring
        let target: Substring
        if body.hasPrefix(".tessera-"), let dash = body.dropFirst(9).firstIndex(of: "-") {
            digits = body[body.index(body.startIndex, offsetBy: 9)..<dash]
            target = body[body.index(after: dash)...]
        } else if let marker = body.range(of: ".tessera-", options: .backwards), marker.lowerBound > body.startIndex {
            digits = body[marker.upperBound...]
            target = body[body.index(after: body.startIndex)..<marker.lowerBound]
        } else {
            return nil
        }
        guard !target.isEmpty, !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
            let pid = pid_t(digits), pid > 0
        else { return nil }
        return (String(target), pid)
    }

    /// Whether process `pid` is running: it exists and is not a zombie (ended, waiting to
    /// be reaped), which `kill(pid, 0)` alone counts as running.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard pid == getpid() || kill(pid, 0) == 0 || errno == EPERM else { return false }
        // `/proc/PID/stat`: "PID (COMMAND) STATE …"; the command may hold spaces and ')'.
        guard case .success(let bytes) = FileSystem.readFile("/proc/\(pid)/stat"),
            let close = bytes.lastIndex(of: UInt8(ascii: ")")), close + 2 < bytes.count
        else { return true }
        let state = bytes[close + 2]
        return state != UInt8(ascii: "Z") && state != UInt8(ascii: "X")
    }

    /// Saves the manifest of what this build wrote and kept, with `photos` for the next
    /// build, and removes the journal it replaces. An unchanged manifest with no journal
    /// beside it is left as it is: encoding 100,000 photos' worth takes seconds.
    private func saveManifest(
        photos: [String: Manifest.KnownPhoto], layouts: [String: String] = [:],
        albumPages: [String: Manifest.AlbumPages] = [:], feed: FeedHistory? = nil
    ) throws(WriteError) {
        let (record, owned, journalOnDisk) = state.withLock { ($0.record, $0.owned, $0.journalOnDisk) }
        let manifest = Manifest(
            files: owned, photos: photos, layouts: layouts.isEmpty ? nil : layouts,
            albumPages: albumPages.isEmpty ? nil : albumPages, feed: feed)
        if !journalOnDisk, manifest == record, FileSystem.exists(manifestURL.path) { return }
        let bytes = manifest.encoded()
        try Self.writeAtomically(bytes, to: manifestURL, durable: true)
        state.withLock { state in
            state.record = manifest
            state.manifestDigest = ContentHash.of(Data(bytes))
        }
        removeJournal()
    }

    var manifestURL: URL { output.appendingPathComponent(Manifest.fileName) }

    /// Whether the file at `path` (not a link) holds exactly `bytes`.
    private static func holds(_ bytes: [UInt8], at path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) == bytes.count else {
            return false
        }
        var current = [UInt8](repeating: 0, count: bytes.count + 1)
        var filled = 0
        while filled < current.count {
            let n = current.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            guard n > 0 else { break }
            filled += n
        }
        return filled == bytes.count && current.prefix(filled).elementsEqual(bytes)
    }

    /// Writes the manifest as `record` plus everything made so far, then starts a new
    /// journal extending it.
    func checkpoint(_ record: Manifest) throws(WriteError) {
        var record = record
        let owned = state.withLock { $0.owned }
        record.files.merge(owned) { $1 }
        try makeFolder("")
        let bytes = record.encoded()
        try Self.writeAtomically(bytes, to: manifestURL, durable: true)
        state.withLock { state in
            state.record = record
            state.manifestDigest = ContentHash.of(Data(bytes))
        }
        try startJournal()
    }

    /// Writes `bytes` to a temporary file beside `url`, then renames it over `url`.
    ///
    /// - Parameter durable: sync the file and its folder, so that after a power cut the
    ///   file holds the old bytes or the new, never nothing (for the manifest, which owns
    ///   everything else).
    static func writeAtomically(_ bytes: [UInt8], to url: URL, durable: Bool = false) throws(WriteError) {
        let folder = url.deletingLastPathComponent()
        let temporary = temporaryURL(beside: url)
        // Never through a link someone left under our temporary name.
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw .writeFailed(path: url.path, reason: String(cString: strerror(errno))) }
        if let reason = bytes.withUnsafeBytes({ FileSystem.writeAll($0, to: fd) }) {
            close(fd)
            unlink(temporary.path)
            throw .writeFailed(path: url.path, reason: reason)
        }
        if durable, fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            close(fd)
            unlink(temporary.path)
            throw .writeFailed(path: url.path, reason: reason)
        }
        close(fd)
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .writeFailed(path: url.path, reason: reason)
        }
        if durable {
            let folderFD = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if folderFD >= 0 {
                fsync(folderFD)
                close(folderFD)
            }
        }
    }
}
