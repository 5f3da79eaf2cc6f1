import Foundation

/// Short, locale-free decimal text for CSS: no exponent, no trailing zeros, no leading `0.`.
package enum CSSNumber {
    /// `value` rounded to `decimals` digits after the point: `0.25` → `.25`, `3.0` → `3`.
    package static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        guard scaled != 0 else { return "0" }
        let whole = scaled / scale
        let fraction = scaled % scale
        var text = value < 0 ? "-" : ""
        if whole != 0 || fraction == 0 { text += String(whole) }
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: decimals - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// `value` with about `significantDigits` significant digits (never fewer than 0 decimals).
    static func format(_ value: Double, significantDigits: Int) -> String {
        guard value.isFinite, value != 0 else { return "0" }
        let magnitude = Int(floor(log10(abs(value))))
        return format(value, decimals: max(0, significantDigits - 1 - magnitude))
    }
}
