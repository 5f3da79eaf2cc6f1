import Foundation

/// Where a command's output goes: standard output and error in the real program, buffers in tests.
package struct Console: Sendable {
    /// Writes to standard output.
    package var out: @Sendable (String) -> Void
    /// Writes to standard error.
    package var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal that can show a progress line.
    package var showsProgress: Bool

    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, showsProgress: Bool
    ) {
        self.out = out
        self.err = err
        self.showsProgress = showsProgress
    }

    /// The process's own standard output and error; progress only on a real terminal
    /// whose `TERM` is not `dumb`.
    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Console {
        let terminal = isatty(STDERR_FILENO) == 1 && environment["TERM"] != "dumb"
        // A copy of descriptor 2: the imaging stage points descriptor 2 at /dev/null while
        // C decoders run, and the progress line must still reach the terminal.
        let copy = dup(STDERR_FILENO)
        let err = copy >= 0 ? FileHandle(fileDescriptor: copy, closeOnDealloc: true) : FileHandle.standardError
        return Console(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { err.write(Data($0.utf8)) },
            showsProgress: terminal)
    }
}
