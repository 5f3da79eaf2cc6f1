/// The operands CLDR plural rules read from a number (TR35): `n` its absolute value, `i`
/// its integer digits, `v`/`w` the count of visible fraction digits with/without trailing
/// zeros, `f`/`t` those digits as a whole number with/without trailing zeros.
struct PluralOperands: Sendable, Hashable {
    var n: Double
    var i: Int
    var v: Int
    var w: Int
    var f: Int
    var t: Int

    init(integer: Int) {
        let magnitude = integer.magnitude > UInt(Int.max) ? Int.max : Int(integer.magnitude)
        n = Double(magnitude)
        i = magnitude
        v = 0
        w = 0
        f = 0
        t = 0
    }

    /// The operands of `text` as written (`"-1.50"`, `"21"`), or nil when it is not a plain
    /// decimal number of at most 18 digits on each side of the point.
    init?(decimal text: String) {
        var digits = Substring(text)
        if digits.hasPrefix("-") { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let integerPart = parts[0]
        let fractionPart = parts.count > 1 ? parts[1] : ""
        guard !integerPart.isEmpty, integerPart.count <= 18, fractionPart.count <= 18,
            parts.count == 1 || !fractionPart.isEmpty,
            (integerPart + fractionPart).allSatisfy({ $0.isASCII && $0.isNumber }),
            let whole = Int(integerPart), let fraction = Int(fractionPart.isEmpty ? "0" : fractionPart),
            let value = Double("\(integerPart).\(fractionPart.isEmpty ? "0" : fractionPart)")
        else { return nil }
        let trimmed = fractionPart.reversed().drop { $0 == "0" }
        n = value
        i = whole
        v = fractionPart.count
        w = trimmed.count
        f = fraction
        t = Int(String(trimmed.reversed())) ?? 0
    }

    /// The operand a rule names; `e` and `c` (compact exponent) are always 0 here.
    func value(of operand: Character) -> Double {
        switch operand {
        case "n": n
        case "i": Double(i)
        case "v": Double(v)
        case "w": Double(w)
        case "f": Double(f)
        case "t": Double(t)
        default: 0
        }
    }
}
