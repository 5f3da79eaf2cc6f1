import Foundation
import TesseraCore

/// `tessera build [INPUT] [-o OUTPUT]`: makes the site.
struct BuildCommand: Command {
    static let output = Option(
        "output", short: "o", valueName: "DIR", help: "The folder to write the site into.", defaultText: "site",
        rule: .text("a folder path"))
    static let config = Option(
        "config", short: "c", valueName: "FILE", help: "The site's configuration file.",
        defaultText: "tessera.yaml in the input folder, if there is one", rule: .text("a file path"))

    /// The flags that override the site's configuration, in the order help lists them.
    static let settings = SettingOption.all

    /// The folder of photos when none is given (also where `init` writes).
    static let defaultInput = "photos"
    static let spec = CommandSpec(
        name: "build", overview: "Build the gallery site from a folder of photos.",
        arguments: [
            .init(
                name: "input", help: "The folder of photos; each sub-folder is an album. (default: photos)",
                isOptional: true)
        ],
        options: [output.declaration, config.declaration] + settings.map(\.declaration) + BuildRunOptions.declarations
            + [CommandSpec.helpOption.declaration])

    let site: SiteArguments
    let options: BuildRunOptions
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        site = try SiteArguments(arguments, cli: cli)
        var options = try BuildRunOptions(arguments)
        options.imagingWorkers = cli.imagingWorkers
        self.options = options
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let configuration: SiteConfiguration
        var notes: [String] = []
        do {
            configuration = try site.configuration(notes: &notes)
        } catch {
            switch error {
            case .flags(let usage): throw usage
            case .file(let problem):
                let diagnostics = Diagnostics(console: cli.console)
                diagnostics.error(problem.description)
                return diagnostics.exitCode
            }
        }
        // Ctrl-C ends the build at once, and with it the ffmpeg it runs (`StopDuringBuild`),
        // as the signal it is.
        let stopping = StopDuringBuild.catching { StopDuringBuild.stopNow(by: $0) }
        defer { StopDuringBuild.release(stopping) }
        return BuildRun.run(
            input: site.input, output: site.output, configuration: configuration, options: options,
            console: cli.console, notes: notes
        ).exitCode
    }
}
