/// Why a build could not run at all (as opposed to one photo being skipped): the error of
/// the stage that stopped it, in words that say what to do.
package struct BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stage that stopped the build, with its own error.
    enum Stage: Sendable, Equatable {
        case scan(ScanError)
        case manifest(ManifestError)
        case templates(ThemeError)
        case write(WriteError)
        /// The machine failed during video work, not the clip (`VideoProblem.isMachineFault`):
        /// a tool that cannot start.
        case video(VideoProblem)
        /// A file could not be written in the temporary folder (`TMPDIR`): a video's
        /// poster frame, say.
        case temporaryFolder(path: String, reason: String)
    }

    let stage: Stage

    static func scan(_ error: ScanError) -> BuildError { BuildError(stage: .scan(error)) }
    static func manifest(_ error: ManifestError) -> BuildError { BuildError(stage: .manifest(error)) }
    static func templates(_ error: ThemeError) -> BuildError { BuildError(stage: .templates(error)) }
    static func write(_ error: WriteError) -> BuildError { BuildError(stage: .write(error)) }
    static func video(_ problem: VideoProblem) -> BuildError { BuildError(stage: .video(problem)) }

    package var description: String {
        switch stage {
        case .scan(let error): return error.description
        case .manifest(let error): return error.description
        case .templates(let error): return error.description
        case .write(let error): return error.description
        case .video(let problem): return problem.description
        case .temporaryFolder(let path, let reason):
            return "cannot write '\(path)' in the temporary folder: \(reason); set TMPDIR to a folder Tessera can "
                + "write, with room for a video's frames, then build again (what was made is kept)"
        }
    }

    /// Whether `description` starts with the mistake's place in the compiler's form
    /// (`file:line:column: error: …`, as a template's mistake says itself), which editors
    /// and terminals link to; else it is a sentence of its own.
    package var isLocated: Bool {
        if case .templates(.template) = stage { return true }
        return false
    }
}
