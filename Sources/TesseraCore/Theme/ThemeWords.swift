import TesseraTemplate

/// The words a theme's pages are written with, in one language: its `words/<language>.yaml`
/// — each word or phrase by name, each counted noun with one text per CLDR plural category,
/// and the language's plural rules. No interface word is written in Swift: the built-in
/// theme's English is `Templates/default/words/en.yaml`.
struct ThemeWords: Sendable, Hashable {
    /// A word or phrase, or a counted noun's texts by plural category.
    enum Word: Sendable, Hashable {
        case text(String)
        /// Texts by category (`one`, `few`, `other`, …); `other` is always there.
        case counted([String: String])
    }

    /// The language the words are in (`en`), the name of their file.
    var language: String
    /// Every word by name (`next`, `photos`).
    var words: [String: Word]
    /// Which plural category a number takes in the language.
    var plurals: PluralRules
    /// Whether the language is written right to left (`direction: rtl`): its pages get
    /// `<html dir="rtl">`, which mirrors the pager and the grid's order.
    var rightToLeft = false
    /// How a photo's date is written (`dates.format`, e.g. `{day} {monthName} {year}`);
    /// nil keeps the date as the camera's `YYYY-MM-DD HH:MM:SS`.
    var dateFormat: String?
    /// The months' names, January first, for `{monthName}` (`dates.months`).
    var months: [String] = []
    /// The words for before and after noon, for `{dayPeriod}` (`dates.dayPeriods`; empty:
    /// CLDR's root `AM` and `PM`).
    var dayPeriods: [String] = []
    /// The site's `language:` had no word file of its own (`sv`): the message that says so,
    /// naming the nearest built-in language; the pages then use the words of `language`.
    var unknownLanguage: String?
    /// A word missing from a user's file (the built-in one is used), a name no word has,
    /// a category without a text: each names the file and the word.
    var warnings: [TemplateWarning] = []

    /// The word `name` with each `{placeholder}` of `values` filled in; an unknown name is
    /// itself (the built-in file has every name the pages use, which a test checks).
    func text(_ name: String, _ values: [String: String] = [:]) -> String {
        let text: String
        switch words[name] {
        case .text(let word): text = word
        case .counted(let forms): text = forms["other"] ?? name
        case nil: text = name
        }
        return Self.fill(text, values)
    }

    /// `value` said with the counted noun `name` (`photos`): its category by the plural
    /// rules and that category's text (else `other`'s), `{count}` filled in with the
    /// language's digit grouping (`number(_:)`: "3,000 photos").
    func count(_ name: String, _ value: Int) -> Count {
        let category = plurals.category(of: value)
        let forms: [String: String]
        if case .counted(let found) = words[name] { forms = found } else { forms = [:] }
        let text = forms[category] ?? forms["other"] ?? name
        return Count(value, category: category, text: Self.fill(text, ["count": number(value)]))
    }

    /// `text` with each `{name}` of `values` replaced, in one pass (a value holding braces,
    /// an album named `{count}`, is not read again); other braces stay as written.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] {
                result += value
                rest = after[after.index(after: close)...]
            } else {
                result += "{"
                rest = after
            }
        }
        return result + rest
    }
}
