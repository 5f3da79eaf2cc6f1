import Foundation
import Synchronization
import XCTest

/// Runs the built `tessera` binary, as a user would.
enum Tessera {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// How the process ended: `.exit`, or `.uncaughtSignal` for a crash or a kill.
        var reason: Process.TerminationReason = .exit
        /// Whether the process was killed for running past its time limit.
        var timedOut = false

        /// Standard error without the plain progress lines (`Images: 120 of 400, 31/s,
        /// about 9 s left`) that a build longer than five seconds prints when standard error
        /// is not a terminal: a slow machine (or a sanitizer build) prints them, a fast one
        /// does not.
        var messages: String { Tessera.withoutProgress(stderr) }
    }

    /// `text` without the lines a non-interactive `ProgressLine` prints.
    static func withoutProgress(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter {
                $0.range(
                    of: #"^[A-Z][a-z ]+: \d+ of \d+(, [0-9.]+/s(, about .+ left)?)?$"#, options: .regularExpression)
                    == nil
            }
            .filter { $0.range(of: #"^Encoding: .* \d+ %$"#, options: .regularExpression) == nil }
            .joined(separator: "\n")
    }

    /// The binary under test: `TESSERA_BINARY` when set (`make test` sets it to the release
    /// binary built as `make install` builds it, so the tests run what ships), else the one
    /// beside the test bundle (`swift build` puts both in `.build/<config>/`).
    ///
    /// - Throws: an error, not a skip, when `TESSERA_BINARY` names no executable: a
    ///   mistyped path must not turn every end-to-end test into a silent skip.
    static func binary() throws -> URL {
        if let named = ProcessInfo.processInfo.environment["TESSERA_BINARY"], !named.isEmpty {
            let url = URL(fileURLWithPath: named).standardizedFileURL
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw BinaryNotFound(path: url.path)
            }
            return url
        }
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [folder, folder.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("tessera")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        let fallback = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../.build/debug/tessera").standardizedFileURL
        if FileManager.default.isExecutableFile(atPath: fallback.path) { return fallback }
        throw XCTSkip("the tessera binary is not built next to the tests; run 'swift build' first")
    }

    /// `TESSERA_BINARY` names a file that is missing or not executable.
    struct BinaryNotFound: Error, CustomStringConvertible {
        var path: String
        var description: String {
            "TESSERA_BINARY is '\(path)', which is not an executable file; build it or unset the variable"
        }
    }

    /// Runs `tessera` with `arguments` in `directory` with no terminal attached.
    @discardableResult
    ///
    /// - Parameters:
    ///   - timeout: a hang guard: past it the process is killed (`timedOut`).
    ///   - dataKiB: the most memory the process may allocate (`ulimit -d`, in KiB), as on a
    ///     small server; nil for no limit.
    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
        timeout: TimeInterval? = nil, environment: [String: String] = [:], dataKiB: Int? = nil
    ) throws -> Result {
        let process = Process()
        if let dataKiB {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -d \(dataKiB) && exec \"$0\" \"$@\"", try binary().path] + arguments
        } else {
            process.executableURL = try binary()
            process.arguments = arguments
        }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let killed = KillSwitch()
        if let timeout {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if killed.fire() { kill(pid, SIGKILL) }
            }
        }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Both pipes are drained at once: a chatty stderr must not block the process.
        let errBox = DataBox()
        let errDone = DispatchSemaphore(value: 0)
        let errReader = err.fileHandleForReading
        DispatchQueue.global().async {
            errBox.data = errReader.readDataToEndOfFile()
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        let errData = errBox.data
        process.waitUntilExit()
        let timedOut = !killed.fire()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self),
            reason: process.terminationReason, timedOut: timedOut)
    }
}

/// Bytes read on another thread, handed over after a semaphore.
private final class DataBox: Sendable {
    private let bytes = Mutex(Data())
    var data: Data {
        get { bytes.withLock { $0 } }
        set { bytes.withLock { $0 = newValue } }
    }
}

/// Fires at most once: either the timer kills the process or the test collects it.
private final class KillSwitch: Sendable {
    private let fired = Mutex(false)

    /// True for the first caller only.
    func fire() -> Bool {
        fired.withLock { fired in
            defer { fired = true }
            return !fired
        }
    }
}
