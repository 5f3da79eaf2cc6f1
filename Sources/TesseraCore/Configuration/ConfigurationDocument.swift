/// A configuration file read into a tree of scalars, lists and maps, before any key is
/// checked: JSON today, `tessera.yaml` later. Whatever the format, `SiteConfiguration`
/// validates this one tree, so every format reports the same errors.
package struct ConfigurationDocument: Sendable, Hashable {
    package enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        case number(Double)
        case text(String)
        case list([ConfigurationDocument])
        /// Entries in the order the file writes them.
        case map([Entry])
    }

    /// One `key: value` of a map.
    package struct Entry: Sendable, Hashable {
        var key: String
        var value: ConfigurationDocument
        /// 1-based line of the key, when the format records lines.
        var line: Int?

        package init(key: String, value: ConfigurationDocument, line: Int? = nil) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    package var value: Value
    /// 1-based line where the value starts, when the format records lines.
    package var line: Int?
    /// The scalar as the file writes it, when the format typed it (YAML's plain `2024.10`
    /// read as a number, `true` as a flag): a setting or a note field that takes text takes
    /// these words, not the number's (`2024.1`).
    var written: String?

    package init(_ value: Value, line: Int? = nil, written: String? = nil) {
        self.value = value
        self.line = line
        self.written = written
    }

    /// The value as a whole number, when it is one.
    var wholeNumber: Int? {
        guard case .number(let x) = value, x == x.rounded(), abs(x) < 1e15 else { return nil }
        return Int(x)
    }

    /// The value as text, when it is one, or a scalar the file typed otherwise (a number, a
    /// flag) taken as it is written.
    var text: String? {
        switch value {
        case .text(let text): return text
        case .number, .bool: return written
        default: return nil
        }
    }

    /// The value as an error message quotes it: `5000`, `'big'`, `['avif', 'wepb']` (a
    /// list's first items: "a list" named no item of `formats: [avif, wepb]`), `a map`.
    var summary: String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return String(flag)
        case .number(let number): return number.plainText
        case .text(let text): return "'\(text)'"
        case .list(let items):
            let shown = items.prefix(6).map { $0.summary }
            return "[" + shown.joined(separator: ", ") + (items.count > shown.count ? ", …]" : "]")
        case .map: return "a map"
        }
    }
}
