import Synchronization
import TesseraCLI

/// A console that keeps what a command prints, for tests that run the CLI in process.
final class BufferedConsole: Sendable {
    private let buffers = Mutex((out: "", err: ""))
    private let plainProgressInterval: Duration?

    /// - Parameter plainProgressInterval: how often a build prints a plain progress line;
    ///   never by default, so what a test compares does not depend on how fast the machine is.
    init(plainProgressInterval: Duration? = nil) {
        self.plainProgressInterval = plainProgressInterval
    }

    /// What was written to standard output so far.
    var stdout: String { buffers.withLock { $0.out } }
    /// What was written to standard error so far.
    var stderr: String { buffers.withLock { $0.err } }

    /// The console to hand to `CLI`; never a terminal, so no progress bar is drawn.
    var console: Console {
        Console(
            out: { text in self.buffers.withLock { $0.out += text } },
            err: { text in self.buffers.withLock { $0.err += text } },
            showsProgress: false, plainProgressInterval: plainProgressInterval)
    }
}
