import Foundation
import TesseraCore

/// `tessera init [DIR] [--templates]`: writes a commented starter `tessera.yaml` (and a
/// copy of the built-in default theme, `Templates/default/`, to edit) into the folder of
/// photos, where `tessera build` reads it: DIR, else `photos` as for `build`. Never
/// overwrites a file.
struct InitCommand: Command {
    static let templatesFlag = Flag(
        "templates", help: "Also copy the built-in templates into DIR/templates, and use them.")
    static let templatesFolder = "templates"

    static let spec = CommandSpec(
        name: "init", overview: "Write a commented starter tessera.yaml into a folder of photos.",
        arguments: [
            .init(
                name: "dir",
                help: "The folder of photos, where build reads tessera.yaml. (default: photos, as for build)",
                isOptional: true)
        ],
        options: [templatesFlag.declaration, CommandSpec.helpOption.declaration])

    let folder: URL
    /// The folder as given (or the default), to say which `build` reads the file.
    let folderArgument: String
    /// Whether the folder was given rather than the default.
    let isDefaultFolder: Bool
    let withTemplates: Bool
    let cli: CLI

    init(_ arguments: ParsedArguments, cli: CLI) throws(UsageError) {
        self.cli = cli
        // Where `build` reads tessera.yaml: the input folder, `photos` by default.
        folderArgument = arguments.positionals.first ?? BuildCommand.defaultInput
        isDefaultFolder = arguments.positionals.isEmpty
        folder = try cli.url(folderArgument, for: "<dir>", expected: "a folder path")
        withTemplates = arguments.isSet(Self.templatesFlag)
    }

    func run() throws(UsageError) -> CLI.ExitCode {
        let diagnostics = Diagnostics(console: cli.console)
        if isDefaultFolder, !FileSystem.isDirectory(folder.path) {
            diagnostics.error(
                "there is no folder '\(folderArgument)' here, which 'tessera build' reads by default; name the "
                    + "folder of photos: 'tessera init DIR' (then 'tessera build DIR')")
            return diagnostics.exitCode
        }
        let files = SiteConfiguration.starterFiles(templates: withTemplates ? Self.templatesFolder : nil).map {
            (folder.appendingPathComponent($0.path), $0.bytes)
        }
        let existing = files.map(\.0.path).filter(FileSystem.exists)
        guard existing.isEmpty else {
            for path in existing {
                diagnostics.error("'\(path)' already exists; init never overwrites: move it away or edit it")
            }
            return diagnostics.exitCode
        }
        var current = folder
        do {
            for (url, bytes) in files {
                current = url
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.writeNew(bytes, to: url)
                cli.console.out("Wrote \(url.path)\n")
            }
            let build = isDefaultFolder ? "tessera build" : "tessera build \(Self.shellWord(folderArgument))"
            let settings = folder.appendingPathComponent(ConfigurationFile.name)
            // The command as a shell takes it, with nothing around it to copy by mistake.
            cli.console.out("Next: \(build)   (it reads \(settings.path))\n")
        } catch {
            diagnostics.error(
                "cannot write '\(current.path)': \(error.localizedDescription) (nothing of it was left; "
                    + "make room or fix the permission, then run init again)")
        }
        return diagnostics.exitCode
    }

    /// Writes `bytes` to `url` whole or not at all, never over a file there: into a
    /// temporary file beside it, then linked to its name, which fails if the name is taken.
    /// (Written in place, a full disk left an empty `tessera.yaml` that init then refused to
    /// write over.)
    static func writeNew(_ bytes: [UInt8], to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".tessera-init-\(getpid()).tmp")
        defer { unlink(temporary.path) }
        try Data(bytes).write(to: temporary)
        guard link(temporary.path, url.path) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
    }

    /// `argument` as a shell reads it back as one word: as it is when it is plain, in single
    /// quotes otherwise, and after `--` when it starts with `-` (`tessera build -- -dash`):
    /// `tessera build my photos`, printed as is, builds a folder `my`.
    static func shellWord(_ argument: String) -> String {
        let plain =
            !argument.isEmpty
            && argument.unicodeScalars.allSatisfy {
                ($0.properties.isAlphabetic || $0.properties.numericType != nil
                    || "-_./,:@%+=".unicodeScalars.contains($0))
                    && !$0.properties.isWhitespace
            }
        let word = plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return argument.hasPrefix("-") ? "-- " + word : word
    }
}
