import Foundation
import Synchronization

/// One build at a time per output folder: an exclusive advisory lock (`flock`) on the
/// folder itself, held from before the manifest is read until after it is written.
///
/// The lock is on the folder, not on a file in it, so there is nothing to publish or to
/// leave behind, and the kernel releases it when the process ends, however it ends: a
/// killed build never leaves a stale lock. On a file system that cannot lock (some network
/// mounts) the build runs unlocked, as before locks existed.
final class OutputLock: Sendable {
    /// How long a build waits for another one to finish before giving up.
    static let defaultTimeout = Duration.seconds(30)
    private static let retryMicroseconds: UInt32 = 100_000

    private let descriptor: Mutex<Int32?>
    /// Whether the lock is held: false on a file system that cannot lock, where another
    /// build may be writing the folder too.
    let isExclusive: Bool

    /// Takes the lock of `output`, creating the folder if it is missing, and waits up to
    /// `timeout` for another build to let go of it.
    ///
    /// - Parameter waiting: called once, with who holds the lock, when the wait begins.
    /// - Throws: `WriteError.locked` when the wait ran out; `.writeFailed` when the folder
    ///   cannot be made or opened.
    init(
        output: URL, timeout: Duration = defaultTimeout, waiting: ((LockHolder) -> Void)? = nil
    ) throws(WriteError) {
        if let failure = FileSystem.makeFolders(output.path) {
            throw .writeFailed(path: output.path, reason: failure)
        }
        let fd = open(output.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .writeFailed(path: output.path, reason: String(cString: strerror(errno))) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var told = false
        var held = true
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            if failure == EINTR { continue }
            // No locks on this file system: build as before, unlocked.
            guard failure == EWOULDBLOCK else {
                held = false
                break
            }
            if !told {
                told = true
                waiting?(LockHolder.holding(fd))
            }
            if clock.now >= deadline {
                let holder = LockHolder.holding(fd)
                close(fd)
                throw .locked(
                    output: output.path, holder: holder.description, waitedSeconds: Int(timeout.components.seconds))
            }
            usleep(Self.retryMicroseconds)
        }
        descriptor = Mutex(fd)
        isExclusive = held
    }

    deinit { release() }

    /// Lets the next build in. Called once the build is done; later calls do nothing.
    func release() {
        descriptor.withLock { fd in
            guard let open = fd else { return }
            close(open)  // closing the last descriptor releases the lock
            fd = nil
        }
    }
}
