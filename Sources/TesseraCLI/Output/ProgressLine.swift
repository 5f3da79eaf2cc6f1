import Dispatch
import Foundation
import Synchronization

/// Progress of a build on standard error: on a terminal, a bar redrawn in place
/// (`Rendering [#######-------] 120/400  31/s  ETA 9 s`, then `  Beach.mov 45 %` while a
/// long video encodes); elsewhere (a log, CI), a plain line at most every
/// `Console.plainProgressInterval` (`Rendering: 120 of 400, 31/s, about 9 s left`,
/// `Encoding: Beach.mov 45 %`), and nothing for builds shorter than that.
final class ProgressLine: Sendable {
    private let console: Console
    private let interactive: Bool
    private let state: Mutex<State>

    private struct State {
        var lastDraw: UInt64
        var stageStart: (stage: String, time: UInt64)?
        var drawn = false
        /// The last stage report, redrawn with a video's percent.
        var last: BuildProgressSnapshot?
        /// The long video being encoded, until its encode ends.
        var video: VideoProgressSnapshot?
    }

    init(console: Console, interactive: Bool) {
        self.console = console
        self.interactive = interactive
        state = Mutex(State(lastDraw: DispatchTime.now().uptimeNanoseconds))
    }

    /// How long to wait between two drawings: a tenth of a second on a terminal, the
    /// console's interval in a log; nil for never.
    private var interval: UInt64? {
        interactive ? 100_000_000 : console.plainProgressInterval.map(Self.nanoseconds)
    }

    func update(_ progress: BuildProgressSnapshot) {
        state.withLock { state in
            let now = DispatchTime.now().uptimeNanoseconds
            if state.stageStart?.stage != progress.stage { state.stageStart = (progress.stage, now) }
            state.last = progress
            guard let interval else { return }
            guard now - state.lastDraw >= interval || (interactive && progress.done == progress.total) else { return }
            state.lastDraw = now
            if interactive {
                draw(&state, now: now)
            } else {
                var line = "\(progress.stage): \(progress.done) of \(progress.total)"
                if let pace = Self.pace(of: progress, since: state.stageStart?.time, now: now) {
                    line += ", " + pace.rate + (pace.eta.map { ", about \($0) left" } ?? "")
                }
                console.err(line + "\n")
            }
        }
    }

    /// A long video's encode: its percent after the bar on a terminal, a line of its own in
    /// a log, within the same limit of one drawing per interval.
    func update(video: VideoProgressSnapshot) {
        state.withLock { state in
            if video.isFinished {
                if state.video?.name == video.name { state.video = nil }
                return
            }
            state.video = video
            let now = DispatchTime.now().uptimeNanoseconds
            guard let interval, now - state.lastDraw >= interval else { return }
            if interactive {
                state.lastDraw = now
                draw(&state, now: now)
            } else if let percent = video.percent {
                state.lastDraw = now
                console.err("Encoding: \(video.name) \(percent)\n")
            }
        }
    }

    /// Redraws the terminal's line: the bar of the last stage report, then the video.
    private func draw(_ state: inout State, now: UInt64) {
        var parts: [String] = []
        if let progress = state.last {
            let width = 24
            let filled = progress.total == 0 ? width : width * progress.done / progress.total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            var line = "\(progress.stage) [\(bar)] \(progress.done)/\(progress.total)"
            if let pace = Self.pace(of: progress, since: state.stageStart?.time, now: now) {
                line += "  " + pace.rate + (pace.eta.map { "  ETA \($0)" } ?? "")
            }
            parts.append(line)
        }
        if let video = state.video { parts.append(video.name + (video.percent.map { " " + $0 } ?? "")) }
        console.rawErr("\r\u{1B}[2K" + TerminalText.visible(parts.joined(separator: "  ")))
        state.drawn = true
    }

    /// The stage's rate so far (`31/s`) and the time left at that rate (`9 s`, `12 min`,
    /// `2 h 05 min`; nil once done); nil before anything is done.
    static func pace(
        of progress: BuildProgressSnapshot, since start: UInt64?, now: UInt64
    ) -> (rate: String, eta: String?)? {
        let elapsed = Double(now - min(start ?? now, now)) / 1e9
        guard elapsed > 0, progress.done > 0 else { return nil }
        let rate = Double(progress.done) / elapsed
        let shown = rate >= 10 ? String(format: "%.0f/s", rate) : String(format: "%.1f/s", rate)
        guard progress.done < progress.total else { return (shown, nil) }
        return (shown, duration(seconds: Double(progress.total - progress.done) / rate))
    }

    /// A time left as a person reads it: seconds up to 99, then minutes, then hours.
    static func duration(seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 100 { return "\(whole) s" }
        let minutes = (whole + 30) / 60
        if minutes < 100 { return "\(minutes) min" }
        return String(format: "%d h %02d min", minutes / 60, minutes % 60)
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
            state.video = nil
        }
    }
}

/// The progress fields the line shows.
struct BuildProgressSnapshot: Sendable {
    var stage: String
    var done: Int
    var total: Int
}

/// One long video's encode, as the line shows it.
struct VideoProgressSnapshot: Sendable {
    /// The clip's path in the input folder.
    var name: String
    /// 0…1, nil before ffmpeg's first report.
    var fraction: Double?
    /// Its encode ended: the line stops showing it.
    var isFinished = false

    /// `45 %`, rounded down so that 100 % means done; nil before the first report.
    var percent: String? {
        fraction.map { "\(Int((min(max($0, 0), 1) * 100).rounded(.down))) %" }
    }
}
