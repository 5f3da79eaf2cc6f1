import Dispatch
import Foundation
import Glibc
import Synchronization

/// Calls back once after a burst of changes in a set of folders and files settles.
///
/// Folders are watched with inotify including every sub-folder, also ones created
/// later; files through their folder, so an editor's write-to-temp-then-rename counts.
/// A burst (a camera import of hundreds of files, an editor's save) becomes one call
/// once nothing has changed for `quietPeriod`. Calls never overlap: they run one after
/// another on the watcher's own thread, and a change during a call leads to exactly one
/// more call after it, so no change is lost.
package final class FolderWatcher: Sendable {
    /// What to watch.
    package struct Configuration: Sendable {
        /// Folders (watched with their sub-folders) and files; a file need not exist yet.
        package var paths: [URL]
        /// Folders never watched even when inside a watched one, such as the output folder.
        package var ignoring: [URL]
        /// How long nothing must change before the callback runs.
        package var quietPeriod: Duration = .milliseconds(200)
        /// Hidden names that matter inside a watched folder (`.nomedia`); changes to other
        /// names starting with a dot (`.git`, editors' swap files) are not content.
        package var hiddenNamesWatched: Set<String> = []
        /// Whether symbolic links to folders are watched as the folders they lead to
        /// (`follow_links: true`, where a linked album may live outside the input folder).
        package var followsLinks = false

        package init(paths: [URL], ignoring: [URL] = []) {
            self.paths = paths
            self.ignoring = ignoring
        }
    }

    private let stopSignal: Int32
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Mutex(false)
    private let loop: WatchLoop

    /// Starts watching; `onChange` runs on the watcher's thread after each settled burst.
    package init(
        _ configuration: Configuration, onChange: @escaping @Sendable () -> Void
    ) throws(FolderWatcherError) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FolderWatcherError(reason: .tooManyWatches(path: configuration.paths.first?.path ?? ""))
        }
        var table = WatchTable(
            descriptor: descriptor, ignored: configuration.ignoring.map { Self.canonical($0.path) },
            hiddenNamesWatched: configuration.hiddenNamesWatched, followsLinks: configuration.followsLinks)
        do {
            for path in configuration.paths { try table.addTarget(Self.canonical(path.path)) }
        } catch {
            close(descriptor)
            throw error
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            close(descriptor)
            throw FolderWatcherError(reason: .cannotWatch(path: "(stop pipe)", errno: errno))
        }
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopSignal = pipeEnds[1]
        let loop = WatchLoop(
            descriptor: descriptor, stopReader: pipeEnds[0], table: table,
            quietPeriod: configuration.quietPeriod, onChange: onChange)
        self.loop = loop
        let finished = finished
        let started = DispatchSemaphore(value: 0)
        let thread = Thread {
            loop.run(started: started)
            finished.signal()
        }
        thread.name = "tessera-watch"
        thread.start()
        started.wait()
    }

    deinit {
        stop()
    }

    /// Also watches `paths` (folders with their sub-folders, and files, as
    /// `Configuration.paths`); paths already watched, and ones that cannot be, are left as
    /// they are. Safe from any thread, the callback's too; changes made once it returns are seen.
    package func watch(_ paths: [URL]) {
        loop.watch(paths.map { Self.canonical($0.path) })
    }

    /// Stops watching and waits for a running callback to return; safe to call more than
    /// once, and from the callback itself (then it does not wait).
    package func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(stopSignal, &byte, 1)
        if !loop.runsOnCurrentThread { finished.wait() }
        close(stopSignal)
    }

    /// A path with symbolic links resolved as far as it exists, so that the ignored
    /// folders compare equal to the paths inotify reports.
    private static func canonical(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let parent = WatchTable.parent(of: path)
        guard parent != path else { return path }
        return canonical(parent) + "/" + WatchTable.name(of: path)
    }
}
