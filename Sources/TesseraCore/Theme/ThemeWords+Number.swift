extension ThemeWords {
    /// `value` written the language's way: its digits grouped in threes by the
    /// `groupSeparator` word (CLDR's: "3,000" in English, "3 000" in French, "3.000" in
    /// German), once it has at least three digits more than `minimumGroupingDigits` says
    /// (CLDR's 2 in Polish and Spanish: "3000" but "12 345").
    func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let minimum = max(Int(text("minimumGroupingDigits")) ?? 1, 1)
        guard digits.count >= 3 + minimum else { return String(value) }
        let separator = text("groupSeparator")
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped += separator }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }
}
