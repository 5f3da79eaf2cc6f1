import TesseraCore

/// The dates containers carry: `2024-05-01T10:00:00.000000Z` (`creation_time`, UTC) and
/// `2024-05-01T12:00:00+0200` (QuickTime's `creationdate`, local time and offset).
enum ContainerDate {
    /// The date as photos show theirs (`YYYY-MM-DD HH:MM:SS`) with its offset; nil for
    /// text that is not such a date, or a date before 1971 (an empty field read as the
    /// epoch).
    static func parse(_ text: String, source: RecordingDate.Source) -> RecordingDate? {
        let characters = Array(text.utf8.prefix(64))
        guard characters.count >= 19 else { return nil }
        func digits(_ start: Int, _ count: Int) -> Int? {
            var value = 0
            for offset in start..<(start + count) {
                let character = characters[offset]
                guard character >= 0x30, character <= 0x39 else { return nil }
                value = value * 10 + Int(character - 0x30)
            }
            return value
        }
        func separator(_ at: Int, _ allowed: [UInt8]) -> Bool { allowed.contains(characters[at]) }
        guard let year = digits(0, 4), separator(4, [0x2D]), let month = digits(5, 2), separator(7, [0x2D]),
            let day = digits(8, 2), separator(10, [0x54, 0x20]), let hour = digits(11, 2), separator(13, [0x3A]),
            let minute = digits(14, 2), separator(16, [0x3A]), let second = digits(17, 2),
            year >= 1971, (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var position = 19
        if position < characters.count, characters[position] == 0x2E {
            position += 1
            while position < characters.count, (0x30...0x39).contains(characters[position]) { position += 1 }
        }
        var offset: Int? = source == .creationTime ? 0 : nil
        if position < characters.count {
            let sign = characters[position]
            if sign == 0x5A {
                offset = 0
            } else if sign == 0x2B || sign == 0x2D {
                let rest = Array(characters[(position + 1)...]).filter { $0 != 0x3A }
                if rest.count >= 4, rest.prefix(4).allSatisfy({ (0x30...0x39).contains($0) }) {
                    let hours = Int(rest[0] - 0x30) * 10 + Int(rest[1] - 0x30)
                    let minutes = Int(rest[2] - 0x30) * 10 + Int(rest[3] - 0x30)
                    if hours <= 14, minutes < 60 { offset = (sign == 0x2D ? -1 : 1) * (hours * 60 + minutes) }
                }
            }
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let dateTime = "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
        return RecordingDate(dateTime: dateTime, utcOffsetMinutes: offset, source: source)
    }
}
