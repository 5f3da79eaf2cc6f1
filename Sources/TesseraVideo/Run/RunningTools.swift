import Foundation
import Synchronization

/// The ffmpeg and ffprobe processes this process is running, so that a build stopped by
/// Ctrl-C or SIGTERM stops them too. Foundation's `Process` starts each in a process group
/// of its own, which a terminal's Ctrl-C does not reach; left alone, an ffmpeg outlived
/// its build by minutes, encoding at full speed into a temporary file in the site while
/// the next build started another on the same clip.
package final class RunningTools: Sendable {
    /// The record every `ToolRun` uses unless given another (a test's).
    package static let shared = RunningTools()

    private struct State {
        var running: Set<pid_t> = []
        /// Runs between `willStart` and `started`: a process may exist that is not yet in
        /// `running`.
        var starting = 0
        var stopping = false
    }

    private let state = Mutex(State())

    init() {}

    /// Whether `stopAll` was called: a run ends as cancelled, and none starts.
    var isStopping: Bool { state.withLock { $0.stopping } }

    /// The processes running now.
    var processes: Set<pid_t> { state.withLock { $0.running } }

    /// Called before starting a process; false when stopping (start none), else `started`
    /// must follow.
    func willStart() -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.starting += 1
            return true
        }
    }

    /// The process `willStart` announced is running as `pid` (nil: it could not start). One
    /// started while stopping is killed at once.
    func started(_ pid: pid_t?) {
        state.withLock { state in
            state.starting -= 1
            guard let pid else { return }
            state.running.insert(pid)
            if state.stopping { kill(pid, SIGKILL) }
        }
    }

    /// The process has exited; called by the thread that waited for it, so after `started`.
    func ended(_ pid: pid_t) {
        _ = state.withLock { $0.running.remove(pid) }
    }

    /// Kills every process recorded here (SIGKILL: each writes only a temporary file that
    /// the next build removes, so nothing is gained by letting it finish), and any being
    /// started now as soon as it is; no other starts. Returns once no start is under way,
    /// or after `seconds`.
    package func stopAll(waitingUpTo seconds: Double = 1) {
        state.withLock { state in
            state.stopping = true
            for pid in state.running { kill(pid, SIGKILL) }
        }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while state.withLock({ $0.starting > 0 }), Date() < deadline { usleep(2_000) }
    }
}
