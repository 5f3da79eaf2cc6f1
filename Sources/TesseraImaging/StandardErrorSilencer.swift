import Foundation
import Synchronization

/// Keeps the C decoders' own chatter off standard error while they run.
///
/// libgd hands libpng no warning callback, so libpng prints "libpng warning: iCCP: known
/// incorrect sRGB profile" and the like straight to file descriptor 2, where it would mix
/// with Tessera's own `warning: PATH: REASON; skipped` lines. While at least one decode
/// runs, descriptor 2 points at `/dev/null`; the last one to finish puts it back. Tessera's
/// console writes through its own copy of the descriptor, so its output is never lost.
enum StandardErrorSilencer {
    /// How many decodes run, and the real standard error while any does.
    private static let state = Mutex((depth: 0, saved: Int32(-1)))

    /// Runs `body` with standard error silenced.
    static func silenced<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        enter()
        defer { leave() }
        return try body()
    }

    private static func enter() {
        state.withLock { state in
            state.depth += 1
            guard state.depth == 1 else { return }
            let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
            guard null >= 0 else { return }
            state.saved = dup(STDERR_FILENO)
            dup2(null, STDERR_FILENO)
            close(null)
        }
    }

    private static func leave() {
        state.withLock { state in
            state.depth -= 1
            guard state.depth == 0, state.saved >= 0 else { return }
            dup2(state.saved, STDERR_FILENO)
            close(state.saved)
            state.saved = -1
        }
    }
}
