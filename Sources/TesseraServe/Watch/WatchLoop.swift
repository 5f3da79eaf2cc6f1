import Dispatch
import Glibc
import Synchronization

/// The watcher's thread: reads inotify events, waits for quiet, calls back.
///
/// It owns the inotify descriptor and the watch table. The `Mutex` around them is held
/// while events are read and while `watch` adds targets from another thread, never while
/// the thread waits for events.
final class WatchLoop: Sendable {
    private struct Descriptors {
        let inotify: Int32
        let stopReader: Int32
        var table: WatchTable
        /// Set when the loop has ended and closed its descriptors.
        var closed = false
    }

    private let state: Mutex<Descriptors>
    private let quietPeriod: Duration
    private let onChange: @Sendable () -> Void
    private let thread = Mutex<pthread_t?>(nil)

    /// Whether the caller is the loop's own thread (a callback calling `stop()`).
    var runsOnCurrentThread: Bool {
        thread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    init(
        descriptor: Int32, stopReader: Int32, table: WatchTable, quietPeriod: Duration,
        onChange: @escaping @Sendable () -> Void
    ) {
        state = Mutex(Descriptors(inotify: descriptor, stopReader: stopReader, table: table))
        self.quietPeriod = quietPeriod
        self.onChange = onChange
    }

    func run(started: DispatchSemaphore) {
        thread.withLock { $0 = pthread_self() }
        started.signal()
        let clock = ContinuousClock()
        var lastChange: ContinuousClock.Instant?
        while true {
            var timeout: Int32 = -1
            if let lastChange {
                let remaining = quietPeriod - (clock.now - lastChange)
                timeout = remaining <= .zero ? 0 : Int32(remaining.milliseconds + 1)
            }
            let (stop, changed) = wait(timeout: timeout)
            if stop { break }
            if changed { lastChange = clock.now }
            if let last = lastChange, clock.now - last >= quietPeriod {
                lastChange = nil
                // Changes during the call stay queued in the kernel and are read next turn.
                onChange()
            }
        }
        state.withLock { state in
            close(state.inotify)
            close(state.stopReader)
            state.closed = true
        }
    }

    /// Adds targets as `WatchTable.addTarget` does, from any thread: a folder (with its
    /// sub-folders) or a file a build reads that was not known when watching began (a
    /// templates folder named in tessera.yaml later). A path that cannot be watched is left
    /// out; nothing is added once the loop has ended.
    func watch(_ paths: [String]) {
        state.withLock { state in
            guard !state.closed else { return }
            for path in paths where !state.table.hasTarget(path) { try? state.table.addTarget(path) }
        }
    }

    /// Waits up to `timeout` milliseconds (-1: forever) for events; returns whether stop
    /// was asked for and whether any event mattered.
    private func wait(timeout: Int32) -> (stop: Bool, changed: Bool) {
        // The descriptors stay open until this thread closes them, after its last wait.
        let (inotify, stopReader) = state.withLock { ($0.inotify, $0.stopReader) }
        var descriptors = [
            pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, timeout)
        if ready < 0 { return (errno != EINTR, false) }
        if descriptors[1].revents != 0 { return (true, false) }
        guard descriptors[0].revents != 0 else { return (false, false) }
        return state.withLock { Self.absorbEvents(&$0) }
    }

    /// Reads the events queued and absorbs them; returns whether any mattered.
    private static func absorbEvents(_ state: inout Descriptors) -> (stop: Bool, changed: Bool) {
        var changed = false
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(state.inotify, buffer.baseAddress, buffer.count)
            if count <= 0 { break }
            for event in InotifyEvent.parse(UnsafeRawBufferPointer(rebasing: buffer[..<count])) {
                if state.table.absorb(event) { changed = true }
            }
        }
        return (false, changed)
    }
}
