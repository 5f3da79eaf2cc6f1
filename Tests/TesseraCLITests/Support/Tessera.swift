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
    }

    /// The binary beside the test bundle (`swift build` puts both in `.build/<config>/`).
    static func binary() throws -> URL {
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

    /// Runs `tessera` with `arguments` in `directory` with no terminal attached.
    @discardableResult
    ///
    /// - Parameter timeout: a hang guard: past it the process is killed (`timedOut`).
    static func run(
        _ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
        timeout: TimeInterval? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
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

/// A fresh folder under the system's temporary directory, removed when the test ends.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
