/// A language's cardinal plural rules, written as CLDR rule text (Unicode TR35, "Language
/// Plural Rules"): for each category but `other`, a condition such as
/// `v = 0 and i % 10 = 2..4 and i % 100 != 12..14`. A number takes the first category whose
/// condition holds, else `other`; a language is a table of rule text, not code.
///
/// Supported: the operands `n i v w f t` (and `e`/`c`, always 0: no compact exponents),
/// `and` before `or`, `=` and `!=`, `%`, value lists and ranges (`1,3..5`), and the
/// `@integer`/`@decimal` samples, which are ignored.
struct PluralRules: Sendable, Hashable {
    /// One category's condition: any of its `and` chains holds.
    struct Rule: Sendable, Hashable {
        var category: String
        var alternatives: [[Relation]]
    }

    /// `operand (% modulus)? (= | !=) ranges`.
    struct Relation: Sendable, Hashable {
        var operand: Character
        var modulus: Int?
        var equal: Bool
        var ranges: [ClosedRange<Int>]
    }

    /// The rules in the order they are tried; `other` is implied.
    private(set) var rules: [Rule]

    /// Rules from `(category, rule text)` pairs in the order given; an `other` rule is
    /// ignored (it is what is left). Throws `PluralRuleError` naming the category, the
    /// text and what was expected where.
    init(_ table: [(category: String, text: String)]) throws {
        rules = try table.filter { $0.category != "other" }.map { entry in
            var parser = PluralRuleParser(category: entry.category, text: entry.text)
            return Rule(category: entry.category, alternatives: try parser.condition())
        }
    }

    /// The category of a whole number (a count of photos or albums).
    func category(of count: Int) -> String {
        category(of: PluralOperands(integer: count))
    }

    /// The category of a decimal number as written (`"1.50"` keeps its two visible
    /// fraction digits, which CLDR rules may look at), or nil when `text` is not a number.
    func category(ofDecimal text: String) -> String? {
        PluralOperands(decimal: text).map { category(of: $0) }
    }

    func category(of operands: PluralOperands) -> String {
        for rule in rules
        where rule.alternatives.contains(where: { chain in chain.allSatisfy { $0.holds(for: operands) } }) {
            return rule.category
        }
        return "other"
    }
}

extension PluralRules.Relation {
    func holds(for operands: PluralOperands) -> Bool {
        var value = operands.value(of: operand)
        if let modulus { value = value.truncatingRemainder(dividingBy: Double(modulus)) }
        let inRanges = ranges.contains { range in
            value == value.rounded(.towardZero) && value >= Double(range.lowerBound)
                && value <= Double(range.upperBound)
        }
        return inRanges == equal
    }
}
