import Foundation
import TesseraCore
import TesseraImaging

/// How one build runs, as opposed to what site it makes (`SiteConfiguration`): the same
/// configuration makes the same site whatever these say. `build` and `serve` share them.
struct BuildRunOptions: Sendable, Hashable {
    /// Photos processed at once.
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Make every image and render every page again.
    var force = false
    /// A skipped photo fails the build (exit 1).
    var strict = false
    /// Print nothing but errors.
    var quiet = false
    /// Print a JSON report on standard output instead of the summary.
    var json = false
    /// Also list files that were not photos, and the time per stage.
    var verbose = false
    /// End the summary with where to open the site (`serve` prints its URL instead).
    var pointsToSite = true
    /// Where images are read and made (`CLI.imagingWorkers`); nil for in process.
    var imagingWorkers: ImagingWorkers?

    static let jobsOption = Option(
        "jobs", short: "j", valueName: "N", help: "Photos processed at once.", defaultText: "number of cores",
        rule: .wholeNumber(1...256))
    static let forceFlag = Flag("force", help: "Make every image and render every page again, even those up to date.")
    static let strictFlag = Flag(
        "strict",
        help: "Exit with status 1 if any photo was skipped or a metadata file has a problem (for publishing from CI).")
    static let quietFlag = Flag("quiet", short: "q", help: "Print nothing but errors.")
    static let jsonFlag = Flag("json", help: "Print a JSON report on standard output instead of the summary.")
    static let verboseFlag = Flag(
        "verbose", short: "v", help: "Also list files that were not photos and what was left out.")

    /// The declarations, in the order help lists them.
    static let declarations =
        [jobsOption.declaration] + [forceFlag, strictFlag, quietFlag, jsonFlag, verboseFlag].map(\.declaration)

    init() {}

    /// What the engine is told of how this build runs; the rest is the command's own.
    ///
    /// - Parameter generator: which build of Tessera makes the pages (`BuildRun.generator`).
    func run(generator: String) -> RunOptions {
        RunOptions(jobs: jobs, force: force, generator: generator)
    }

    init(_ arguments: ParsedArguments) throws(UsageError) {
        if let jobs = try arguments.value(of: Self.jobsOption) { self.jobs = jobs }
        force = arguments.isSet(Self.forceFlag)
        strict = arguments.isSet(Self.strictFlag)
        quiet = arguments.isSet(Self.quietFlag)
        json = arguments.isSet(Self.jsonFlag)
        verbose = arguments.isSet(Self.verboseFlag)
    }
}
