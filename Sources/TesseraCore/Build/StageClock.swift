import Dispatch

/// Measures how long each stage of a build takes, for `--verbose`.
struct StageClock {
    private(set) var laps: [(stage: String, seconds: Double)] = []
    private var last = DispatchTime.now().uptimeNanoseconds

    /// Ends the current stage under `name` and starts the next.
    mutating func lap(_ name: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((name, Double(now - last) / 1e9))
        last = now
    }
}
