/// The data a template renders: a JSON-like tree.
enum TemplateValue: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// Nothing: renders as empty and is falsey in sections.
    case null
    /// A flag: `false` hides a section, `true` shows it once.
    case bool(Bool)
    /// A number: integers render without a fraction (`85`), others as shortest decimal (`1.21`).
    case number(Double)
    /// Text; HTML-escaped by `{{name}}`, raw with `{{{name}}}` or `{{& name}}`.
    case string(String)
    /// Items a section repeats for; an empty list is falsey.
    case list([TemplateValue])
    /// Named values; a section over an object pushes it as the lookup context.
    case object([String: TemplateValue])

    /// A string value.
    init(stringLiteral value: String) { self = .string(value) }
    /// A boolean value.
    init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A whole number value.
    init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A fractional number value.
    init(floatLiteral value: Double) { self = .number(value) }
    /// A list value.
    init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    /// An object value; a repeated key keeps its last value.
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension TemplateValue {
    /// Whether a section over this value is skipped (and an inverted one shown).
    var isFalsey: Bool {
        switch self {
        case .null, .bool(false): return true
        case .list(let items): return items.isEmpty
        default: return false
        }
    }

    /// The text `{{name}}` inserts, before escaping.
    var interpolated: String {
        switch self {
        case .null, .list, .object: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .string(let text): return text
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            return "\(number)"
        }
    }

    /// The value under `key` when this is an object.
    func member(_ key: String) -> TemplateValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }
}
