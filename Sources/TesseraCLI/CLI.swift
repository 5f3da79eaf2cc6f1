import Foundation
import TesseraCore
import TesseraImaging
import TesseraTemplate

/// The `tessera` command line: parses the arguments, runs a command, returns the exit code.
///
/// Takes its arguments, working folder and console as parameters, so tests can drive it
/// without starting a process.
package struct CLI: Sendable {
    /// Exit codes: 0 success, 1 failure, 64 usage error (as in `sysexits.h`).
    package enum ExitCode: Int32, Sendable {
        case success = 0
        case failure = 1
        case usage = 64
    }

    package static let version = "0.1.0"

    package var arguments: [String]
    package var workingDirectory: URL
    package var console: Console
    /// Where builds read and make images: the `tessera` binary sets worker processes of
    /// its own (`ImagingWorkers.runningExecutable`), so a photo that crashes a C library
    /// costs that photo alone; nil runs the libraries in this process (tests that drive the
    /// CLI in process).
    package var imagingWorkers: ImagingWorkers?
    /// The arguments whose bytes are not UTF-8 (an old archive's Latin-1 folder name), as
    /// `arguments` shows them (each such byte a U+FFFD): such a path cannot be opened or
    /// made from its text, so the command refuses it (`undecodableArguments(of:count:)`).
    package var undecodableArguments: [String] = []

    /// - Parameter arguments: the arguments after the program name.
    package init(arguments: [String], workingDirectory: URL, console: Console) {
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.console = console
    }

    /// Runs the command and returns the process exit code.
    package func run() -> ExitCode {
        do throws(UsageError) {
            if let argument = undecodableArguments.first {
                throw UsageError(
                    "'\(argument)' is not UTF-8 text (each \u{FFFD} stands for a byte that is not): Tessera opens "
                        + "and names files by UTF-8 text, so this path would be another one, which does not exist "
                        + "or would be made; rename it to UTF-8 (convmv -f latin1 -t utf8 -r --notest PATH)")
            }
            return try dispatch()
        } catch {
            let diagnostics = Diagnostics(console: console)
            diagnostics.usage(error)
            return diagnostics.exitCode
        }
    }

    /// Each subcommand's spec and how to run it.
    static var commands: [(spec: CommandSpec, run: (ParsedArguments, CLI) throws(UsageError) -> ExitCode)] {
        [
            (BuildCommand.spec, BuildCommand.run),
            (ServeCommand.spec, ServeCommand.run),
            (LayoutCommand.spec, LayoutCommand.run),
            (SampleCommand.spec, SampleCommand.run),
            (InitCommand.spec, InitCommand.run),
            (VerifyCommand.spec, VerifyCommand.run),
            (ThemesCommand.spec, ThemesCommand.run),
        ]
    }

    static let versionFlag = Flag("version", help: "Show the version.")

    static let rootSpec = CommandSpec(
        name: "", overview: "Turn a folder of photos into a fast static gallery with justified, uncropped rows.",
        arguments: [],
        options: [
            versionFlag.declaration,
            CommandSpec.helpOption.declaration,
        ],
        subcommands: commands.map { ($0.spec.name, $0.spec.overview) } + [("help", "Show help for a subcommand.")])

    private func dispatch() throws(UsageError) -> ExitCode {
        guard let first = arguments.first else {
            console.out(Self.rootSpec.help + "\n")
            return .success
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case ImagingWorkers.command:
            // A build's imaging worker: requests on standard input, answers on standard
            // output, until the build closes them.
            ImagingWorkers.serve()
            return .success
        case "--help", "-h":
            console.out(Self.rootSpec.help + "\n")
            return .success
        case "--version":
            console.out(Self.version + "\n")
            return .success
        case "help":
            // `help --help` and `help -h` ask for the overview, as `--help` does.
            guard let name = rest.first, name != "--help", name != "-h" else {
                console.out(Self.rootSpec.help + "\n")
                return .success
            }
            guard let command = Self.commands.first(where: { $0.spec.name == name }) else {
                throw unknownSubcommand(name)
            }
            console.out(command.spec.help + "\n")
            return .success
        default:
            guard let command = Self.commands.first(where: { $0.spec.name == first }) else {
                if first.hasPrefix("-") {
                    var message = "Unknown option '\(first)'."
                    if let guess = NearMiss.nearest(to: String(first.drop { $0 == "-" }), among: ["help", "version"]) {
                        message += " Did you mean '--\(guess)'?"
                    }
                    throw UsageError(message, spec: Self.rootSpec)
                }
                throw unknownSubcommand(first)
            }
            let parsed = try ArgumentParser.parse(rest, for: command.spec)
            if parsed.isSet(CommandSpec.helpOption) {
                console.out(command.spec.help + "\n")
                return .success
            }
            do throws(UsageError) {
                return try command.run(parsed, self)
            } catch {
                var located = error
                if located.spec == nil { located.spec = command.spec }
                throw located
            }
        }
    }

    private func unknownSubcommand(_ name: String) -> UsageError {
        var message = "Unknown subcommand '\(name)'."
        if let guess = NearMiss.nearest(to: name, among: Self.commands.map(\.spec.name)) {
            message += " Did you mean '\(guess)'?"
        }
        return UsageError(message, spec: Self.rootSpec)
    }

    /// A path argument resolved against the working folder (taken as a folder even when
    /// the URL handed to `init` does not end in a slash).
    /// The arguments among `argv[1..<count]` (the process's, `CommandLine.unsafeArgv`) whose
    /// bytes are not valid UTF-8, each as Swift shows it.
    package static func undecodableArguments(
        of argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int32
    ) -> [String] {
        (1..<max(1, Int(count))).compactMap { index in
            guard let argument = argv[index] else { return nil }
            let bytes = UnsafeRawBufferPointer(start: argument, count: strlen(argument)).bindMemory(to: UInt8.self)
            return String(validating: bytes, as: UTF8.self) == nil ? String(decoding: bytes, as: UTF8.self) : nil
        }
    }

    func url(_ path: String) -> URL {
        let folder = URL(fileURLWithPath: workingDirectory.path, isDirectory: true)
        return URL(fileURLWithPath: path, relativeTo: folder).standardizedFileURL
    }

    /// `path`, given for `argument` (`--output`, `<input>`), from the working folder; an
    /// empty one is a usage error, not the working folder: a variable left unset in a script
    /// (`-o "$OUT"`) would have a build write its site among the files there.
    func url(_ path: String, for argument: String, expected: String) throws(UsageError) -> URL {
        guard !path.isEmpty else {
            throw UsageError("The value '' is invalid for '\(argument)': expected \(expected), not an empty one.")
        }
        return url(path)
    }
}

/// One `tessera` subcommand.
protocol Command {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError)
    func run() throws(UsageError) -> CLI.ExitCode
}

extension Command {
    /// Parses the command's options and runs it.
    static func run(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) -> CLI.ExitCode {
        try Self(arguments, cli: cli).run()
    }
}
