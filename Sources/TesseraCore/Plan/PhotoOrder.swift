/// How one album's photos are ordered: the names listed in `order:` first, as listed, then
/// the others by name (natural order) or date taken (else the file's time), reversed on
/// request. Equal dates fall back to name order, so the order is total.
struct PhotoOrder: Sendable {
    var key: SortKey
    var reverse: Bool
    var listed: [String]
    /// Each photo's `order:` value by `PhotoFile.key`, for `key == .order`.
    var values: [String: String] = [:]

    func apply(
        _ photos: [PlannedPhoto], file: String, line: Int?, warnings: inout [MetadataWarning]
    ) -> [PlannedPhoto] {
        var first: [PlannedPhoto] = []
        var rest = photos
        for name in listed {
            if let index = rest.firstIndex(where: { $0.source.fileName == name }) {
                first.append(rest.remove(at: index))
            } else if !first.contains(where: { $0.source.fileName == name }) {
                warnings.append(
                    MetadataWarning(
                        file: file, line: line, message: "order names '\(name)', which is not a photo in this album"))
            }
        }
        // The catalog lists photos in natural order already.
        if key == .date {
            rest = rest.enumerated().map { (date: Self.date($0.element), offset: $0.offset, photo: $0.element) }
                .sorted { a, b in a.date != b.date ? a.date < b.date : a.offset < b.offset }
                .map(\.photo)
        } else if key == .order {
            rest = SortKey.byOrderValue(rest) { values[$0.source.key] }
        }
        return first + (reverse ? rest.reversed() : rest)
    }

    /// When the photo was taken (`YYYY-MM-DD HH:MM:SS`), else its file's time on the local
    /// wall clock, as cameras write the time taken.
    static func date(_ photo: PlannedPhoto) -> String {
        if let taken = photo.info.metadata.dateTaken, !taken.isEmpty { return taken }
        return LocalWallClock.text(utcSeconds: photo.source.modified)
    }

    /// Seconds since 1970 as `YYYY-MM-DD HH:MM:SS` in UTC, computed rather than formatted:
    /// every build plans every album, and a `DateFormatter` per photo would cost more than
    /// the rest of the plan. A time outside `CalendarDate.seconds` (a file whose time a tool
    /// or a damaged disk set to billions of years, as tmpfs and btrfs keep) is taken as the
    /// nearest end of that range.
    static func timestamp(_ seconds: Double) -> String {
        let range = CalendarDate.seconds
        let total = seconds.isNaN ? 0 : Int(min(max(seconds, range.lowerBound), range.upperBound).rounded(.down))
        var days = total / 86_400
        var rest = total % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        let yearText =
            String(year).count < 4 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        return "\(yearText)-\(two(month))-\(two(day)) \(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))"
    }
}

/// How sub-albums are ordered on their parent's page: by folder name, by date or by their
/// `order:` values.
struct AlbumSequence: Sendable {
    var key: SortKey
    var reverse: Bool

    /// `values`: each album's `order:` value, by its folder.
    func apply(_ albums: [PlannedAlbum], values: [String: String] = [:]) -> [PlannedAlbum] {
        var sorted = albums
        if key == .order {
            sorted = SortKey.byOrderValue(albums) { values[$0.folder] }
        } else if key == .date {
            sorted = albums.enumerated().sorted { a, b in
                let (x, y) = (a.element.date ?? "", b.element.date ?? "")
                return x != y ? x < y : a.offset < b.offset
            }.map(\.element)
        }
        return reverse ? sorted.reversed() : sorted
    }
}
