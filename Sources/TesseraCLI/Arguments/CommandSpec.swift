/// What a command accepts: its positional arguments and options, and the help text for them.
struct CommandSpec: Sendable {
    /// A named option as help and the parser see it: a flag (`--quiet`) or one that takes a
    /// value (`--output DIR`). Commands declare it through a typed `Option` or `Flag`.
    struct OptionDeclaration: Sendable {
        var long: String
        var short: Character?
        /// The value's placeholder in help (`DIR`); nil for a flag.
        var valueName: String?
        var help: String
        /// Shown as `(default: …)`.
        var defaultValue: String?

        var isFlag: Bool { valueName == nil }
    }

    /// A positional argument.
    struct Argument: Sendable {
        var name: String
        var help: String
        var isOptional: Bool
    }

    var name: String
    var overview: String
    var arguments: [Argument]
    var options: [OptionDeclaration]
    /// Sub-commands, for the top-level `tessera` spec only.
    var subcommands: [(name: String, overview: String)] = []

    /// The one-line usage, e.g. `tessera build [<input>] [--output <dir>] …`.
    var usage: String {
        var parts = ["tessera"]
        if !name.isEmpty { parts.append(name) }
        if !subcommands.isEmpty { parts.append("<subcommand>") }
        for argument in arguments {
            parts.append(argument.isOptional ? "[<\(argument.name)>]" : "<\(argument.name)>")
        }
        for option in options where option.long != "help" {
            let value = option.valueName.map { " <\($0.lowercased())>" } ?? ""
            parts.append("[--\(option.long)\(value)]")
        }
        return parts.joined(separator: " ")
    }

    /// The full `--help` text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS (and SUBCOMMANDS).
    var help: String {
        var lines = ["OVERVIEW: \(overview)", "", "USAGE: \(usage)", ""]
        func row(_ left: String, _ right: String) -> String {
            let pad = 24
            return left.count + 2 < pad
                ? "  " + left + String(repeating: " ", count: pad - left.count - 2) + right
                : "  " + left + "\n" + String(repeating: " ", count: pad) + right
        }
        if !arguments.isEmpty {
            lines.append("ARGUMENTS:")
            for argument in arguments { lines.append(row("<\(argument.name)>", argument.help)) }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in options {
            var left = option.short.map { "-\($0), " } ?? ""
            left += "--\(option.long)"
            if let value = option.valueName { left += " <\(value.lowercased())>" }
            let right = option.help + (option.defaultValue.map { " (default: \($0))" } ?? "")
            lines.append(row(left, right))
        }
        if !subcommands.isEmpty {
            lines.append("")
            lines.append("SUBCOMMANDS:")
            for sub in subcommands { lines.append(row(sub.name, sub.overview)) }
            lines.append("")
            lines.append("  See 'tessera help <subcommand>' for detailed help.")
        }
        return lines.joined(separator: "\n")
    }

    static let helpOption = Flag("help", short: "h", help: "Show help information.")
}
