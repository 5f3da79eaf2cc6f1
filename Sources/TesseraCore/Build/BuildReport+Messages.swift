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
    /// ignored and, always last, the time per stage, as notes.
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
            messages += notes.map { .note("\($0.relativePath): \($0.reason)") }
            let stages = stages.map { String(format: "%@ %.2f s", $0.stage, $0.seconds) }
            messages.append(.note("time per stage: \(stages.joined(separator: ", "))"))
        }
        return messages
    }

    /// Why `--strict` fails this build: one line each for photos skipped, videos kept, files or
    /// folders unreadable, metadata file problems, stills published without their motion,
    /// originals not offered or offered with their place, and album ZIPs not offered; empty
    /// when there were none.
    package var strictFailures: [String] {
        var failures: [String] = []
        func fail(_ count: Int, _ one: String, _ many: String) {
            guard count > 0 else { return }
            failures.append("\(count) \(count == 1 ? one : many) and --strict is set")
        }
        fail(skipped.count, "photo was skipped", "photos were skipped")
        fail(
            kept.count, "video could not be made again (ffmpeg is missing)",
            "videos could not be made again (ffmpeg is missing)")
        fail(unreadable.count, "file or folder was unreadable", "files or folders were unreadable")
        func warned(_ kind: MetadataWarning.Kind?) -> Int { warnings.count { $0.kind == kind } }
        fail(warned(nil), "metadata file problem", "metadata file problems")
        fail(
            warned(.motion), "photo was published without its motion (a still)",
            "photos were published without their motion (as stills)")
        fail(warned(.original), "original could not be offered", "originals could not be offered")
        fail(
            warned(.location), "original is offered with the place it was taken",
            "originals are offered with the place they were taken")
        fail(warned(.archive), "album's ZIP could not be offered", "albums' ZIPs could not be offered")
        fail(
            warned(.fromRaw), "photo was published from its RAW (it cannot be decoded)",
            "photos were published from their RAWs (they cannot be decoded)")
        return failures
    }
}
