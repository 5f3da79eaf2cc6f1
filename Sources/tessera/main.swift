import Foundation
import TesseraCLI
import TesseraImaging

var cli = CLI(
    arguments: Array(CommandLine.arguments.dropFirst()),
    workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    console: .standard())
cli.rawWorker = .runningExecutable
exit(cli.run().rawValue)
