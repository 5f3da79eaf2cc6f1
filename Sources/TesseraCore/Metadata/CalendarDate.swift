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
}
