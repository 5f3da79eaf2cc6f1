/// A plural rule that cannot be read: which category, its text, and what was expected
/// where, so the theme's author can fix the words file.
struct PluralRuleError: Error, Sendable, Hashable, CustomStringConvertible {
    var category: String
    var text: String
    /// The character offset in `text` where reading stopped.
    var offset: Int
    var expected: String

    var description: String {
        "plural rule '\(category)' (\"\(text)\"): expected \(expected) at character \(offset + 1); "
            + "write CLDR rule text such as \"i = 1 and v = 0\""
    }
}
