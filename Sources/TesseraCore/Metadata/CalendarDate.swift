/// Whether a date and time read from a photo, a video or a note is one a calendar has.
///
/// Cameras and tools write `2024:13:45 99:99:99` and `0000:00:00` too; such a text is shown
/// as written, but never reaches a `<time datetime>` or the feed, whose readers refuse the
/// whole document over one impossible date.
enum CalendarDate {
    /// The years a date may have: four digits, as every reader of a date expects.
    static let years = 1...9999
    /// The same range in seconds since 1970: 0001-01-01 00:00:00 to 9999-12-31 23:59:59 UTC.
    static let seconds = -62_135_596_800.0...253_402_300_799.0

    /// Year 1–9999, a month's own days (29 February in leap years only), hour 0–23, minute
    /// and second 0–59.
    static func isValid(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Bool {
        guard years.contains(year), (1...12).contains(month), (0...23).contains(hour),
            (0...59).contains(minute), (0...59).contains(second)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// `isValid` of six numbers as written (`["2024", "03", "12", "14", "05", "00"]`).
    static func isValid(_ parts: [Substring]) -> Bool {
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == 6 else { return false }
        return isValid(
            year: numbers[0], month: numbers[1], day: numbers[2], hour: numbers[3], minute: numbers[4],
            second: numbers[5])
    }

    /// `Z`, or an offset from UTC as ISO 8601 writes it (`+02:00`, `-0530`, `+09`) that a
    /// clock has: at most 14 hours, minutes under 60.
    static func isOffset(_ text: String) -> Bool {
        if text == "Z" { return true }
        guard let sign = text.first, sign == "+" || sign == "-" else { return false }
        let body = Array(text.dropFirst())
        let digits: [Character]
        switch body.count {
        case 2, 4: digits = body
        case 5 where body[2] == ":": digits = Array(body[0..<2] + body[3..<5])
        default: return false
        }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let hours = Int(String(digits[0..<2])) else {
            return false
        }
        let minutes = digits.count == 4 ? Int(String(digits[2..<4])) ?? 60 : 0
        return hours <= 14 && minutes < 60
    }

    /// A date as a person writes one in `index.md`, in the form photos' dates take
    /// (`YYYY-MM-DD`, or `YYYY-MM-DD HH:MM:SS` with a time): the year first, its parts
    /// separated by `-`, `/`, `.` or `:`; a time after a space or `T`, with or without
    /// seconds, and an offset or `Z` after it left off (the time as the clock showed it,
    /// as a camera's). Nil for any other form (`April 2019`, `01.04.2019`, whose order of
    /// day and month is a guess) or a date no calendar has.
    static func normalised(written text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let dateEnd = trimmed.firstIndex(where: { $0 == " " || $0 == "T" }) ?? trimmed.endIndex
        let day = trimmed[..<dateEnd].split(
            omittingEmptySubsequences: false, whereSeparator: { "-/.:".contains($0) })
        guard day.count == 3, day[0].count == 4, day[1].count <= 2, day[2].count <= 2,
            day.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(day[0]), let month = Int(day[1]), let date = Int(day[2])
        else { return nil }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        let dayText = "\(day[0])-\(two(month))-\(two(date))"
        var rest = trimmed[dateEnd...].drop(while: { $0 == " " || $0 == "T" })
        if rest.isEmpty { return isValid(year: year, month: month, day: date) ? dayText : nil }
        // An offset from UTC or `Z` after the time is left off; anything else there (junk, an
        // offset no clock has) makes the whole date unread, not read in part.
        if let zone = rest.firstIndex(where: { $0 == "Z" || $0 == "+" || $0 == "-" }) {
            guard isOffset(rest[zone...].trimmingCharacters(in: .whitespaces)) else { return nil }
            rest = rest[..<zone]
        }
        let fraction = rest.firstIndex(of: ".") ?? rest.endIndex
        let clock = rest[..<fraction].trimmingCharacters(in: .whitespaces).split(
            separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(clock.count),
            clock.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = clock.compactMap { Int($0) } + (clock.count == 2 ? [0] : [])
        guard isValid(year: year, month: month, day: date, hour: numbers[0], minute: numbers[1], second: numbers[2])
        else { return nil }
        return "\(dayText) \(two(numbers[0])):\(two(numbers[1])):\(two(numbers[2]))"
    }
}
