import Dispatch
import Synchronization

/// Applies `transform` to every element with at most `jobs` at once, and returns the
/// results in order.
func parallelMap<Element: Sendable, Output: Sendable>(
    _ elements: [Element], jobs: Int, stage: BuildProgress.Stage,
    progress: (@Sendable (BuildProgress) -> Void)?,
    _ transform: @escaping @Sendable (Element) -> Output
) -> [Output] {
    let slots = ResultSlots<Output>(count: elements.count)
    let workers = max(1, min(jobs, elements.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let index = slots.nextIndex() {
            let done = slots.store(transform(elements[index]), at: index)
            progress?(BuildProgress(stage: stage, done: done, total: elements.count))
        }
    }
    return slots.values
}

/// Results of a parallel map, filled in by workers taking the next index in turn.
final class ResultSlots<Value: Sendable>: Sendable {
    private struct State {
        var slots: [Value?]
        var next = 0
        var done = 0
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(slots: Array(repeating: nil, count: count)))
    }

    /// The next index no worker has taken, if any.
    func nextIndex() -> Int? {
        state.withLock { state in
            guard state.next < state.slots.count else { return nil }
            defer { state.next += 1 }
            return state.next
        }
    }

    /// Stores a result and returns how many are done.
    func store(_ value: sending Value, at index: Int) -> Int {
        state.withLock { state in
            state.slots[index] = value
            state.done += 1
            return state.done
        }
    }

    /// Every result, in order; call once all are stored.
    var values: [Value] { state.withLock { $0.slots.map { $0! } } }
}
