import Foundation
import Synchronization
import TesseraCore

/// Turns ffmpeg's `-progress` lines (`out_time_us=1500000`, then `progress=continue`) into
/// `TranscodeProgress` reports.
final class ProgressReader: Sendable {
    private let duration: Double?
    private let report: @Sendable (TranscodeProgress) -> Void
    private let seconds = Mutex(0.0)

    init(duration: Double?, report: @escaping @Sendable (TranscodeProgress) -> Void) {
        self.duration = duration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        self.report = report
    }

    /// One line of ffmpeg's standard output.
    func read(_ line: Substring) {
        let parts = line.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { return }
        let key = parts[0].trimmingCharacters(in: .whitespaces)
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        switch key {
        case "out_time_us":
            if let microseconds = Double(value), microseconds.isFinite, microseconds >= 0 {
                seconds.withLock { $0 = microseconds / 1_000_000 }
            }
        case "progress":
            let done = seconds.withLock { $0 }
            let fraction = duration.map { min(1, max(0, (value == "end" ? 1 : done / $0))) }
            report(TranscodeProgress(seconds: done, fraction: fraction))
        default:
            break
        }
    }
}
