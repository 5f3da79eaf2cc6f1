import Foundation
import TesseraCore
import TesseraYAML

/// `tessera themes`: the built-in themes, one name a line followed by what it is for.
struct ThemesCommand: Command {
    static let spec = CommandSpec(
        name: "themes",
        overview: "List the built-in themes ('theme:' in tessera.yaml, or --theme) and what each is for.",
        arguments: [], options: [CommandSpec.helpOption.declaration])

    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let descriptions: [(name: String, summary: String)]
        do {
            descriptions = try SiteConfiguration.themes(documents: YAMLDocumentParser())
        } catch {
            let diagnostics = Diagnostics(console: cli.console)
            diagnostics.error(error.description)
            return diagnostics.exitCode
        }
        let width = descriptions.map(\.name.count).max() ?? 0
        cli.console.out(
            descriptions.map { $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary + "\n" }
                .joined())
        return .success
    }
}
