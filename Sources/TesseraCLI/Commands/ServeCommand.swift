import Dispatch
import Foundation
import TesseraCore
import TesseraServe

/// `tessera serve [INPUT] [-o SITE]`: builds the site, serves it on this machine, and
/// builds it again, reloading open pages, whenever the photos, templates or settings change.
struct ServeCommand: Command {
    static let port = Option(
        "port", short: "p", valueName: "N", help: "The port to listen on; 0 picks a free one.", defaultText: "8000",
        rule: .wholeNumber(0...65535))
    static let host = Option(
        "host", valueName: "ADDRESS",
        help:
            "The address to listen on; anything but 127.0.0.1 or ::1 lets other machines in (by IP address only).",
        defaultText: "127.0.0.1", rule: .text("an IP address"))
    static let noWatch = Flag("no-watch", help: "Serve the site as built, without watching for changes.")
    static let open = Flag("open", help: "Open the site in the default browser.")

    static let spec = CommandSpec(
        name: "serve", overview: "Build the site, serve it on this machine and rebuild it while you edit.",
        arguments: [
            .init(
                name: "input", help: "The folder of photos; each sub-folder is an album. (default: photos)",
                isOptional: true)
        ],
        options: [
            BuildCommand.output.declaration, BuildCommand.config.declaration, port.declaration, host.declaration,
            noWatch.declaration,
            open.declaration,
        ] + BuildCommand.settings.map(\.declaration)
            + [
                BuildRunOptions.jobsOption.declaration, BuildRunOptions.quietFlag.declaration,
                BuildRunOptions.verboseFlag.declaration, CommandSpec.helpOption.declaration,
            ])

