import Foundation
import TesseraCore

/// One run of ffmpeg or ffprobe as a process: bounded in time and in what it may print,
/// its standard error kept for the message, killed when asked to stop.
struct ToolRun: Sendable {
    /// `ffmpeg` or `ffprobe`, for messages.
    var tool: String
    var executable: URL
    var arguments: [String]
    /// Seconds before the process is killed.
    var timeLimit: Double
    /// Standard output kept and returned (ffprobe's report), at most `outputLimit` bytes;
    /// when false it is only passed, line by line, to `onLine` (ffmpeg's progress).
    var keepsOutput: Bool = true
    var outputLimit: Int = 16 << 20
    /// Where the process is recorded while it runs, so a stopping build kills it.
    var running: RunningTools = .shared

    /// util-linux's `setpriv` (Debian installs it everywhere), which starts the tool with
    /// the kernel's parent-death signal set to SIGKILL and then runs it in its place: a tool
    /// dies with this process even when this one is killed by SIGKILL, which `RunningTools`
    /// cannot catch. The kernel sends it when the thread that started the tool ends; `run`
    /// holds that thread until the tool is gone, so only this process's end sends it.
    /// Without `setpriv` (or for a tool that is not an executable file, which then fails to
    /// start as before) the tool is started directly.
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].lazy.map { URL(fileURLWithPath: $0) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// What a finished run left.
    struct Result: Sendable {
        /// The exit status, or the signal that ended the process when `crashed`.
        var status: Int32
        /// Whether a signal ended it (a decoder crashing on a hostile file).
        var crashed: Bool
        var output: [UInt8]
        /// The end of standard error, as text.
        var errors: String

        /// What to tell a person when the run failed: the tool's last words, or that it
        /// crashed.
        func failureDetail(naming file: URL) -> String {
            let said = ToolMessage.last(errors, naming: file)
            guard crashed else { return said }
            return "it crashed on this file (signal \(status))" + (said.isEmpty ? "" : ": \(said)")
        }
    }

    /// Runs the process to its end.
    ///
    /// - Parameter onLine: each line of standard output, from a reading thread.
    /// - Throws: `.timedOut` after `timeLimit`, `.cancelled` when `cancellation` or the
    ///   calling task is cancelled (the process is killed in both cases) or `running` is
    ///   stopping (it kills the process), `.cannotStart` when it cannot start (the
    ///   machine's fault: too many open files, say), `.failed` when it prints more than
    ///   `outputLimit`.
    func run(
        cancellation: VideoCancellation? = nil, onLine: (@Sendable (Substring) -> Void)? = nil
    ) throws(VideoProblem) -> Result {
        try run(in: Process(), cancellation: cancellation, onLine: onLine)
    }

    /// `run(cancellation:onLine:)` in a `Process` made by the caller (a test keeps a weak
    /// reference to see it freed afterwards); `process` must be new.
    func run(
        in process: Process, cancellation: VideoCancellation? = nil, onLine: (@Sendable (Substring) -> Void)? = nil
    ) throws(VideoProblem) -> Result {
        guard running.willStart() else { throw .cancelled }
        if let setpriv = Self.setpriv, FileManager.default.isExecutableFile(atPath: executable.path) {
            process.executableURL = setpriv
            process.arguments = ["--pdeathsig", "KILL", "--", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["AV_LOG_FORCE_NOCOLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            running.started(nil)
            let failure = error as NSError
            let reason =
                failure.domain == NSPOSIXErrorDomain && failure.code > 0
                ? String(cString: strerror(Int32(failure.code))) : failure.localizedDescription
            throw .cannotStart(tool: executable.path, reason: reason)
        }
        running.started(process.processIdentifier)

        let collected = StreamCollector(keepsOutput: keepsOutput, outputLimit: outputLimit, onLine: onLine)
        let readers = DispatchGroup()
        let outputDescriptor = output.fileHandleForReading.fileDescriptor
        let errorDescriptor = errors.fileHandleForReading.fileDescriptor
        readers.enter()
        Thread.detachNewThread {
            collected.drain(outputDescriptor, into: .output)
            readers.leave()
        }
        readers.enter()
        Thread.detachNewThread {
            collected.drain(errorDescriptor, into: .errors)
            readers.leave()
        }

        let deadline = Date().addingTimeInterval(timeLimit)
        var stopped: VideoProblem?
        while exited.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
            if cancellation?.isCancelled == true || Task.isCancelled {
                stopped = .cancelled
            } else if Date() > deadline {
                stopped = .timedOut(tool: tool, seconds: Int(timeLimit.rounded(.up)))
            } else if collected.overflowed {
                stopped = .failed(tool: tool, detail: "it printed more than \(outputLimit >> 20) MiB")
            }
            if stopped != nil {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
                break
            }
        }
        // The process has exited (terminationHandler runs after Foundation marks it so), and
        // this returns at once. It must be called all the same: swift-corelibs-foundation's
        // Process holds its run-loop source, whose context retains the Process, and only
        // `waitUntilExit()` lets go of that source. Without it every Process, with its
        // environment, arguments and pipes, is a cycle nothing frees (LeakSanitizer's
        // indirect leaks under ToolRun.run).
        process.waitUntilExit()
        running.ended(process.processIdentifier)
        collected.finish()
        readers.wait()
        // Killed by a stopping build, which ends the process: not a crash to report.
        if running.isStopping { throw .cancelled }
        if let stopped { throw stopped }
        if collected.overflowed {
            throw .failed(tool: tool, detail: "it printed more than \(outputLimit >> 20) MiB")
        }
        return Result(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
            output: collected.output, errors: collected.errorText)
    }
}
