import Synchronization

/// Tallies of files written and files reused, kept by the stages as they go.
final class BuildCounts: Sendable {
    private let counts = Mutex((generated: 0, reused: 0))

    /// Files written by this build.
    var generated: Int { counts.withLock { $0.generated } }
    /// Files already up to date, left as they were.
    var reused: Int { counts.withLock { $0.reused } }

    func add(generated: Int, reused: Int) {
        counts.withLock {
            $0.generated += generated
            $0.reused += reused
        }
    }
}
