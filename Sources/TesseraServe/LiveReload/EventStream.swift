import Dispatch
import Synchronization

/// One open server-sent-events connection: bytes waiting to be sent to one page.
///
/// Each connection runs on its own libmicrohttpd thread, which calls `read` for the next
/// bytes. `read` blocks for at most one heartbeat interval and then sends a comment line,
/// so a page that went away is noticed at the next heartbeat (the write fails, the
/// connection closes, and the stream leaves the hub) instead of pinning its thread forever.
final class EventStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var finished = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let heartbeat: Duration
    private let onClose: @Sendable (EventStream) -> Void

    init(heartbeat: Duration, onClose: @escaping @Sendable (EventStream) -> Void) {
        self.heartbeat = heartbeat
        self.onClose = onClose
    }

    /// At most this many unsent bytes per page; a page that reads nothing while more
    /// piles up is dropped (its browser reconnects), so memory stays bounded.
    static let pendingLimit = 64 * 1024

    func send(_ event: ServerSentEvent) {
        state.withLock { state in
            guard !state.finished else { return }
            state.pending += event.bytes
            if state.pending.count > Self.pendingLimit {
                state.pending = []
                state.finished = true
            }
        }
        wake.signal()
    }

    /// Ends the stream: the connection closes once what is pending has been sent.
    func finish() {
        state.withLock { $0.finished = true }
        wake.signal()
    }

    /// Called when the connection is gone: the stream leaves its hub.
    func close() {
        finish()
        onClose(self)
    }

    /// Copies up to `capacity` pending bytes into `buffer`, waiting if there are none;
    /// returns the count, or nil when the stream has ended.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while true {
            let copied: Int? = state.withLock { state in
                if !state.pending.isEmpty {
                    let count = min(buffer.count, state.pending.count)
                    buffer.copyBytes(from: state.pending[..<count])
                    state.pending.removeFirst(count)
                    return count
                }
                return state.finished ? nil : 0
            }
            guard let copied else { return nil }
            if copied > 0 { return copied }
            if wake.wait(timeout: .now() + heartbeat.dispatchInterval) == .timedOut {
                send(.heartbeat)
            }
        }
    }
}

extension Duration {
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
