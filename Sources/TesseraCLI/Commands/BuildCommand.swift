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
    static let settings: [SettingOption] = [
        SettingOption(
            SiteConfiguration.title, valueName: "TEXT", help: "The home page's title.",
            defaultText: "the input folder's name"),
        SettingOption(
            SiteConfiguration.templates, valueName: "DIR",
            help: "A folder of templates to use instead of the built-in ones (copy Templates/ to start)."),
        SettingOption(
            SiteConfiguration.sort, valueName: "KEY", help: "Order photos by 'name' or by 'date' taken."),
        SettingOption(
            SiteConfiguration.baseURL, valueName: "URL",
            help: "Where the site will be published; adds canonical links, link previews, a sitemap and a feed."),
        SettingOption(SiteConfiguration.rowHeight, valueName: "PX", help: "Target height of a row of photos."),
        SettingOption(SiteConfiguration.gap, valueName: "PX", help: "Space between photos."),
        SettingOption(SiteConfiguration.minTileWidth, valueName: "PX", help: "Rows avoid tiles narrower than this."),
        SettingOption(
            SiteConfiguration.breakpoints, valueName: "PX,PX,…",
            help: "Container widths the rows are computed for, ascending.", defaultText: "320 to 2560 in 15 % steps"),
        SettingOption(
            SiteConfiguration.thumbnailHeight, valueName: "PX",
            help: "Height of grid thumbnails at 1x (2x are twice as tall)."),
        SettingOption(
            SiteConfiguration.displaySize, valueName: "PX",
            help: "Longest edge of the image on a photo's page; never enlarged."),
        SettingOption(SiteConfiguration.quality, valueName: "N", help: "JPEG quality of generated images, 1–100."),
        SettingOption(
            SiteConfiguration.maxMegapixels, valueName: "N", help: "Skip photos larger than this many megapixels."),
    ]

    static let spec = CommandSpec(
        name: "build", overview: "Build the gallery site from a folder of photos.",
        arguments: [
            .init(
                name: "input", help: "The folder of photos; each sub-folder is an album. (default: photos)",
                isOptional: true)
        ],
        options: [output.declaration, config.declaration] + settings.map(\.declaration) + BuildRunOptions.declarations
            + [CommandSpec.helpOption.declaration])

    let input: URL
    let output: URL
    let configFile: URL?
    let arguments: ParsedArguments
    let options: BuildRunOptions
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        input = cli.url(arguments.positionals.first ?? "photos")
        output = cli.url(try arguments.value(of: Self.output) ?? "site")
        configFile = try arguments.value(of: Self.config).map(cli.url)
        self.arguments = arguments
        options = try BuildRunOptions(arguments)
        // A bad flag is a usage error before anything is read.
        _ = try SettingOption.apply(Self.settings, from: arguments, to: SiteConfiguration())
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        // Defaults, then tessera.yaml, then flags; a path in the file is taken from the
        // file's folder, one given as a flag from the working folder.
        let file: SiteConfiguration
        do {
            file = try ConfigurationFile.load(explicit: configFile, input: input)
        } catch {
            let diagnostics = Diagnostics(console: cli.console)
            diagnostics.error(error.description)
            return diagnostics.exitCode
        }
        return BuildRun.run(
            input: input, output: output, configuration: try configuration(over: file), options: options,
            console: cli.console
        ).exitCode
    }

    /// The flags given applied over `file` (the configuration file's settings); a templates
    /// folder given as a flag is taken from the working folder.
    func configuration(over file: SiteConfiguration) throws(UsageError) -> SiteConfiguration {
        try ConfigurationFile.configuration(file: file, flags: arguments, workingDirectory: cli.workingDirectory)
    }
}
