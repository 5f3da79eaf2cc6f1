import Synchronization

/// The pages connected for live reload, and the last build error they should show.
final class ReloadHub: Sendable {
    private struct State {
        var streams: [ObjectIdentifier: EventStream] = [:]
        var currentError: String?
        var closed = false
    }

    private let state = Mutex(State())
    private let heartbeat: Duration

    init(heartbeat: Duration) {
        self.heartbeat = heartbeat
    }

    var subscriberCount: Int { state.withLock { $0.streams.count } }

    /// A new stream for a page, already holding the greeting and any current error; nil
    /// once the hub is closed.
    func subscribe() -> EventStream? {
        let stream = EventStream(heartbeat: heartbeat) { [weak self] stream in self?.unsubscribe(stream) }
        let error: String?? = state.withLock { state in
            guard !state.closed else { return nil }
            state.streams[ObjectIdentifier(stream)] = stream
            return .some(state.currentError)
        }
        guard let error else { return nil }
        stream.send(.hello)
        if let message = error { stream.send(.error(message)) }
        return stream
    }

    func unsubscribe(_ stream: EventStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    func reload() {
        broadcast(.reload) { $0.currentError = nil }
    }

    func showError(_ message: String) {
        broadcast(.error(message)) { $0.currentError = message }
    }

    /// Ends every stream, so their connection threads return and the daemon can stop.
    func close() {
        let streams = state.withLock { state in
            state.closed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }

    private func broadcast(_ event: ServerSentEvent, updating update: (inout State) -> Void) {
        let streams = state.withLock { state in
            update(&state)
            return Array(state.streams.values)
        }
        for stream in streams { stream.send(event) }
    }
}
