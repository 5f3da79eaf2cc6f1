/// Reads one CLDR plural condition (TR35 syntax):
/// `condition = and ('or' and)*`, `and = relation ('and' relation)*`,
/// `relation = operand ('%' value)? ('=' | '!=') range (',' range)*`,
/// `range = value ('..' value)?`; anything from `@` on (samples) is ignored.
struct PluralRuleParser {
    private let category: String
    private let text: String
    private let characters: [Character]
    private var position = 0

    init(category: String, text: String) {
        self.category = category
        self.text = text
        let body = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        characters = Array(body)
    }

    /// The `or` alternatives, each an `and` chain of relations.
    mutating func condition() throws(PluralRuleError) -> [[PluralRules.Relation]] {
        var alternatives = [try chain()]
        while word("or") { alternatives.append(try chain()) }
        skipSpaces()
        guard position == characters.count else { throw failure("'and', 'or' or the end") }
        return alternatives
    }

    private mutating func chain() throws(PluralRuleError) -> [PluralRules.Relation] {
        var relations = [try relation()]
        while word("and") { relations.append(try relation()) }
        return relations
    }

    private mutating func relation() throws(PluralRuleError) -> PluralRules.Relation {
        skipSpaces()
        guard position < characters.count, "nivwftec".contains(characters[position]) else {
            throw failure("an operand (n, i, v, w, f, t)")
        }
        let operand = characters[position]
        position += 1
        var modulus: Int?
        if symbol("%") {
            let value = try number()
            guard value > 0 else { throw failure("a modulus above 0") }
            modulus = value
        }
        let equal: Bool
        if symbol("!=") {
            equal = false
        } else if symbol("=") {
            equal = true
        } else {
            throw failure("'=' or '!='")
        }
        var ranges = [try range()]
        while symbol(",") { ranges.append(try range()) }
        return PluralRules.Relation(operand: operand, modulus: modulus, equal: equal, ranges: ranges)
    }

    private mutating func range() throws(PluralRuleError) -> ClosedRange<Int> {
        let low = try number()
        guard symbol("..") else { return low...low }
        let high = try number()
        guard high >= low else { throw failure("a range's end not below its start") }
        return low...high
    }

    private mutating func number() throws(PluralRuleError) -> Int {
        skipSpaces()
        let start = position
        while position < characters.count, characters[position].isASCII, characters[position].isNumber {
            position += 1
        }
        guard position > start, position - start <= 18, let value = Int(String(characters[start..<position]))
        else {
            position = start
            throw failure("a whole number")
        }
        return value
    }

    private mutating func symbol(_ token: String) -> Bool {
        skipSpaces()
        let token = Array(token)
        guard characters[position...].starts(with: token) else { return false }
        position += token.count
        return true
    }

    /// `token` as a whole word (so `or` does not match the start of another word).
    private mutating func word(_ token: String) -> Bool {
        skipSpaces()
        let token = Array(token)
        let end = position + token.count
        guard characters[position...].starts(with: token),
            end == characters.count || !characters[end].isLetter
        else { return false }
        position = end
        return true
    }

    private mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    private func failure(_ expected: String) -> PluralRuleError {
        PluralRuleError(category: category, text: text, offset: position, expected: expected)
    }
}
