import Synchronization

/// Stops a running `transcode` or `posterFrame` from another thread: ffmpeg is killed and
/// its output removed, and the call throws `VideoProblem.cancelled`.
package final class VideoCancellation: Sendable {
    private let state = Mutex(false)

    init() {}

    /// Asks the calls watching this to stop; they do within a tenth of a second.
    func cancel() { state.withLock { $0 = true } }

    package var isCancelled: Bool { state.withLock { $0 } }
}
