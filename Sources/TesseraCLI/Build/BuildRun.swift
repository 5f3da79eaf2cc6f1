import Foundation
import TesseraCore
import TesseraImaging
import TesseraMarkdown
import TesseraVideo
import TesseraYAML

/// One build of a site, reported to the user: what `build` does once and `serve` will do
/// on every change. Loads the theme, makes the images with libgd and the videos with ffmpeg, runs `SiteBuilder`,
/// shows progress, warnings and the summary (or the JSON report), and picks the exit code.
enum BuildRun {
    /// - Parameters:
    ///   - configuration: the site's settings, already validated (flags applied).
    ///   - options: how this run goes.
    ///   - console: where progress, the summary and diagnostics go.
    ///   - notes: what reading the configuration noted (a `sigal.conf.py` read or not read).
    ///   - repeats: for `serve`, which of a good build's warnings and notes to print, once
    ///     it is done (an error is always printed); nil to print each as it comes.
    static func run(
        input: URL, output: URL, configuration: SiteConfiguration, options: BuildRunOptions, console: Console,
        notes: [String] = [], repeats: RebuildMessages? = nil
    ) -> BuildOutcome {
        let diagnostics = Diagnostics(console: console, quiet: options.quiet)
        var standing: [StandingMessage] = []
        func say(_ message: StandingMessage) {
            if repeats == nil { diagnostics.show(message) } else { standing.append(message) }
        }
        for note in notes { say(.note(note)) }
        do {
            try configuration.validate()
        } catch {
            diagnostics.error(error.description)
            return BuildOutcome(report: nil, exitCode: diagnostics.exitCode, errors: diagnostics.errors)
        }
        let progressLine = options.quiet ? nil : ProgressLine(console: console, interactive: console.showsProgress)
        let report: BuildReport
        do throws(BuildError) {
            var builder = try SiteBuilder(
                input: input, output: output, configuration: configuration, run: options.run(generator: generator),
                imaging: options.imagingWorkers ?? ImagePipeline(), video: FFmpegVideoProcessor(),
                documents: YAMLDocumentParser(), markdown: CommonMarkRenderer())
            for message in builder.themeMessages { say(StandingMessage(message)) }
            if let progressLine {
                builder.videoProgress = { video in
                    progressLine.update(
                        video: VideoProgressSnapshot(
                            name: video.path, fraction: video.isFinished ? nil : video.fraction,
                            isFinished: video.isFinished))
                }
            }
            report = try builder.build(waiting: { diagnostics.note($0) }) { progress in
                progressLine?.update(
                    BuildProgressSnapshot(stage: progress.stage.rawValue, done: progress.done, total: progress.total))
            }
        } catch {
            progressLine?.finish()
            if error.isLocated {
                diagnostics.error(located: error.description, message: error.description)
            } else {
                diagnostics.error(error.description)
            }
            return BuildOutcome(report: nil, exitCode: diagnostics.exitCode, errors: diagnostics.errors)
        }
        progressLine?.finish()
        if let reason = options.imagingWorkers?.unavailableReason {
            say(
                .note(
                    "images were made in this process: a worker process could not be started (\(reason)), "
                        + "so a photo that crashes an image library would end the build"))
        }
        var messages = report.messages(verbose: options.verbose)
        // With --verbose the time per stage comes last. It differs on every build, so it is
        // printed each time, after the standing messages, never counted among them.
        let stageTimes = options.verbose ? messages.popLast() : nil
        for message in messages { say(StandingMessage(message)) }
        for message in repeats?.shown(for: standing) ?? [] { diagnostics.show(message) }
        if case .note(let text)? = stageTimes { diagnostics.note(text) }
        show(report, output: output, options: options, console: console)
        if options.strict {
            for failure in report.strictFailures { diagnostics.error(failure) }
        }
        return BuildOutcome(report: report, exitCode: diagnostics.exitCode, errors: diagnostics.errors)
    }

    /// The JSON report, or the summary and where to open the site.
    private static func show(_ report: BuildReport, output: URL, options: BuildRunOptions, console: Console) {
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            console.rawOut(TerminalText.jsonForTerminal(String(decoding: data, as: UTF8.self)) + "\n")
        } else if !options.quiet {
            console.out(report.summary + "\n")
            if options.pointsToSite { console.out("Open \(output.appendingPathComponent("index.html").path)\n") }
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
