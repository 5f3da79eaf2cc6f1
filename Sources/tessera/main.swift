import Foundation
import TesseraCLI
import TesseraImaging

Console.prepareProcess()
var cli = CLI(
    arguments: Array(CommandLine.arguments.dropFirst()),
    workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
    console: .standard())
cli.imagingWorkers = .runningExecutable
cli.undecodableArguments = CLI.undecodableArguments(of: CommandLine.unsafeArgv, count: CommandLine.argc)
let code = cli.run()
cli.imagingWorkers?.stop()
exit(code.rawValue)
