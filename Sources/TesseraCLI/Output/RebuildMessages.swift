import Synchronization

/// Which warnings and notes `serve` prints after each build: all of them after its first
/// good build, then after a rebuild only when they are not the ones printed last, and then
/// the whole list as it now stands, so the last list in the terminal is always complete.
/// A rebuild that leaves none after some prints one note saying so. A build that failed
/// is not counted: its error is printed, and the next good build is compared with the last
/// good one.
///
/// Without it, every save of a photo or a caption would print the same `sigal.conf.py`
/// notes and the same metadata warnings again, until the terminal held nothing else.
final class RebuildMessages: Sendable {
    private let last = Mutex<Set<StandingMessage>?>(nil)

    init() {}

    /// What to print of a good build's messages, in the build's order; remembers them.
    func shown(for current: [StandingMessage]) -> [StandingMessage] {
        let now = Set(current)
        let before = last.withLock { last in
            defer { last = now }
            return last
        }
        guard let before else { return current }
        guard now != before else { return [] }
        guard current.isEmpty else { return current }
        let count = before.count
        return [.note("no warnings or notes any more (the last build had \(count))")]
    }
}
