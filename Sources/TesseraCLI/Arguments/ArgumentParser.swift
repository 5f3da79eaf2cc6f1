import TesseraCore
import TesseraTemplate

/// Parses a command's arguments against its spec, with swift-argument-parser's messages:
/// `Unknown option '--ouput'. Did you mean '--output'?`.
enum ArgumentParser {
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        func fail(_ message: String) -> UsageError { UsageError(message, spec: spec) }

        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                name = String(argument.dropFirst())
                // `-j2`, `-osite`: a short option with its value attached.
                if name.count > 1, let first = name.first,
                    spec.options.contains(where: { $0.short == first && !$0.isFlag })
                {
                    inlineValue = String(name.dropFirst())
                    name = String(first)
                }
            }
            let option: CommandSpec.OptionDeclaration?
            if argument.hasPrefix("--") {
                option = spec.options.first { $0.long == name }
            } else {
                option = name.count == 1 ? spec.options.first { $0.short == name.first } : nil
            }
            guard let option else {
                var message = "Unknown option '\(argument.prefix { $0 != "=" })'."
                if let guess = NearMiss.nearest(to: name, among: spec.options.map(\.long)) {
                    message += " Did you mean '--\(guess)'?"
                }
                throw fail(message)
            }
            if option.isFlag {
                if inlineValue != nil { throw fail("The option '--\(option.long)' does not take a value.") }
                parsed.flags.insert(option.long)
            } else {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw fail("Missing value for '--\(option.long) <\(option.valueName!.lowercased())>'.")
                }
                parsed.values[option.long] = value
            }
        }
        if parsed.flags.contains("help") { return parsed }
        let required = spec.arguments.filter { !$0.isOptional }.count
        if parsed.positionals.count < required {
            let missing = spec.arguments[parsed.positionals.count]
            throw fail("Missing expected argument '<\(missing.name)>'.")
        }
        if parsed.positionals.count > spec.arguments.count {
            throw fail("Unexpected argument '\(parsed.positionals[spec.arguments.count])'.")
        }
        return parsed
    }
}
