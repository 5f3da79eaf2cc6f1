import Dispatch
import Foundation
import Synchronization

/// Progress of a build on standard error: on a terminal, a bar redrawn in place
/// (`Rendering [#######-------] 120/400  31/s  ETA 9 s`, then `  Beach.mov 45 %` while a
/// long video encodes); elsewhere (a log, CI), a plain line at most every
/// `Console.plainProgressInterval` (`Rendering: 120 of 400`, `Encoding: Beach.mov 45 %`),
/// and nothing for builds shorter than that.
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
                console.err("\(progress.stage): \(progress.done) of \(progress.total)\n")
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
            let elapsed = Double(now - (state.stageStart?.time ?? now)) / 1e9
            let rate = elapsed > 0 ? Double(progress.done) / elapsed : 0
            var line = "\(progress.stage) [\(bar)] \(progress.done)/\(progress.total)"
            if rate > 0 {
                line += String(format: "  %.0f/s", rate)
                let eta = Double(progress.total - progress.done) / rate
                if progress.done < progress.total { line += String(format: "  ETA %.0f s", eta) }
            }
            parts.append(line)
        }
        if let video = state.video { parts.append(video.name + (video.percent.map { " " + $0 } ?? "")) }
        console.rawErr("\r\u{1B}[2K" + TerminalText.visible(parts.joined(separator: "  ")))
        state.drawn = true
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
