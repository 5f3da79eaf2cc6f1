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
        folder = cli.url(arguments.positionals[0])
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let console = cli.console
        let diagnostics = Diagnostics(console: console)
        if FileSystem.exists(folder.path) {
            guard FileSystem.isDirectory(folder.path) else {
                diagnostics.error("'\(folder.path)' exists and is not a folder; choose a new folder name")
                return diagnostics.exitCode
            }
            guard FileSystem.entries(of: folder.path).isEmpty else {
                diagnostics.error(
                    "'\(folder.path)' is not empty; the sample album is only written into an empty or new folder")
                return diagnostics.exitCode
            }
        }
        let painter = LibGDSamplePainter()
        let written: Int
        do {
            written = try SampleAlbum.write(into: folder, painter: painter)
        } catch {
            diagnostics.error("cannot write the sample album into '\(folder.path)': \(error)")
            return diagnostics.exitCode
        }
        console.out("Wrote \(written) sample photos to \(folder.path)\n")
        return .success
    }
}
