import Foundation
import TesseraCLI
import TesseraImaging
import TesseraTestSupport

/// Runs `tessera` inside the test process: the same parsing, messages and exit codes as the
/// binary, without starting one. For what the binary alone can show (a real terminal,
/// signals, standard input), use `Tessera.run`.
enum InProcessCLI {
    /// Runs `tessera arguments` in `directory` (a fresh temporary folder when nil), with the
    /// images made in this process unless `imagingWorkers` are given.
    ///
    /// - Parameter plainProgressInterval: how often progress lines are printed, as a log
    ///   gets them; never by default (`BufferedConsole`).
    static func run(
        _ arguments: [String], in directory: URL? = nil, imagingWorkers: ImagingWorkers? = nil,
        plainProgressInterval: Duration? = nil
    ) throws -> Tessera.Result {
        let scratch = directory == nil ? try TemporaryFolder() : nil
        let buffered = BufferedConsole(plainProgressInterval: plainProgressInterval)
        var cli = CLI(arguments: arguments, workingDirectory: directory ?? scratch!.url, console: buffered.console)
        cli.imagingWorkers = imagingWorkers
        let status = cli.run()
        return Tessera.Result(status: status.rawValue, stdout: buffered.stdout, stderr: buffered.stderr)
    }
}
