import Foundation
import Synchronization

/// A site served for preview and rebuilt while its sources change: what `tessera serve`
/// runs once the first build is done.
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

        package init(server: PreviewServer.Configuration, watchedPaths: [URL]) {
            self.server = server
            self.watchedPaths = watchedPaths
        }
    }

    /// The running server: its `url` is what to print and open.
    package let server: PreviewServer
    private let watcher: FolderWatcher?

    /// Starts serving and watching. `rebuild` and `onEvent` run on the watcher's thread,
    /// one rebuild at a time.
    ///
    /// - Parameter finish: the rest of a first build that served what it had early (the
    ///   JPEGs, before AVIF): run once on a thread of its own as soon as the server is up,
    ///   then, like a rebuild, open pages reload (or show its failure). Rebuilds wait for it.
    package init(
        _ configuration: Configuration,
        rebuild: @escaping @Sendable () -> Result<Void, RebuildFailure>,
        onEvent: @escaping @Sendable (Event) -> Void = { _ in },
        finish: (@Sendable () -> Result<Void, RebuildFailure>)? = nil
    ) throws(LivePreviewError) {
        let server: PreviewServer
        do {
            server = try PreviewServer(configuration.server)
        } catch {
            throw .server(error)
        }
        self.server = server
        // One build at a time: the first build's rest, then any rebuild.
        let building = BuildTurn()
        let rebuild: @Sendable () -> Result<Void, RebuildFailure> = { building.take(rebuild) }
        if let finish {
            let started = DispatchSemaphore(value: 0)
            let thread = Thread {
                building.take {
                    started.signal()
                    onEvent(.rebuilding)
                    Self.report(finish(), server: server, onEvent: onEvent)
                }
            }
            thread.start()
            // Holding the lock before any rebuild can take it.
            started.wait()
        }
        guard !configuration.watchedPaths.isEmpty else {
            watcher = nil
            return
        }
        var watching = FolderWatcher.Configuration(
            paths: configuration.watchedPaths, ignoring: [configuration.server.root])
        watching.quietPeriod = configuration.quietPeriod
        do {
            watcher = try FolderWatcher(watching) {
                onEvent(.rebuilding)
                Self.report(rebuild(), server: server, onEvent: onEvent)
            }
        } catch {
            server.stop()
            throw .watcher(error)
        }
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

    /// Stops watching (waiting for a running rebuild to end), then stops serving. Safe to
    /// call more than once, and from a signal source's handler on any queue.
    package func stop() {
        watcher?.stop()
        server.stop()
    }
}

/// Lets one build run at a time.
private final class BuildTurn: Sendable {
    private let lock = Mutex(())

    func take<Value>(_ body: () -> Value) -> Value {
        lock.withLock { _ in body() }
    }
}
