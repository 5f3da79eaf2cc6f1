import Foundation

/// A moment known in UTC (a clip's `creation_time`, a file's time) as the wall clock of the
/// build's time zone (`TZ`, else the system's) reads it. A photo's EXIF time is the camera's
/// wall clock: an Android clip shown and sorted in UTC among its photos was hours away
/// from them, and a screenshot's file time too.
enum LocalWallClock {
    /// `seconds` since 1970 as `YYYY-MM-DD HH:MM:SS` on the wall clock of `zone`.
    static func text(utcSeconds seconds: Double, in zone: TimeZone = .current) -> String {
        let range = CalendarDate.seconds
        let held = seconds.isNaN ? 0 : min(max(seconds, range.lowerBound), range.upperBound)
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: held))
        return PhotoOrder.timestamp(held + Double(offset))
    }

    /// `YYYY-MM-DD HH:MM:SS` in UTC as the wall clock of `zone` reads it; nil for a text of
    /// another shape or a date no calendar has.
    static func text(utc dateTime: String, in zone: TimeZone = .current) -> String? {
        seconds(utc: dateTime).map { text(utcSeconds: $0, in: zone) }
    }

    /// `YYYY-MM-DD HH:MM:SS` in UTC as seconds since 1970.
    static func seconds(utc dateTime: String) -> Double? {
        let parts = dateTime.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" })
        guard parts.count == 6, CalendarDate.isValid(parts) else { return nil }
        let n = parts.compactMap { Int($0) }
        // Days since 1970-01-01 from a civil date (proleptic Gregorian calendar).
        let year = n[1] <= 2 ? n[0] - 1 : n[0]
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (n[1] > 2 ? n[1] - 3 : n[1] + 9) + 2) / 5 + n[2] - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + n[3] * 3600 + n[4] * 60 + n[5])
    }

    /// Whether `dateTime`, a wall-clock reading, lies in the hour (or however long) after
    /// `zone`'s clocks went forward, where a reading of the skipped hour lands when it is
    /// made seconds with `mktime` and read back (LibRaw's dates of raws, before issue 19's
    /// readings of their own EXIF).
    static func followsSkippedHour(_ dateTime: String, in zone: TimeZone = .current) -> Bool {
        guard let wallClock = seconds(utc: dateTime) else { return false }
        // Every zone's offset is within a day, so its transitions near the reading are
        // within two.
        var transition = zone.nextDaylightSavingTimeTransition(
            after: Date(timeIntervalSince1970: wallClock - 2 * 86_400))
        while let moment = transition, moment.timeIntervalSince1970 < wallClock + 2 * 86_400 {
            let before = zone.secondsFromGMT(for: moment.addingTimeInterval(-1))
            let after = zone.secondsFromGMT(for: moment)
            let shown = moment.timeIntervalSince1970 + Double(after)
            if after > before, wallClock >= shown, wallClock < shown + Double(after - before) { return true }
            transition = zone.nextDaylightSavingTimeTransition(after: moment)
        }
        return false
    }
}
