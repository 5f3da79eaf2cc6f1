import TesseraCore

/// Builds a `ConfigurationDocument` from libyaml's events one at a time, keeping the open
/// lists and maps on a stack of its own: no input can make it recurse, and each event
/// costs the same whatever came before (keys are checked for repeats in a set).
///
/// What a settings file has no use for is refused at the event that brings it, with its
/// line, before anything is built from it: anchors and aliases (so nothing can ever be
/// expanded, however many times a "billion laughs" text refers to itself), tags such as
/// `!!binary`, a second document, lists and maps nested deeper than `maxDepth`, and more
/// than `maxEvents` values.
struct TreeBuilder {
    /// Deeper than any settings file needs (Tessera's own settings go three levels down),
    /// shallow enough that no nesting costs more than a few kilobytes of stack anywhere.
    static let maxDepth = 64
    /// Events (values, and each list's and map's start and end) in one document; a
    /// settings file has hundreds.
    static let maxEvents = 500_000

    let file: String
    /// Whether a key written twice in one map is kept (both entries, in order) rather than
    /// refused.
    let keepsRepeatedKeys: Bool
    private var open: [Frame] = []
    private var root: ConfigurationDocument?
    private var documents = 0
    private var events = 0

    init(file: String, keepsRepeatedKeys: Bool = false) {
        self.file = file
        self.keepsRepeatedKeys = keepsRepeatedKeys
    }

    /// The document read so far: after the stream's end, the whole of it; a text without
    /// a value is an empty map.
    var document: ConfigurationDocument {
        root ?? ConfigurationDocument(.map([]), line: 1)
    }

    /// An open list or map: the items or entries read so far.
    private struct Frame {
        var isMap: Bool
        var line: Int
        var items: [ConfigurationDocument] = []
        var entries: [ConfigurationDocument.Entry] = []
        var keys: Set<String> = []
        /// A map's key whose value comes next.
        var key: (name: String, line: Int)?
    }

    mutating func add(_ event: Event) throws(ConfigurationError) {
        events += 1
        guard events <= Self.maxEvents else {
            throw refusal(event, "the YAML holds more than \(Self.maxEvents) values; a settings file needs far fewer")
        }
        if let anchor = event.anchor {
            throw refusal(
                event, "YAML anchors (&\(anchor)) and aliases are not supported; write the value out in each place")
        }
        if let tag = event.tag {
            throw refusal(event, "YAML tags (\(tag)) are not supported; remove the tag and write the value as it is")
        }
        switch event.kind {
        case .streamStart, .streamEnd, .documentEnd:
            return
        case .documentStart:
            documents += 1
            if documents > 1 { throw refusal(event, "a second YAML document; keep one document per file") }
        case .scalar(let text, let plain):
            // A document with nothing in it (`---` alone, or with comments) is libyaml's
            // empty scalar, as an empty text is no document: both are no settings.
            if open.isEmpty, plain, text.isEmpty {
                try attach(ConfigurationDocument(.map([]), line: event.line))
                return
            }
            let typed = plain ? Self.typed(text) : .text(text)
            let written = if case .text = typed { nil as String? } else { text }
            try attach(ConfigurationDocument(typed, line: event.line, written: written), scalar: text)
        case .sequenceStart, .mappingStart:
            guard open.count < Self.maxDepth else {
                throw refusal(
                    event,
                    "lists and maps are nested more than \(Self.maxDepth) levels deep; a settings file needs a few")
            }
            let isMap = if case .mappingStart = event.kind { true } else { false }
            open.append(Frame(isMap: isMap, line: event.line))
        case .sequenceEnd, .mappingEnd:
            guard let frame = open.popLast() else { throw refusal(event, "unexpected YAML structure") }
            let value: ConfigurationDocument.Value = frame.isMap ? .map(frame.entries) : .list(frame.items)
            try attach(ConfigurationDocument(value, line: frame.line))
        case .alias(let name):
            throw refusal(event, "YAML aliases (*\(name)) are not supported; write the value out")
        }
    }

    /// Puts a finished value where it belongs: the root, the next item of a list, or a
    /// map's key or the value of its key.
    /// `scalar`: the node's text as written, when it is a scalar (a key is named by it).
    private mutating func attach(_ node: ConfigurationDocument, scalar: String? = nil) throws(ConfigurationError) {
        guard let top = open.indices.last else {
            root = node
            return
        }
        guard open[top].isMap else {
            open[top].items.append(node)
            return
        }
        guard let key = open[top].key else {
            let line = node.line ?? open[top].line
            guard case .text(let name) = Self.keyText(node.value, written: scalar) else {
                throw ConfigurationError(
                    file: file, line: line, reason: .malformed("a key must be a plain name, not \(node.summaryText)"))
            }
            guard open[top].keys.insert(name).inserted || keepsRepeatedKeys else {
                throw ConfigurationError(
                    file: file, line: line, key: name, reason: .malformed("the key '\(name)' is written twice"))
            }
            open[top].key = (name, line)
            return
        }
        open[top].entries.append(ConfigurationDocument.Entry(key: key.name, value: node, line: key.line))
        open[top].key = nil
    }

    private func refusal(_ event: Event, _ message: String) -> ConfigurationError {
        ConfigurationError(file: file, line: event.line, reason: .malformed(message))
    }

    /// A key as text: `2024: …` and `true: …` are keys named `2024` and `true`, as written
    /// (`1.50: …` is `1.50`).
    private static func keyText(_ value: ConfigurationDocument.Value, written: String?) -> ConfigurationDocument.Value {
        switch value {
        case .text: return value
        case .number(let x): return .text(written ?? x.description)
        case .bool(let flag): return .text(written ?? String(flag))
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
