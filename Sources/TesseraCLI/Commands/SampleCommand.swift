import Foundation
import TesseraCore
import TesseraImaging

/// `tessera sample DIR`: writes a sample album of drawn photos in every common shape.
struct SampleCommand: Command {
    static let spec = CommandSpec(
        name: "sample", overview: "Write a sample album of drawn photos (every common ratio, nested albums).",
        arguments: [
            .init(name: "dir", help: "The folder to create; it must be empty or not exist yet.", isOptional: false)
        ],
        options: [CommandSpec.helpOption.declaration])

    let folder: URL
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        folder = try cli.url(arguments.positionals[0], for: "<dir>", expected: "a folder path")
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let console = cli.console
        let diagnostics = Diagnostics(console: console)
        let painter = LibGDSamplePainter()
        let written: Int
        do {
            written = try SampleAlbum.write(into: folder, painter: painter)
        } catch {
            diagnostics.error("\(error)")
            return diagnostics.exitCode
        }
        console.out("Wrote \(written) sample photos to \(folder.path)\n")
        return .success
    }
}
