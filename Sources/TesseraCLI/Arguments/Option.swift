import TesseraCore

/// An option that takes a value, declared once: help and the parser read its declaration,
/// the command reads its typed value with `ParsedArguments.value(of:)`, and a value outside
/// its rule is refused with the rule's own words.
struct Option<Value: Sendable>: Sendable {
    let declaration: CommandSpec.OptionDeclaration
    let rule: ValueRule<Value>

    /// - Parameters:
    ///   - long: the name after `--`.
    ///   - valueName: the value's placeholder in help, e.g. `PX`.
    ///   - defaultText: shown in help as `(default: …)`.
    init(
        _ long: String, short: Character? = nil, valueName: String, help: String, defaultText: String? = nil,
        rule: ValueRule<Value>
    ) {
        declaration = CommandSpec.OptionDeclaration(
            long: long, short: short, valueName: valueName, help: help, defaultValue: defaultText)
        self.rule = rule
    }

    /// The message for a value the rule refuses, as swift-argument-parser words it.
    func invalid(_ text: String) -> UsageError {
        UsageError.invalidValue(text, for: declaration.long, expected: rule.textExpectation)
    }
}

/// An option without a value (`--force`), declared once for help, the parser and the command.
struct Flag: Sendable {
    let declaration: CommandSpec.OptionDeclaration

    init(_ long: String, short: Character? = nil, help: String) {
        declaration = CommandSpec.OptionDeclaration(long: long, short: short, valueName: nil, help: help)
    }
}
