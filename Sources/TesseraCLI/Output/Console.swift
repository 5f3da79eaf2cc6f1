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
        let err = copy >= 0 ? copy : STDERR_FILENO
        return Console(
            out: { write($0, to: STDOUT_FILENO) },
            err: { write($0, to: err) },
            showsProgress: terminal)
    }

    /// Writes all of `text` to `descriptor`, as far as it can: a full disk (`>/dev/full`), a
    /// reader gone (`| head -1`, with SIGPIPE ignored) or a closed stream ends the writing,
    /// never the build. (`FileHandle.write` trapped on each: a crash after the site was made.)
    package static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
            if written > 0 {
                done += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Makes the process safe to write from whatever started it: descriptors 0–2 that were
    /// closed are opened on `/dev/null` (else the first files the program opens take their
    /// numbers, and its messages went into them); SIGPIPE and SIGXFSZ are ignored, so a
    /// reader gone or a file-size limit (`ulimit -f`) is a write error with a message, not a
    /// death by signal (exit 141, 153) in the middle of a build. A soft limit on open files
    /// below `openFilesWanted` is raised towards it, as far as the hard limit allows: with a
    /// descriptor inherited above the soft limit (`exec 250<…; ulimit -Sn 200`), Foundation
    /// could start no ffprobe (`Bad file descriptor`). Call first thing in `main`.
    package static func prepareProcess() {
        for descriptor in Int32(0)...2 where fcntl(descriptor, F_GETFD) == -1 {
            _ = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
        }
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < openFilesWanted {
            limit.rlim_cur = min(limit.rlim_max, openFilesWanted)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }

    /// The soft limit on open files `prepareProcess` raises a lower one to: enough for the
    /// tools started, not so many that a child closing every descriptor up to its limit
    /// slows down (a hard limit is often a million).
    static let openFilesWanted: rlim_t = 4096
}
