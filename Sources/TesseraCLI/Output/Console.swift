import Foundation

/// Where a command's output goes: standard output and error in the real program, buffers in tests.
///
/// Everything written through `out` and `err` has its control characters made visible
/// (`TerminalText`), line breaks kept: a name read from disk never reaches the terminal as
/// a command. Only the progress bar's own redraw sequence and the JSON report, escaped by
/// their writers, go through `rawOut` and `rawErr`.
package struct Console: Sendable {
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    /// Whether standard error is a terminal that can show a progress line.
    package var showsProgress: Bool
    /// How often a build prints a plain progress line (`Images: 120 of 400`) when standard
    /// error is not a terminal; nil for never, as for a console whose output a test compares.
    package var plainProgressInterval: Duration?

    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, showsProgress: Bool,
        plainProgressInterval: Duration? = .seconds(5)
    ) {
        writeOut = out
        writeErr = err
        self.showsProgress = showsProgress
        self.plainProgressInterval = plainProgressInterval
    }

    /// Writes to standard output, control characters made visible.
    package var out: @Sendable (String) -> Void {
        { [writeOut] text in writeOut(TerminalText.visible(text, keepingLineBreaks: true)) }
    }

    /// Writes to standard error, control characters made visible.
    package var err: @Sendable (String) -> Void {
        { [writeErr] text in writeErr(TerminalText.visible(text, keepingLineBreaks: true)) }
    }

    /// Writes to standard output as it is: for text its writer made safe already.
    func rawOut(_ text: String) { writeOut(text) }

    /// Writes to standard error as it is: for the progress bar's terminal commands.
    func rawErr(_ text: String) { writeErr(text) }

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
