import Foundation

extension ThemeWords {
    /// The names `dates.format` may hold, each filled by `date(_:)`.
    static let datePlaceholders: Set<String> = [
        "year", "month", "month2", "monthName", "day", "day2", "hour", "hour1", "hour12", "dayPeriod", "minute",
        "second",
    ]

    /// A photo's date (`YYYY-MM-DD HH:MM:SS`, as the metadata readers give it) written the
    /// language's way, by `dateFormat`: `{year}`, `{month}` (1–12), `{month2}` (01–12),
    /// `{monthName}`, `{day}` (1–31), `{day2}`, `{hour}`, `{minute}` and `{second}` (two
    /// digits each), `{hour1}` (0–23, CLDR's `H`: Spanish, Hebrew and Japanese write 9:05),
    /// `{hour12}` (1–12, CLDR's `h`) and `{dayPeriod}` (one of `dayPeriods`, Arabic's ص or
    /// م). A date of another shape or no calendar's, or words without a format, stay as given.
    func date(_ taken: String) -> String {
        guard let dateFormat, let parts = Self.dateParts(taken) else { return taken }
        var values = [
            "year": parts[0], "month2": parts[1], "day2": parts[2],
            "hour": parts[3], "minute": parts[4], "second": parts[5],
        ]
        let month = Int(parts[1]) ?? 0
        values["month"] = String(month)
        values["day"] = String(Int(parts[2]) ?? 0)
        values["monthName"] = months.indices.contains(month - 1) ? months[month - 1] : String(month)
        let hour = Int(parts[3]) ?? 0
        values["hour1"] = String(hour)
        values["hour12"] = String(hour % 12 == 0 ? 12 : hour % 12)
        let periods = dayPeriods.count == 2 ? dayPeriods : ["AM", "PM"]
        values["dayPeriod"] = periods[hour < 12 ? 0 : 1]
        return Self.fill(dateFormat, values)
    }

    /// The date as an HTML machine-readable date and time (`2024-03-12T14:05:00`) for
    /// `<time datetime>`: nil when the date is not of the readers' shape.
    static func machineDate(_ taken: String) -> String? {
        guard dateParts(taken) != nil else { return nil }
        return taken.replacingOccurrences(of: " ", with: "T")
    }

    /// Year, month, day, hour, minute and second of `YYYY-MM-DD HH:MM:SS`, as written; nil
    /// for another shape or a date no calendar has (`CalendarDate`).
    private static func dateParts(_ taken: String) -> [String]? {
        let parts = taken.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" })
        let widths = [4, 2, 2, 2, 2, 2]
        guard parts.count == 6, taken.count == 19,
            zip(parts, widths).allSatisfy({ $0.count == $1 && $0.allSatisfy(\.isASCII) && Int($0) != nil }),
            CalendarDate.isValid(parts)
        else { return nil }
        return parts.map(String.init)
    }
}
