import Dispatch
import Foundation
import TesseraVideo

/// Ctrl-C (SIGINT) or SIGTERM during a build, in `build` and `serve`: the process ends at
/// once, as a build is safe to kill at any moment and the next one finishes it, and the
/// ffmpeg and ffprobe processes it started end with it. They run in process groups of their
/// own, so a terminal's Ctrl-C does not reach them: they went on encoding for minutes after
/// the build was gone, into a temporary file in the site.
enum StopDuringBuild {
    static let message = "\nStopped during a build; what it made is kept, and the next build does the rest.\n"

    /// Says so, stops the build's tools and ends the process: by `signal` when given (so a
    /// shell running `tessera build` in a loop stops too, as it did when the signal was not
    /// caught), else with status 130.
    static func stopNow(by signal: Int32? = nil) -> Never {
        Console.write(message, to: STDERR_FILENO)
        RunningTools.shared.stopAll()
        if let signal {
            Glibc.signal(signal, SIG_DFL)
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, signal)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(signal)
        }
        _exit(130)
    }

    /// Catches SIGINT and SIGTERM from now on, calling `handler` with the signal on a global
    /// queue, while the returned sources are kept.
    static func catching(_ handler: @escaping @Sendable (Int32) -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Stops catching: SIGINT and SIGTERM end the process again.
    static func release(_ sources: [any DispatchSourceSignal]) {
        for source in sources { source.cancel() }
        for number in [SIGINT, SIGTERM] { signal(number, SIG_DFL) }
    }
}
