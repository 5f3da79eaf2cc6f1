import Glibc
import Synchronization

/// One open server-sent-events connection: bytes waiting to be sent to one page.
///
/// Each connection runs on its own libmicrohttpd thread, which calls `read` for the next
/// bytes. Between events `read` waits on two things at once: a wake-up pipe that `send`
/// and `finish` write to, and the connection's socket, so a page that closes its stream
/// (it was left, hidden or closed) ends the connection at once instead of holding a slot
/// until the next heartbeat. A heartbeat comment is still sent every `heartbeat`, which
/// finds peers that vanished without closing (a laptop lid shut on the network).
final class EventStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var finished = false
    }

    /// What `read` produced.
    enum Chunk: Equatable {
        /// This many bytes were copied into the buffer.
        case bytes(Int)
        /// The hub ended the stream (the server is stopping): end the response cleanly.
        case ended
        /// The page closed the connection: drop it.
        case peerGone
    }

    private let state = Mutex(State())
    /// The wake-up pipe: `send` writes a byte to the second, `read` polls the first. Both
    /// are closed by `deinit`, after the last `read` (the response owns the stream).
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let heartbeat: Duration
    private let onClose: @Sendable (EventStream) -> Void

    /// Nil when no pipe can be made (the process is out of descriptors).
    init?(heartbeat: Duration, onClose: @escaping @Sendable (EventStream) -> Void) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wakeReader = ends[0]
        wakeWriter = ends[1]
        self.heartbeat = heartbeat
        self.onClose = onClose
    }

    deinit {
        Glibc.close(wakeReader)
        Glibc.close(wakeWriter)
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
        wake()
    }

    /// Ends the stream: the connection closes once what is pending has been sent.
    func finish() {
        state.withLock { $0.finished = true }
        wake()
    }

    /// Called when the connection is gone: the stream leaves its hub.
    func close() {
        finish()
        onClose(self)
    }

    /// Copies up to `buffer.count` pending bytes into `buffer`, waiting while there are
    /// none. `peer` is the connection's socket (or -1): when the page closes it, the wait
    /// ends with `.peerGone`.
    func read(into buffer: UnsafeMutableRawBufferPointer, peer: Int32) -> Chunk {
        // Once the page has sent bytes (it should not), its socket stays readable; then
        // only the heartbeat can find it gone, and polling it would spin.
        var watchesPeer = peer >= 0
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
            guard let copied else { return .ended }
            if copied > 0 { return .bytes(copied) }
            switch wait(peer: watchesPeer ? peer : -1) {
            case .woken: continue
            case .timedOut: send(.heartbeat)
            case .peerClosed: return .peerGone
            case .peerSentBytes: watchesPeer = false
            }
        }
    }

    private func wake() {
        var byte: UInt8 = 1
        // A full pipe already holds a wake-up; nothing is lost.
        _ = Glibc.write(wakeWriter, &byte, 1)
    }

    private enum Wait { case woken, timedOut, peerClosed, peerSentBytes }

    private func wait(peer: Int32) -> Wait {
        var descriptors = [
            pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
            pollfd(fd: peer, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, peer >= 0 ? 2 : 1, Int32(clamping: heartbeat.milliseconds))
        if ready == 0 { return .timedOut }
        if ready < 0 { return .woken }  // EINTR: look again
        if peer >= 0, descriptors[1].revents != 0 {
            if descriptors[1].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .peerClosed }
            var byte: UInt8 = 0
            let peeked = recv(peer, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
            if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EINTR) { return .peerClosed }
            if peeked > 0 { return .peerSentBytes }
        }
        var drain = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wakeReader, &drain, drain.count) > 0 {}
        return .woken
    }
}

extension Duration {
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
