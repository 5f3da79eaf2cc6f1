import Foundation

extension BuildReport {
    /// One line the command line shows for a build, besides the summary.
    package enum Message: Sendable, Equatable {
        /// Something the user should fix, at a file (`file:line`) when it has one.
        case warning(String, at: String?)
        /// Something worth knowing (`--verbose`).
        case note(String)
    }

    /// What the build tells the user, in order: the photos skipped, the videos kept from the
    /// last build (ffmpeg missing), what could not be read
    /// and the metadata problems, as warnings; with `verbose`, also what was left out and
    /// ignored and the time per stage, as notes.
    package func messages(verbose: Bool) -> [Message] {
        var messages: [Message] = skipped.map { .warning("\($0.path): \($0.reason); skipped", at: nil) }
        messages += kept.map { .warning("\($0.path): \($0.reason)", at: nil) }
        for unreadable in unreadable {
            messages.append(
                .warning(
                    "\(unreadable.relativePath.isEmpty ? "." : unreadable.relativePath): \(unreadable.reason)", at: nil)
            )
        }
        messages += warnings.map { .warning($0.message, at: $0.position) }
        if verbose {
            messages += excluded.map { .note("\($0.relativePath): \($0.reason); left out") }
            messages += ignored.map { .note("\($0.relativePath): \($0.reason); ignored") }
            let stages = stages.map { String(format: "%@ %.2f s", $0.stage, $0.seconds) }
            messages.append(.note("time per stage: \(stages.joined(separator: ", "))"))
        }
        return messages
    }

    /// Why `--strict` fails this build: one line each for photos skipped, videos kept, files or folders
    /// unreadable and metadata file problems; empty when there were none.
    package var strictFailures: [String] {
        var failures: [String] = []
        if !skipped.isEmpty {
            let count = skipped.count
            failures.append("\(count) photo\(count == 1 ? " was" : "s were") skipped and --strict is set")
        }
        if !kept.isEmpty {
            let count = kept.count
            failures.append(
                "\(count) video\(count == 1 ? "" : "s") could not be made again (ffmpeg is missing) and --strict is set"
            )
        }
        if !unreadable.isEmpty {
            let count = unreadable.count
            failures.append(
                "\(count) file\(count == 1 ? " or folder was" : "s or folders were") unreadable and --strict is set")
        }
        if !warnings.isEmpty {
            let count = warnings.count
            failures.append("\(count) metadata file problem\(count == 1 ? "" : "s") and --strict is set")
        }
        return failures
    }
}
