import Foundation
import Synchronization

/// A site served for preview and rebuilt while its sources change: what `tessera serve`
/// runs. It watches from before the first build (`init`) and serves once that is done
/// (`serve`).
///
/// When a watched path changes (after a burst has settled), `rebuild` runs; when it
/// succeeds, open pages reload; when it fails, the server keeps serving the last good
/// site, open pages show the message in a banner, and `onEvent` gets it for the terminal.
/// Rebuilds never overlap, and a change during a rebuild leads to one more.
package final class LivePreview: Sendable {
    /// What happened, for the CLI to print.
    package enum Event: Equatable, Sendable {
        /// Sources changed; a rebuild starts.
        case rebuilding
        /// The rebuild succeeded and open pages were told to reload.
        case rebuilt
        /// The rebuild failed; the last good site is still served.
        case rebuildFailed(message: String)
    }

    /// What to serve and what to watch.
    package struct Configuration: Sendable {
        /// The server's settings; its `root` is the built site, never watched itself.
        package var server: PreviewServer.Configuration
        /// Folders (with sub-folders) and files whose changes call for a rebuild; empty
        /// means no watching (`--no-watch`): the site is served as it is.
        package var watchedPaths: [URL]
        /// How long sources must stay unchanged before a rebuild starts.
        package var quietPeriod: Duration = .milliseconds(200)
        /// Hidden names the build reads (`.nomedia`); other dot-files are not watched.
        package var hiddenNamesWatched: Set<String> = []
        /// Whether symbolic links to folders are watched as those folders.
        package var followsLinks = false
        /// Asked after each build for what its sources are now, watched from then on as
        /// `watchedPaths` are (a templates folder named in the settings while serving).
        package var watchedPathsNow: (@Sendable () -> [URL])?

        package init(server: PreviewServer.Configuration, watchedPaths: [URL]) {
            self.server = server
            self.watchedPaths = watchedPaths
        }
    }

    private let configuration: Configuration
    private let rebuild: @Sendable () -> Result<Void, RebuildFailure>
    private let onEvent: @Sendable (Event) -> Void
    private let watcher: FolderWatcher?
    /// Holds the changes seen before `serve` (the first build's time) until it.
    private let changes = HeldChanges()
    /// One build at a time: the first build's rest, then any rebuild.
    private let building = BuildTurn()
    private let served = Mutex<PreviewServer?>(nil)

    /// Starts watching, before the first build runs, so that a photo added or a file
    /// edited while it runs is not missed: changes seen before `serve` are held, and one
    /// rebuild follows once the site is served. `rebuild` and `onEvent` run on the
    /// watcher's thread (or, for the held changes, a thread of their own), one rebuild at
    /// a time.
    package init(
        _ configuration: Configuration,
        rebuild: @escaping @Sendable () -> Result<Void, RebuildFailure>,
        onEvent: @escaping @Sendable (Event) -> Void = { _ in }
    ) throws(LivePreviewError) {
        self.configuration = configuration
        self.rebuild = rebuild
        self.onEvent = onEvent
        guard !configuration.watchedPaths.isEmpty else {
            watcher = nil
            return
        }
        var watching = FolderWatcher.Configuration(
            paths: configuration.watchedPaths, ignoring: [configuration.server.root])
        watching.quietPeriod = configuration.quietPeriod
        watching.hiddenNamesWatched = configuration.hiddenNamesWatched
        watching.followsLinks = configuration.followsLinks
        let changes = changes
        do {
            watcher = try FolderWatcher(watching) { changes.seen() }
        } catch {
            throw .watcher(error)
        }
    }

    /// Starts serving the built site; from now on each settled change rebuilds it and
    /// reloads open pages, and changes held since `init` lead to one rebuild now. Call once.
    ///
    /// - Parameter finish: the rest of a first build that served what it had early (the
    ///   JPEGs, before AVIF): run once on a thread of its own as soon as the server is up,
    ///   then, like a rebuild, open pages reload (or show its failure). Rebuilds wait for it.
    /// - Returns: the running server: its `url` is what to print and open.
    package func serve(
        finish: (@Sendable () -> Result<Void, RebuildFailure>)? = nil
    ) throws(LivePreviewError) -> PreviewServer {
        let server: PreviewServer
        do {
            server = try PreviewServer(configuration.server)
        } catch {
            throw .server(error)
        }
        served.withLock { $0 = server }
        let (building, rebuild, onEvent) = (building, rebuild, onEvent)
        let watchedPathsNow = configuration.watchedPathsNow
        // Weakly: the watcher holds its callback, which holds the held changes' `respond`,
        // which holds this; a strong watcher here is a cycle nothing frees.
        let watchSourcesNow: @Sendable () -> Void = { [weak watcher] in
            if let watcher, let watchedPathsNow { watcher.watch(watchedPathsNow()) }
        }
        if let finish {
            let started = DispatchSemaphore(value: 0)
            let thread = Thread {
                building.take {
                    started.signal()
                    onEvent(.rebuilding)
                    let outcome = finish()
                    watchSourcesNow()
                    Self.report(outcome, server: server, onEvent: onEvent)
                }
            }
            thread.start()
            // Holding the lock before any rebuild can take it.
            started.wait()
        }
        let respond: @Sendable () -> Void = {
            onEvent(.rebuilding)
            let outcome = building.take(rebuild)
            // Before the pages reload: an edit made after that is seen.
            watchSourcesNow()
            Self.report(outcome, server: server, onEvent: onEvent)
        }
        if changes.release(to: respond) { Thread { respond() }.start() }
        return server
    }

    /// Reloads open pages after a build, or shows its failure in them.
    private static func report(
        _ outcome: Result<Void, RebuildFailure>, server: PreviewServer, onEvent: (Event) -> Void
    ) {
        switch outcome {
        case .success:
            server.reload()
            onEvent(.rebuilt)
        case .failure(let failure):
            server.showError(failure.message)
            onEvent(.rebuildFailed(message: failure.message))
        }
    }

    deinit {
        stop()
    }

    /// Stops watching (waiting for a running rebuild to end), then stops serving (if it
    /// started). Safe to call more than once, and from a signal source's handler on any
    /// queue.
    package func stop() {
        watcher?.stop()
        served.withLock { $0 }?.stop()
    }
}

/// Lets one build run at a time.
private final class BuildTurn: Sendable {
    private let lock = Mutex(())

    func take<Value>(_ body: () -> Value) -> Value {
        lock.withLock { _ in body() }
    }
}

/// The watcher's changes: held (remembered as one) until the site is served, then handed
/// straight to the rebuild.
private final class HeldChanges: Sendable {
    private enum State {
        case holding(changed: Bool)
        case released(@Sendable () -> Void)
    }

    private let state = Mutex(State.holding(changed: false))

    /// A settled change, on the watcher's thread.
    func seen() {
        let respond: (@Sendable () -> Void)? = state.withLock { state in
            switch state {
            case .holding:
                state = .holding(changed: true)
                return nil
            case .released(let respond): return respond
            }
        }
        respond?()
    }

    /// From now on changes go to `respond`; returns whether any was held.
    func release(to respond: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            defer { state = .released(respond) }
            if case .holding(let changed) = state { return changed }
            return false
        }
    }
}
