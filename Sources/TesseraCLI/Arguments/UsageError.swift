/// A mistake in how a command was called: reported with its usage, exit code 64.
struct UsageError: Error, Sendable {
    var message: String
    /// The command whose usage to show; filled in by the command that failed.
    var spec: CommandSpec?

    init(_ message: String, spec: CommandSpec? = nil) {
        self.message = message
        self.spec = spec
    }

    /// A value an option's rule refuses, as swift-argument-parser words it: `The value '120'
    /// is invalid for '--quality': expected a whole number from 1 to 100.`
    static func invalidValue(_ text: String, for long: String, expected: String, nearest: String? = nil) -> UsageError {
        UsageError(
            "The value '\(text)' is invalid for '--\(long)': expected \(expected)."
                + (nearest.map { " Did you mean '\($0)'?" } ?? ""))
    }

    /// The three lines swift-argument-parser prints: the error, the usage and where to get help.
    var report: String {
        var lines = ["Error: \(message)"]
        if let spec { lines.append("Usage: \(spec.usage)") }
        let helpTarget =
            spec.map { $0.name.isEmpty ? "tessera --help" : "tessera \($0.name) --help" } ?? "tessera --help"
        lines.append("  See '\(helpTarget)' for more information.")
        return lines.joined(separator: "\n")
    }
}
