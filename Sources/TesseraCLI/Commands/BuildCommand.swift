import Foundation
import TesseraCore

/// `tessera build [INPUT] [-o OUTPUT]`: makes the site.
struct BuildCommand: Command {
    static let output = Option(
        "output", short: "o", valueName: "DIR", help: "The folder to write the site into.", defaultText: "site",
        rule: .text("a folder path"))

    /// The flags that override the site's configuration, in the order help lists them.
    static let settings: [SettingOption] = [
        SettingOption(
            SiteConfiguration.title, valueName: "TEXT", help: "The home page's title.",
            defaultText: "the input folder's name"),
        SettingOption(
            SiteConfiguration.templates, valueName: "DIR",
            help: "A folder of templates to use instead of the built-in ones (copy Templates/ to start)."),
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
            .init(name: "input", help: "The folder of photos; each sub-folder is an album. (default: photos)", isOptional: true)
        ],
        options: [output.declaration] + settings.map(\.declaration) + BuildRunOptions.declarations
            + [CommandSpec.helpOption.declaration])

    let input: URL
    let output: URL
    let configuration: SiteConfiguration
    let options: BuildRunOptions
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        input = cli.url(arguments.positionals.first ?? "photos")
        output = cli.url(try arguments.value(of: Self.output) ?? "site")
        // Defaults, then (later) tessera.yaml, then flags; paths given as flags are taken
        // from the working folder.
        var configuration = try SettingOption.apply(Self.settings, from: arguments, to: SiteConfiguration())
        configuration.templates = configuration.templatesFolder(relativeTo: cli.workingDirectory)?.path
        self.configuration = configuration
        options = try BuildRunOptions(arguments)
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        BuildRun.run(input: input, output: output, configuration: configuration, options: options, console: cli.console)
            .exitCode
    }
}
