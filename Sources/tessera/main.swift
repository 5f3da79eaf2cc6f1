import Foundation
import TesseraCLI

let cli = CLI(
    arguments: Array(CommandLine.arguments.dropFirst()),
    workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    console: .standard())
exit(cli.run().rawValue)
