import Foundation
import TesseraCore

/// Turns libyaml's flat list of events into a `ConfigurationDocument` tree.
struct TreeBuilder {
    let events: [Event]
    let file: String
    private var position = 0

    init(events: [Event], file: String) {
        self.events = events
        self.file = file
    }

    mutating func document() throws(ConfigurationError) -> ConfigurationDocument {
        skip { if case .streamStart = $0 { true } else { false } }
        guard position < events.count else { return ConfigurationDocument(.map([]), line: 1) }
        skip { if case .documentStart = $0 { true } else { false } }
        guard position < events.count, !isDocumentEnd(events[position].kind) else {
            return ConfigurationDocument(.map([]), line: 1)
        }
        let root = try node()
        skip { if case .documentEnd = $0 { true } else { false } }
        if position < events.count {
            throw ConfigurationError(
                file: file, line: events[position].line,
                reason: .malformed("a second YAML document; keep one document per file"))
        }
        return root
    }

    private func isDocumentEnd(_ kind: Event.Kind) -> Bool {
        if case .documentEnd = kind { return true }
        return false
    }

    private mutating func skip(_ matches: (Event.Kind) -> Bool) {
        if position < events.count, matches(events[position].kind) { position += 1 }
    }

    private mutating func node() throws(ConfigurationError) -> ConfigurationDocument {
        guard position < events.count else {
            throw ConfigurationError(file: file, reason: .malformed("the YAML document ends too early"))
        }
        let event = events[position]
        position += 1
        switch event.kind {
        case .scalar(let text, let plain):
            return ConfigurationDocument(plain ? Self.typed(text) : .text(text), line: event.line)
        case .sequenceStart:
            var items: [ConfigurationDocument] = []
            while position < events.count {
                if case .sequenceEnd = events[position].kind {
                    position += 1
                    break
                }
                items.append(try node())
            }
            return ConfigurationDocument(.list(items), line: event.line)
        case .mappingStart:
            var entries: [ConfigurationDocument.Entry] = []
            while position < events.count {
                if case .mappingEnd = events[position].kind {
                    position += 1
                    break
                }
                let key = try node()
                guard case .text(let name) = Self.keyText(key.value) else {
                    throw ConfigurationError(
                        file: file, line: key.line,
                        reason: .malformed("a key must be a plain name, not \(key.summaryText)"))
                }
                if entries.contains(where: { $0.key == name }) {
                    throw ConfigurationError(
                        file: file, line: key.line, key: name, reason: .malformed("the key '\(name)' is written twice"))
                }
                entries.append(ConfigurationDocument.Entry(key: name, value: try node(), line: key.line))
            }
            return ConfigurationDocument(.map(entries), line: event.line)
        case .alias:
            throw ConfigurationError(
                file: file, line: event.line,
                reason: .malformed("YAML aliases (*name) are not supported; write the value out"))
        default:
            throw ConfigurationError(file: file, line: event.line, reason: .malformed("unexpected YAML structure"))
        }
    }

    /// A key as text: `2024: …` and `true: …` are keys named `2024` and `true`.
    private static func keyText(_ value: ConfigurationDocument.Value) -> ConfigurationDocument.Value {
        switch value {
        case .text: return value
        case .number(let x): return .text(x.description)
        case .bool(let flag): return .text(String(flag))
        default: return value
        }
    }

    /// A plain scalar typed as YAML 1.2's core schema does.
    static func typed(_ text: String) -> ConfigurationDocument.Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        let numeric = text.first.map { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." } ?? false
        if numeric, let number = Double(text), number.isFinite { return .number(number) }
        return .text(text)
    }
}

extension ConfigurationDocument {
    /// How an error message names a node that is not a plain key.
    var summaryText: String {
        switch value {
        case .list: return "a list"
        case .map: return "a map"
        default: return "this"
        }
    }
}
