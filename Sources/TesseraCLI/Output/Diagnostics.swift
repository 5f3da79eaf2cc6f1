import Synchronization

/// The one path by which the command line tells the user that something is wrong, and the
/// exit code that follows from it: `warning:`, `error:` and `note:` lines on standard error,
/// usage errors in swift-argument-parser's words. No other CLI code writes such a line.
///
/// A message names files, folders and values read from disk or given on the command line;
/// every control character in it is made visible (`TerminalText`), line breaks included,
/// so a file name can neither command the terminal nor start a line of its own.
///
/// Exit codes: 0 when nothing worse than a warning was reported, 1 after an error, 64 after
/// a usage error (as in `sysexits.h`).
final class Diagnostics: Sendable {
    private let console: Console
    private let quiet: Bool
    private let worst = Mutex(CLI.ExitCode.success)
    private let errorMessages = Mutex<[String]>([])

    /// - Parameter quiet: drop warnings and notes (`--quiet`); errors are always shown.
    init(console: Console, quiet: Bool = false) {
        self.console = console
        self.quiet = quiet
    }

    /// The exit code for everything reported so far.
    var exitCode: CLI.ExitCode { worst.withLock { $0 } }

    /// The messages of every error reported so far, for `serve` to show in the open pages.
    var errors: [String] { errorMessages.withLock { $0 } }

    /// Something failed: `error: …`, exit code 1.
    func error(_ message: String) {
        error(located: "error: \(message)", message: message)
    }

    /// Something failed where a file has a position: `located` is already in the compiler's
    /// form (`file:line:column: error: …`, as a template's mistake says itself), which
    /// editors and terminals link to; exit code 1.
    func error(located: String, message: String) {
        console.err("\(TerminalText.visible(located))\n")
        errorMessages.withLock { $0.append(message) }
        raise(to: .failure)
    }

    /// Something the user should know that did not fail the command: `warning: …`, or
    /// `file:line:column: warning: …` where the mistake has a position editors can open.
    func warning(_ message: String, at position: String? = nil) {
        guard !quiet else { return }
        let located = position.map { "\(TerminalText.visible($0)): " } ?? ""
        console.err(located + "warning: \(TerminalText.visible(message))\n")
    }

    /// A detail asked for (`--verbose`), or what the command is waiting for: `note: …`.
    func note(_ message: String) {
        if !quiet { console.err("note: \(TerminalText.visible(message))\n") }
    }

    /// A warning or note about the site as it stands, as `warning(_:at:)` or `note(_:)` says it.
    func show(_ message: StandingMessage) {
        switch message.kind {
        case .warning: warning(message.text, at: message.position)
        case .note: note(message.text)
        }
    }

    /// The command was called wrongly: the error, its usage and where to get help; exit code 64.
    func usage(_ error: UsageError) {
        var shown = error
        shown.message = TerminalText.visible(error.message)
        console.err(shown.report + "\n")
        raise(to: .usage)
    }

    private func raise(to code: CLI.ExitCode) {
        worst.withLock { worst in
            if code.severity > worst.severity { worst = code }
        }
    }
}

extension CLI.ExitCode {
    /// Usage errors outrank failures: the command did not run as meant at all.
    fileprivate var severity: Int {
        switch self {
        case .success: return 0
        case .failure: return 1
        case .usage: return 2
        }
    }
}
