import Foundation
import TesseraCore
import TesseraImaging

/// `tessera build [INPUT] [-o OUTPUT]`: makes the site.
struct BuildCommand: Command {
    static let spec = CommandSpec(
        name: "build", overview: "Build the gallery site from a folder of photos.",
        arguments: [
            .init(name: "input", help: "The folder of photos; each sub-folder is an album. (default: photos)", isOptional: true)
        ],
        options: [
            .init(long: "output", short: "o", valueName: "DIR", help: "The folder to write the site into.", defaultValue: "site"),
            .init(long: "title", short: nil, valueName: "TEXT", help: "The home page's title.", defaultValue: "the input folder's name"),
            .init(long: "templates", short: nil, valueName: "DIR", help: "A folder of templates to use instead of the built-in ones (copy Templates/ to start)."),
            .init(long: "row-height", short: nil, valueName: "PX", help: "Target height of a row of photos.", defaultValue: LayoutOptions().targetRowHeight.optionText),
            .init(long: "gap", short: nil, valueName: "PX", help: "Space between photos.", defaultValue: LayoutOptions().gap.optionText),
            .init(long: "min-tile-width", short: nil, valueName: "PX", help: "Rows avoid tiles narrower than this.", defaultValue: LayoutOptions().minTileWidth.optionText),
            .init(long: "breakpoints", short: nil, valueName: "PX,PX,…", help: "Container widths the rows are computed for, ascending.", defaultValue: "320 to 2560 in 15 % steps"),
            .init(long: "thumbnail-height", short: nil, valueName: "PX", help: "Height of grid thumbnails at 1x (2x are twice as tall).", defaultValue: "\(BuildSettings().thumbnailHeight)"),
            .init(long: "display-size", short: nil, valueName: "PX", help: "Longest edge of the image on a photo's page; never enlarged.", defaultValue: "\(BuildSettings().displayLongEdge)"),
            .init(long: "quality", short: nil, valueName: "N", help: "JPEG quality of generated images, 1–100.", defaultValue: "\(BuildSettings().quality)"),
            .init(long: "max-megapixels", short: nil, valueName: "N", help: "Skip photos larger than this many megapixels.", defaultValue: "\(BuildSettings().maxMegapixels)"),
            .init(long: "jobs", short: "j", valueName: "N", help: "Photos processed at once.", defaultValue: "number of cores"),
            .init(long: "force", short: nil, valueName: nil, help: "Make every image and render every page again, even those up to date."),
            .init(long: "strict", short: nil, valueName: nil, help: "Exit with status 1 if any photo was skipped (for publishing from CI)."),
            .init(long: "quiet", short: "q", valueName: nil, help: "Print nothing but errors."),
            .init(long: "json", short: nil, valueName: nil, help: "Print a JSON report on standard output instead of the summary."),
            .init(long: "verbose", short: "v", valueName: nil, help: "Also list files that were not photos."),
            CommandSpec.helpOption,
        ])

    let input: URL
    let output: URL
    let templates: URL?
    let settings: BuildSettings
    let layout: LayoutOptions
    let quiet: Bool
    let json: Bool
    let verbose: Bool
    let strict: Bool
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        input = cli.url(arguments.positionals.first ?? "photos")
        output = cli.url(arguments.value("output") ?? "site")
        templates = arguments.value("templates").map(cli.url)
        let defaults = BuildSettings()
        settings = BuildSettings(
            thumbnailHeight: try arguments.integer("thumbnail-height", default: defaults.thumbnailHeight, in: 32...4096),
            displayLongEdge: try arguments.integer("display-size", default: defaults.displayLongEdge, in: 64...16384),
            quality: try arguments.integer("quality", default: defaults.quality, in: 1...100),
            maxMegapixels: try arguments.integer("max-megapixels", default: defaults.maxMegapixels, in: 1...10_000),
            jobs: try arguments.integer("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256),
            force: arguments.flag("force"),
            title: arguments.value("title"),
            generator: Self.generator)
        var layout = LayoutOptions()
        layout.targetRowHeight = try arguments.number("row-height", default: layout.targetRowHeight, in: 40...2000)
        layout.gap = try arguments.number("gap", default: layout.gap, in: 0...200)
        layout.minTileWidth = try arguments.number("min-tile-width", default: layout.minTileWidth, in: 0...1000)
        if let list = arguments.value("breakpoints") {
            let widths = list.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !widths.isEmpty, widths.allSatisfy({ $0.map { (100...20_000).contains($0) } ?? false }),
                zip(widths, widths.dropFirst()).allSatisfy({ $0! < $1! })
            else {
                throw UsageError("The value '\(list)' is invalid for '--breakpoints': expected ascending widths from 100 to 20000, separated by commas.")
            }
            layout.breakpoints = widths.map { $0! }
        }
        self.layout = layout
        quiet = arguments.flag("quiet")
        json = arguments.flag("json")
        verbose = arguments.flag("verbose")
        strict = arguments.flag("strict")
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let console = cli.console
        let progressLine = quiet ? nil : ProgressLine(console: console, interactive: console.showsProgress)
        do throws(BuildError) {
            let templateSet: TemplateSet
            do throws(ThemeError) {
                if let templates {
                    templateSet = try TemplateSet.load(from: templates)
                } else {
                    templateSet = try TemplateSet.defaults()
                }
            } catch {
                throw BuildError.templates(error)
            }
            let builder = SiteBuilder(
                input: input, output: output, settings: settings, layout: layout,
                templates: templateSet, imaging: LibGDImageProcessor(maxMegapixels: settings.maxMegapixels))
            let report = try builder.build { progress in
                progressLine?.update(BuildProgressSnapshot(stage: progress.stage.rawValue, done: progress.done, total: progress.total))
            }
            progressLine?.finish()
            print(report)
            if strict && !report.skipped.isEmpty {
                console.err("error: \(report.skipped.count) photo\(report.skipped.count == 1 ? " was" : "s were") skipped and --strict is set\n")
                return .failure
            }
            return .success
        } catch {
            progressLine?.finish()
            console.err("error: \(error.description)\n")
            return .failure
        }
    }

    private func print(_ report: BuildReport) {
        let console = cli.console
        if !quiet {
            for skipped in report.skipped { console.err("warning: \(skipped.path): \(skipped.reason); skipped\n") }
            if verbose {
                for ignored in report.ignored { console.err("note: \(ignored.relativePath): \(ignored.reason); ignored\n") }
                let stages = report.stages.map { String(format: "%@ %.2f s", $0.stage, $0.seconds) }
                console.err("note: time per stage: \(stages.joined(separator: ", "))\n")
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            console.out(String(decoding: data, as: UTF8.self) + "\n")
        } else if !quiet {
            console.out(report.summary + "\n")
            console.out("Open \(output.appendingPathComponent("index.html").path)\n")
        }
    }

    /// This build of Tessera: its version, and its executable's size and time, which change
    /// whenever it is built again.
    static var generator: String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "tessera \(CLI.version)" }
        return "tessera \(CLI.version) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
