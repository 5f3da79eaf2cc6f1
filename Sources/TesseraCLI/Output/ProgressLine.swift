import Dispatch
import Foundation
import Synchronization

/// Progress of a build on standard error: on a terminal, a bar redrawn in place
/// (`Rendering [#######-------] 120/400  31/s  ETA 9 s`); elsewhere (a log, CI), a plain
/// line every `Console.plainProgressInterval`, and nothing for builds shorter than that.
final class ProgressLine: Sendable {
    private let console: Console
    private let interactive: Bool
    private let state: Mutex<State>

    private struct State {
        var lastDraw: UInt64
        var stageStart: (stage: String, time: UInt64)?
        var drawn = false
    }

    init(console: Console, interactive: Bool) {
        self.console = console
        self.interactive = interactive
        state = Mutex(State(lastDraw: DispatchTime.now().uptimeNanoseconds))
    }

    func update(_ progress: BuildProgressSnapshot) {
        state.withLock { state in
            let now = DispatchTime.now().uptimeNanoseconds
            if state.stageStart?.stage != progress.stage { state.stageStart = (progress.stage, now) }
            guard let interval = interactive ? 100_000_000 : console.plainProgressInterval.map(Self.nanoseconds) else {
                return
            }
            guard now - state.lastDraw >= interval || (interactive && progress.done == progress.total) else { return }
            state.lastDraw = now
            let width = 24
            let filled = progress.total == 0 ? width : width * progress.done / progress.total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let elapsed = Double(now - (state.stageStart?.time ?? now)) / 1e9
            let rate = elapsed > 0 ? Double(progress.done) / elapsed : 0
            var line = "\(progress.stage) [\(bar)] \(progress.done)/\(progress.total)"
            if rate > 0 {
                line += String(format: "  %.0f/s", rate)
                let eta = Double(progress.total - progress.done) / rate
                if progress.done < progress.total { line += String(format: "  ETA %.0f s", eta) }
            }
            if interactive {
                console.rawErr("\r\u{1B}[2K" + TerminalText.visible(line))
                state.drawn = true
            } else {
                console.err("\(progress.stage): \(progress.done) of \(progress.total)\n")
            }
        }
    }

    private static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(seconds, 0)) * 1_000_000_000 + UInt64(max(attoseconds, 0) / 1_000_000_000)
    }

    /// Clears the line before the summary is printed.
    func finish() {
        state.withLock { state in
            if state.drawn { console.rawErr("\r\u{1B}[2K") }
            state.drawn = false
        }
    }
}

/// The progress fields the line shows.
struct BuildProgressSnapshot: Sendable {
    var stage: String
    var done: Int
    var total: Int
}
