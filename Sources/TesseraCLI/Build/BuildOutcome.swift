import TesseraCore

/// What one build run ended with: its report (nil when the build could not run) and the
/// exit code its diagnostics picked.
struct BuildOutcome: Sendable {
    var report: BuildReport?
    var exitCode: CLI.ExitCode
    /// The errors reported, in order (empty when the build succeeded).
    var errors: [String] = []
}
