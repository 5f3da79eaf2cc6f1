import Dispatch
import Foundation

/// A one-line progress bar on a terminal: `Rendering [#######-------] 120/400  31/s  ETA 9 s`.
final class ProgressLine: @unchecked Sendable {
    private let console: Console
    private let lock = NSLock()
    private var lastDraw: UInt64 = 0
    private var stageStart: (stage: String, time: UInt64)?
    private var drawn = false

    init(console: Console) {
        self.console = console
    }

    func update(_ progress: BuildProgressSnapshot) {
        lock.withLock {
            let now = DispatchTime.now().uptimeNanoseconds
            if stageStart?.stage != progress.stage { stageStart = (progress.stage, now) }
            guard progress.done == progress.total || now - lastDraw > 100_000_000 else { return }
            lastDraw = now
            let width = 24
            let filled = progress.total == 0 ? width : width * progress.done / progress.total
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
            let elapsed = Double(now - (stageStart?.time ?? now)) / 1e9
            let rate = elapsed > 0 ? Double(progress.done) / elapsed : 0
            var line = "\(progress.stage) [\(bar)] \(progress.done)/\(progress.total)"
            if rate > 0 {
                line += String(format: "  %.0f/s", rate)
                let eta = Double(progress.total - progress.done) / rate
                if progress.done < progress.total { line += String(format: "  ETA %.0f s", eta) }
            }
            console.err("\r\u{1B}[2K" + line)
            drawn = true
        }
    }

    /// Clears the line before the summary is printed.
    func finish() {
        lock.withLock {
            if drawn { console.err("\r\u{1B}[2K") }
            drawn = false
        }
    }
}

/// The progress fields the line shows.
struct BuildProgressSnapshot: Sendable {
    var stage: String
    var done: Int
    var total: Int
}
