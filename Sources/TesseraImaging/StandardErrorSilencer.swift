import Foundation

/// Keeps the C decoders' own chatter off standard error while they run.
///
/// libgd hands libpng no warning callback, so libpng prints "libpng warning: iCCP: known
/// incorrect sRGB profile" and the like straight to file descriptor 2, where it would mix
/// with Tessera's own `warning: PATH: REASON; skipped` lines. While at least one decode
/// runs, descriptor 2 points at `/dev/null`; the last one to finish puts it back. Tessera's
/// console writes through its own copy of the descriptor, so its output is never lost.
enum StandardErrorSilencer {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var depth = 0
    nonisolated(unsafe) private static var saved: Int32 = -1

    /// Runs `body` with standard error silenced.
    static func silenced<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        enter()
        defer { leave() }
        return try body()
    }

    private static func enter() {
        lock.withLock {
            depth += 1
            guard depth == 1 else { return }
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            guard null >= 0 else { return }
            saved = dup(STDERR_FILENO)
            dup2(null, STDERR_FILENO)
            close(null)
        }
    }

    private static func leave() {
        lock.withLock {
            depth -= 1
            guard depth == 0, saved >= 0 else { return }
            dup2(saved, STDERR_FILENO)
            close(saved)
            saved = -1
        }
    }
}
