import Glibc

/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the only date form HTTP/1.1 sends.
enum HTTPDate {
    /// The date of a file's time, held to the years 1 to 9999 (a file can say 2^63 s, which
    /// `gmtime` cannot turn into a date at all).
    static func format(secondsSince1970 seconds: Int) -> String {
        var time = time_t(min(max(seconds, firstSecond), lastSecond))
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "Mon, 01 Jan 0001 00:00:00 GMT" }
        func text(_ format: String) -> String {
            var buffer = [CChar](repeating: 0, count: 64)
            let count = strftime(&buffer, buffer.count, format, &parts)
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        // Four digits for the year, as the format requires (`%Y` writes the year 1 as `1`).
        let year = String(Int(parts.tm_year) + 1900)
        return text("%a, %d %b ") + String(repeating: "0", count: max(0, 4 - year.count)) + year
            + text(" %H:%M:%S GMT")
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Seconds since 1970 for an IMF-fixdate, or nil for anything else (then the header is ignored).
    ///
    /// The header is the client's: every field is held to its range before any arithmetic
    /// (a year of -2147483648 once overflowed `year - 1900` and stopped the server).
    static func parse(_ text: String) -> Int? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT",
            let day = Int(fields[1]), (1...31).contains(day), let month = months.firstIndex(of: String(fields[2])),
            let year = Int(fields[3]), (1...9999).contains(year)
        else { return nil }
        let clock = fields[4].split(separator: ":", omittingEmptySubsequences: false).compactMap { Int($0) }
        guard clock.count == 3, (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2])
        else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(clock[0])
        parts.tm_min = Int32(clock[1])
        parts.tm_sec = Int32(clock[2])
        return Int(timegm(&parts))
    }

    /// 0001-01-01 00:00:00 and 9999-12-31 23:59:59 UTC, in seconds since 1970.
    static let firstSecond = -62_135_596_800
    static let lastSecond = 253_402_300_799
}
