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
            help: "A folder of templates to use instead of the built-in ones (copy Templates/default/ to start)."),
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
            help: "Height of grid thumbnails at 1x (also made at \(RenditionLadder.otherThumbnailSizes))."),
        SettingOption(
            SiteConfiguration.displaySize, valueName: "PX",
            help: "Longest edge of the image on a photo's page; never enlarged."),
        SettingOption(SiteConfiguration.quality, valueName: "N", help: "JPEG quality of generated images, 1–100."),
        SettingOption(
            SiteConfiguration.maxMegapixels, valueName: "N", help: "Skip photos larger than this many megapixels."),
        SettingOption(
            SiteConfiguration.formats, valueName: "LIST",
            help: "Formats written beside JPEG for browsers that take them: avif, webp, or none."),
        SettingOption(
            SiteConfiguration.webpQuality, valueName: "N",
            help: "WebP quality, 1–100, instead of the one as good as JPEG at --quality."),
        SettingOption(
            SiteConfiguration.avifQuality, valueName: "N",
            help: "AVIF quality, 1–100, instead of the one as good as JPEG at --quality."),
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

    let site: SiteArguments
    let options: BuildRunOptions
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        site = try SiteArguments(arguments, cli: cli)
        options = try BuildRunOptions(arguments)
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let configuration: SiteConfiguration
        do {
            configuration = try site.configuration()
        } catch {
            switch error {
            case .flags(let usage): throw usage
            case .file(let problem):
                let diagnostics = Diagnostics(console: cli.console)
                diagnostics.error(problem.description)
                return diagnostics.exitCode
            }
        }
        return BuildRun.run(
            input: site.input, output: site.output, configuration: configuration, options: options,
            console: cli.console
        ).exitCode
    }
}
