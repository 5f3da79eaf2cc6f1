/// The arguments of one command after parsing, checked against its `CommandSpec`.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    /// Option values by long name, as typed; read them with `value(of:)`.
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Whether the flag was given.
    func isSet(_ flag: Flag) -> Bool { flags.contains(flag.declaration.long) }

    /// The option's value, or nil when it was not given; a value its rule refuses is a
    /// usage error naming the option and what it accepts.
    func value<Value>(of option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = values[option.declaration.long] else { return nil }
        guard let value = option.rule.value(fromText: text) else { throw option.invalid(text) }
        return value
    }
}
