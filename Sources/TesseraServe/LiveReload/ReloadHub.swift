import Synchronization

/// The pages connected for live reload, the site's generation, and the last build error
/// they should show.
///
/// The generation names one state of the site: a random name for this server run and a
/// count of rebuilds. Every page is sent with the generation it was served at, and every
/// stream starts by telling the page the current one, so a page that missed a reload (it
/// was in the back/forward cache or in a hidden tab, with its stream closed) reloads when
/// it is shown again. Streams are capped at `maximumStreams`, apart from the server's
/// connection limit, so open pages can never take every connection from page loads.
final class ReloadHub: Sendable {
    private struct State {
        var streams: [ObjectIdentifier: EventStream] = [:]
        var currentError: String?
        var rebuilds = 0
        var closed = false
    }

    /// The answer to a page that asks for a stream.
    enum Subscription {
        case stream(EventStream)
        /// `maximumStreams` pages are already connected.
        case full
        /// The server is stopping (or no descriptor was left for the stream).
        case unavailable
    }

    private let state = Mutex(State())
    private let heartbeat: Duration
    private let run: String
    let maximumStreams: Int

    init(heartbeat: Duration, maximumStreams: Int) {
        self.heartbeat = heartbeat
        self.maximumStreams = maximumStreams
        run = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    var subscriberCount: Int { state.withLock { $0.streams.count } }

    /// The current generation: what pages served now are stamped with.
    var generation: String {
        state.withLock { Self.generation(run: run, rebuilds: $0.rebuilds) }
    }

    private static func generation(run: String, rebuilds: Int) -> String { "\(run)-\(rebuilds)" }

    /// A new stream for a page, already holding the greeting and any current error.
    func subscribe() -> Subscription {
        guard let stream = EventStream(heartbeat: heartbeat, onClose: { [weak self] in self?.unsubscribe($0) })
        else { return .unavailable }
        enum Admission {
            case admitted(generation: String, error: String?)
            case full, closed
        }
        let admission: Admission = state.withLock { state in
            guard !state.closed else { return .closed }
            guard state.streams.count < maximumStreams else { return .full }
            state.streams[ObjectIdentifier(stream)] = stream
            return .admitted(generation: Self.generation(run: run, rebuilds: state.rebuilds), error: state.currentError)
        }
        switch admission {
        case .full: return .full
        case .closed: return .unavailable
        case .admitted(let generation, let error):
            stream.send(.hello(generation: generation))
            if let error { stream.send(.buildError(error)) }
        }
        return .stream(stream)
    }

    func unsubscribe(_ stream: EventStream) {
        _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    /// The site was rebuilt: a new generation, no error, and every open page reloads.
    func reload() {
        let (generation, streams) = state.withLock { state in
            state.rebuilds += 1
            state.currentError = nil
            return (Self.generation(run: run, rebuilds: state.rebuilds), Array(state.streams.values))
        }
        for stream in streams { stream.send(.reload(generation: generation)) }
    }

    func showError(_ message: String) {
        let streams = state.withLock { state in
            state.currentError = message
            return Array(state.streams.values)
        }
        for stream in streams { stream.send(.buildError(message)) }
    }

    /// Ends every stream, so their connection threads return and the daemon can stop.
    func close() {
        let streams = state.withLock { state in
            state.closed = true
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