    let site: SiteArguments
    let configuration: SiteConfiguration
    let options: BuildRunOptions
    let server: PreviewServer.Configuration
    let watch: Bool
    let openBrowser: Bool
    let cli: CLI
    /// What the builds printed last of their warnings and notes, so a rebuild repeats none.
    let repeats = RebuildMessages()
    /// The builds running now: a stop during one ends the process at once.
    let underWay = BuildsUnderWay()

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        site = try SiteArguments(arguments, cli: cli)
        // The templates folder to watch; each build reads tessera.yaml again, so an edit to
        // it (inside the watched input folder) takes effect on the next rebuild.
        // A broken file is the first build's to report (and to show in the open pages).
        let configured: SiteConfiguration
        do {
            configured = try site.configuration()
        } catch {
            if case .flags(let usage) = error { throw usage }
            configured = SiteConfiguration()
        }
        configuration = configured
        var options = BuildRunOptions()
        if let jobs = try arguments.value(of: BuildRunOptions.jobsOption) { options.jobs = jobs }
        options.quiet = arguments.isSet(BuildRunOptions.quietFlag)
        options.verbose = arguments.isSet(BuildRunOptions.verboseFlag)
        options.pointsToSite = false
        options.imagingWorkers = cli.imagingWorkers
        self.options = options
        var server = PreviewServer.Configuration(root: site.output)
        server.port = UInt16(try arguments.value(of: Self.port) ?? 8000)
        server.host = try arguments.value(of: Self.host) ?? "127.0.0.1"
        server.sitePath = configured.hostPath
        self.server = server
        watch = !arguments.isSet(Self.noWatch)
        openBrowser = arguments.isSet(Self.open)
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let console = cli.console
        let diagnostics = Diagnostics(console: console, quiet: options.quiet)
        // Ctrl-C is caught from the start, so one pressed as soon as the URL shows stops cleanly.
        let (stopRequested, signalSources) = Self.catchStopSignals(underWay: underWay)
        // One serve per site folder: a second one (a forgotten terminal) would rebuild it in
        // turn with its own settings, each serving what the other built last.
        let claim: FolderClaim
        do throws(FolderClaimError) {
            claim = try FolderClaim(folder: site.output)
        } catch {
            let holder =
                switch error {
                case .held(let process): process.map { " (process \($0))" } ?? ""
                }
            diagnostics.error(
                "another tessera serve\(holder) is serving and rebuilding \(site.output.path); stop it "
                    + "(Ctrl-C in its terminal), or pass another --output")
            return diagnostics.exitCode
        }
        defer { withExtendedLifetime(claim) {} }
        let sources = Self.sources(site, configuration)
        // Watched from before the first build, so a photo added while it runs is built
        // too (once the site is served). A folder that cannot be watched (a missing input
        // folder, too many watches) is reported after the first build has said what it can.
        var watching = LivePreview.Configuration(server: server, watchedPaths: watch ? sources : [])
        // The one hidden file a build reads; the rest (`.git`, swap files) are not content.
        watching.hiddenNamesWatched = [".nomedia"]
        // A linked album may live outside the input folder: its folder is watched too.
        watching.followsLinks = configuration.followLinks
        // A templates folder named in tessera.yaml while serving (or once a broken file is
        // mended) is watched from the build that reads it.
        if watch {
            watching.watchedPathsNow = { [site] in
                (try? site.configuration()).map { Self.sources(site, $0) } ?? []
            }
        }
        let preview: Result<LivePreview, LivePreviewError>
        do throws(LivePreviewError) {
            preview = .success(
                try LivePreview(
                    watching, rebuild: { Self.result(of: build()) },
                    onEvent: { event in
                        if case .rebuilt = event, !options.quiet { console.out("Rebuilt; open pages reload.\n") }
                    }))
        } catch {
            preview = .failure(error)
        }
        // A busy port is said before the first build, not after it.
        do throws(PreviewServerError) {
            try PreviewServer.checkCanListen(server)
        } catch {
            (try? preview.get())?.stop()
            diagnostics.error(String(describing: error))
            return diagnostics.exitCode
        }
        // A new site shows its photos as soon as their JPEGs are made; the AVIF (or WebP)
        // files follow while it is served, and open pages reload.
        let jpegFirst = (try? site.configuration())?.jpegFirst(into: site.output)
        let first = build(jpegFirst)
        if first.report == nil, !FileSystem.isDirectory(site.output.path) {
            // Nothing to serve yet and nothing that would make it: the error is printed.
            (try? preview.get())?.stop()
            return first.exitCode
        }
        if !server.listensOnLoopbackOnly {
            diagnostics.warning(
                "listening on \(server.host): other machines on the network can see the site "
                    + "(open it by IP address: host names other than localhost are refused); "
                    + "pass --host 127.0.0.1 to keep it to this one")
        }
        // After a JPEG-only first build, the whole one, while the site is served.
        var finish: (@Sendable () -> Result<Void, RebuildFailure>)? = nil
        if jpegFirst != nil, first.report != nil { finish = { Self.result(of: build()) } }
        let live: LivePreview
        let served: PreviewServer
        do throws(LivePreviewError) {
            live = try preview.get()
            served = try live.serve(finish: finish)
        } catch {
            (try? preview.get())?.stop()
            diagnostics.error(String(describing: error))
            return diagnostics.exitCode
        }
        if let message = first.errors.first, first.report == nil {
            served.showError(message)
        }
        console.out(
            "Serving \(site.output.path) at \(served.url.absoluteString)"
                + (watch ? ", rebuilding on changes" : "") + " (Ctrl-C to stop)\n")
        if openBrowser { Self.openInBrowser(served.url, diagnostics: diagnostics) }
        stopRequested.wait()
        for source in signalSources { source.cancel() }
        live.stop()
        console.out("Stopped.\n")
        return .success
    }

    /// What a build with `configuration` reads besides its output: the photos (tessera.yaml
    /// among them), the templates, a configuration file kept elsewhere and a sigal.conf.py
    /// beside the photos (read when there is no tessera.yaml).
    private static func sources(_ site: SiteArguments, _ configuration: SiteConfiguration) -> [URL] {
        [site.input]
            + [configuration.templates.map { URL(fileURLWithPath: $0) }, site.configFile].compactMap { $0 }
            + [ConfigurationFile.sigalBeside(input: site.input)]
    }

    private static func result(of outcome: BuildOutcome) -> Result<Void, RebuildFailure> {
        outcome.report == nil || outcome.exitCode != .success
            ? .failure(RebuildFailure(message: outcome.errors.joined(separator: "\n")))
            : .success(())
    }

    /// Builds once, reporting like `build`, with the configuration file read again (or
    /// with `given`): the same warnings and notes, the first time and whenever they change
    /// (`RebuildMessages`).
    func build(_ given: SiteConfiguration? = nil) -> BuildOutcome {
        var configuration: SiteConfiguration
        var notes: [String] = []
        do {
            configuration = try site.configuration(notes: &notes)
            if let given { configuration = given }
        } catch {
            let message: String
            switch error {
            case .file(let problem): message = problem.description
            case .flags(let usage): message = usage.message
            }
            let diagnostics = Diagnostics(console: cli.console, quiet: options.quiet)
            diagnostics.error(message)
            return BuildOutcome(report: nil, exitCode: diagnostics.exitCode, errors: [message])
        }
        return underWay.running {
            BuildRun.run(
                input: site.input, output: site.output, configuration: configuration, options: options,
                console: cli.console, notes: notes, repeats: repeats)
        }
    }

    /// Catches SIGINT (Ctrl-C) and SIGTERM from now on: the semaphore is signalled when one
    /// arrives, while the returned sources are kept. During a build the process ends at
    /// once (status 130), as `tessera build` does (`StopDuringBuild`).
    private static func catchStopSignals(
        underWay: BuildsUnderWay
    ) -> (DispatchSemaphore, [any DispatchSourceSignal]) {
        let stop = DispatchSemaphore(value: 0)
        let sources = StopDuringBuild.catching { _ in
            guard underWay.isBuilding else {
                stop.signal()
                return
            }
            StopDuringBuild.stopNow()
        }
        return (stop, sources)
    }

    private static func openInBrowser(_ url: URL, diagnostics: Diagnostics) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url.absoluteString]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            diagnostics.warning("could not open a browser (\(error.localizedDescription)); open \(url.absoluteString)")
        }
    }
}
