import Foundation
import TesseraCore
import TesseraImaging

/// `tessera verify [SITE] [--url URL]`: proves a built, copied or served site is right.
struct VerifyCommand: Command {
    static let url = Option(
        "url", valueName: "URL", help: "Verify the site served at this URL instead of a folder.",
        rule: .siteURL(published: false, orHomePage: true))
    static let baseURL = Option(
        "base-url", valueName: "URL",
        help: "Where the site is published: canonical links, previews, sitemap and feed must be under it.",
        defaultText: "the home page's canonical link", rule: .siteURL(published: false))
    static let pageBudget = Option(
        "page-budget", valueName: "KIB", help: "The most an HTML page may weigh gzipped, in KiB.", defaultText: "64",
        rule: .wholeNumber(1...1_048_576))
    static let published = Flag(
        "published", help: "The folder is the published copy: Tessera's own .tessera-* files in it are problems.")
    static let json = Flag("json", help: "Print a JSON report on standard output instead of the report.")

    static let spec = CommandSpec(
        name: "verify",
        overview:
            "Check a built or published site: links, images' and videos' metadata, hidden pages, published files, page budgets.",
        arguments: [
            .init(name: "site", help: "The site's folder (omit with --url).", isOptional: true)
        ],
        options: [
            url.declaration, baseURL.declaration, pageBudget.declaration, published.declaration,
            BuildRunOptions.jobsOption.declaration, json.declaration, BuildRunOptions.quietFlag.declaration,
            CommandSpec.helpOption.declaration,
        ])

    let folder: URL?
    let folderName: String?
    let served: String?
    let baseURL: String?
    let pageBudget: Int
    let published: Bool
    let jobs: Int
    let json: Bool
    let quiet: Bool
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        served = try arguments.value(of: Self.url) ?? nil
        folderName = arguments.positionals.first
        if let folderName {
            folder = try cli.url(folderName, for: "<site>", expected: "a folder path")
        } else {
            folder = nil
        }
        switch (folderName, served) {
        case (nil, nil): throw UsageError("Missing expected argument '<site>' (or '--url <url>').")
        case (_?, _?): throw UsageError("Give a site folder or '--url <url>', not both.")
        default: break
        }
        baseURL = try arguments.value(of: Self.baseURL) ?? nil
        pageBudget = (try arguments.value(of: Self.pageBudget)).map { $0 * 1024 } ?? 64 * 1024
        published = arguments.isSet(Self.published)
        let jobs = try arguments.value(of: BuildRunOptions.jobsOption) ?? ProcessInfo.processInfo.activeProcessorCount
        self.jobs = served != nil ? max(jobs, 4) : jobs
        json = arguments.isSet(Self.json)
        quiet = arguments.isSet(BuildRunOptions.quietFlag)
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let diagnostics = Diagnostics(console: cli.console, quiet: quiet)
        // Files read of those known, as a build's stages are shown: a bar on a terminal, a
        // line every few seconds in a log (a big site over HTTP takes minutes).
        let progressLine =
            quiet ? nil : ProgressLine(console: cli.console, interactive: cli.console.showsProgress)
        var progress: (@Sendable (Int, Int) -> Void)?
        if let progressLine {
            progress = { read, known in
                progressLine.update(BuildProgressSnapshot(stage: "Verifying", done: read, total: known))
            }
        }
        let options = VerifyOptions(
            baseURL: baseURL, pageBudget: pageBudget, published: published, jobs: jobs, progress: progress,
            gzippedSize: GzipSize.of, inflatePNGText: PNGTextInflation.inflate)
        let verifier: SiteVerifier
        if let served {
            verifier = SiteVerifier(url: served, options: options)
        } else {
            let folder = folder!
            guard FileSystem.isDirectory(folder.path) else {
                diagnostics.error(
                    "'\(folderName!)' is not a folder; name the folder a site was built into (tessera build -o DIR)")
                return diagnostics.exitCode
            }
            verifier = SiteVerifier(folder: folder, name: folderName!, options: options)
        }
        let report = verifier.verify()
        progressLine?.finish()
        for note in report.notes { diagnostics.note(note) }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            cli.console.rawOut(TerminalText.jsonForTerminal(String(decoding: data, as: UTF8.self)) + "\n")
        } else {
            if report.hasProblems {
                cli.console.out(report.grouped { TerminalText.visible($0) } + "\n")
            }
            if !quiet || report.hasProblems { cli.console.out(TerminalText.visible(report.summary) + "\n") }
        }
        if report.hasProblems {
            diagnostics.error(report.failure)
        }
        return diagnostics.exitCode
    }
}
