import Foundation

/// How one album's photos are ordered: the names listed in `order:` first, as listed, then
/// the others by name (natural order) or date taken (else the file's time), reversed on
/// request. Equal dates fall back to name order, so the order is total.
struct PhotoOrder: Sendable {
    var key: SortKey
    var reverse: Bool
    var listed: [String]

    func apply(
        _ photos: [PlannedPhoto], file: String, line: Int?, warnings: inout [MetadataWarning]
    ) -> [PlannedPhoto] {
        var first: [PlannedPhoto] = []
        var rest = photos
        for name in listed {
            if let index = rest.firstIndex(where: { $0.source.fileName == name }) {
                first.append(rest.remove(at: index))
            } else if !first.contains(where: { $0.source.fileName == name }) {
                warnings.append(MetadataWarning(
                    file: file, line: line, message: "order names '\(name)', which is not a photo in this album"))
            }
        }
        // The catalog lists photos in natural order already.
        if key == .date {
            rest = rest.enumerated().sorted { a, b in
                let (x, y) = (Self.date(a.element), Self.date(b.element))
                return x != y ? x < y : a.offset < b.offset
            }.map(\.element)
        }
        return first + (reverse ? rest.reversed() : rest)
    }

    /// When the photo was taken (`YYYY-MM-DD HH:MM:SS`), else its file's time in UTC.
    static func date(_ photo: PlannedPhoto) -> String {
        if let taken = photo.info.metadata.dateTaken, !taken.isEmpty { return taken }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: photo.source.modified))
    }
}

/// How sub-albums are ordered on their parent's page: by folder name or by date.
struct AlbumSequence: Sendable {
    var key: SortKey
    var reverse: Bool

    func apply(_ albums: [PlannedAlbum]) -> [PlannedAlbum] {
        var sorted = albums
        if key == .date {
            sorted = albums.enumerated().sorted { a, b in
                let (x, y) = (a.element.date ?? "", b.element.date ?? "")
                return x != y ? x < y : a.offset < b.offset
            }.map(\.element)
        }
        return reverse ? sorted.reversed() : sorted
    }
}
