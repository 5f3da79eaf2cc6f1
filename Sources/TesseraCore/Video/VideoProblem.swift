import Foundation

/// Why a video could not be read or published, in words a person understands; the build
/// names the file.
package enum VideoProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// `ffmpeg` or `ffprobe` is not on the PATH.
    case toolMissing(String)
    /// ffprobe could not read the file as a video; `detail` is what it said.
    case notAVideo(detail: String)
    /// The file has streams but none of them is a picture (an audio file, say).
    case noVideoStream
    /// The installed ffmpeg lacks something the work needs (`detail` says what).
    case unsupported(String)
    /// The tool exited with an error; `detail` is the last thing it said.
    case failed(tool: String, detail: String)
    /// The tool ran longer than its time limit and was stopped.
    case timedOut(tool: String, seconds: Int)
    /// The calling task (or, in `TesseraVideo`'s own API, a `VideoCancellation`) asked the
    /// work to stop.
    case cancelled
    /// The file ends before its container says the clip does (a half-copied file).
    case truncated(readable: Double, expected: Double)
    /// The output could not be written or read back.
    case unwritable(String)
    /// The machine would not let the tool write `path` (a full disk, a file-size limit, a
    /// folder that is missing or read-only): no fault of the clip's, so the build stops.
    case cannotWrite(path: String, reason: String)
    /// The tool could not be started at all (`reason` is the system's words): no fault of
    /// the clip's, so the build stops.
    case cannotStart(tool: String, reason: String)

    package var description: String {
        switch self {
        case .toolMissing(let tool):
            return "\(tool) is not installed: install it with `sudo apt-get install ffmpeg`"
        case .notAVideo(let detail):
            return detail.isEmpty ? "not a readable video" : "not a readable video: \(detail)"
        case .noVideoStream: return "no video stream in the file"
        case .unsupported(let what): return "unsupported: \(what)"
        case .failed(let tool, let detail):
            return detail.isEmpty ? "\(tool) failed" : "\(tool) failed: \(detail)"
        case .timedOut(let tool, let seconds):
            return "\(tool) was stopped after \(seconds) s, longer than a clip this long should take"
        case .cancelled: return "stopped before it finished"
        case .truncated(let readable, let expected):
            return "the file ends early: \(Self.seconds(readable)) of \(Self.seconds(expected)) could be read "
                + "(a half-copied file?)"
        case .unwritable(let why): return "cannot write the video: \(why)"
        case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
        case .cannotStart(let tool, let reason):
            let descriptors = [EBADF, EMFILE, ENFILE].map { String(cString: strerror($0)) }
            guard descriptors.contains(reason) else {
                return "cannot start \(tool): \(reason); check that it runs (`\(tool) -version`), then build again"
            }
            return "cannot start \(tool): \(reason); the limit on open files (`ulimit -n`) is too low for it: "
                + "raise it (`ulimit -n 4096`), then build again"
        }
    }

    /// Whether the machine failed, not the clip (`cannotWrite`, `cannotStart`): every
    /// other clip would fail the same way, so the build stops rather than skip it.
    var isMachineFault: Bool {
        switch self {
        case .cannotWrite, .cannotStart: return true
        default: return false
        }
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard tenths.isFinite, abs(tenths) < 1e12 else { return "? s" }
        let whole = Int(tenths)
        return "\(whole / 10).\(abs(whole % 10)) s"
    }
}
