import Foundation
import TesseraCore
import TesseraYAML

/// What `build` and `serve` both take: the input and output folders, a configuration file
/// named with `--config`, and the flags that override the site's settings.
struct SiteArguments: Sendable {
    let input: URL
    let output: URL
    /// The file given with `--config`; nil to look for `tessera.yaml` in the input folder.
    let configFile: URL?
    private let flags: ParsedArguments
    private let workingDirectory: URL

    /// Reads the folders and checks every setting flag, so a bad one is a usage error before
    /// anything is read.
    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        input = try cli.url(
            arguments.positionals.first ?? BuildCommand.defaultInput, for: "<input>", expected: "a folder path")
        output = try cli.url(
            try arguments.value(of: BuildCommand.output) ?? "site", for: "--output", expected: "a folder path")
        if let config = try arguments.value(of: BuildCommand.config) {
            configFile = try cli.url(config, for: "--config", expected: "a file path")
        } else {
            configFile = nil
        }
        flags = arguments
        workingDirectory = cli.workingDirectory
        _ = try SettingOption.apply(BuildCommand.settings, from: arguments, to: SiteConfiguration())
    }

    /// The site's configuration as of now: defaults, then the configuration file, then the
    /// flags. A path in the file is taken from the file's folder, one given as a flag from
    /// the working folder. Read again for every build, so `serve` follows edits to the file.
    func configuration() throws(ConfigurationFailure) -> SiteConfiguration {
        var notes: [String] = []
        return try configuration(notes: &notes)
    }

    /// The configuration, and in `notes` what was read from a `sigal.conf.py`.
    func configuration(notes: inout [String]) throws(ConfigurationFailure) -> SiteConfiguration {
        let file: SiteConfiguration
        // A `--templates` flag replaces the file's folder, which then need not be there.
        let flagged = (try? SettingOption.apply(BuildCommand.settings, from: flags, to: SiteConfiguration()))?.templates
        do {
            file = try ConfigurationFile.load(
                explicit: configFile, input: input, notes: &notes, documents: YAMLDocumentParser(),
                checksTemplates: flagged == nil)
        } catch {
            throw .file(error)
        }
        do {
            var configuration = try SettingOption.apply(BuildCommand.settings, from: flags, to: file)
            // A templates folder given as a flag is taken from the working folder.
            if configuration.templates != file.templates {
                configuration.templates = configuration.templatesFolder(relativeTo: workingDirectory)?.path
            }
            return configuration
        } catch {
            throw .flags(error)
        }
    }

    /// Why the configuration could not be made.
    enum ConfigurationFailure: Error, Sendable {
        /// The configuration file is unreadable or wrong.
        case file(ConfigurationError)
        /// A flag is wrong.
        case flags(UsageError)
    }
}
