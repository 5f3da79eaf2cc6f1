import Foundation
import TesseraTemplate

/// `feed.xml`: the site's albums as an Atom feed (RFC 4287), newest first, so people can
/// follow a gallery in a feed reader.
///
/// An entry's `updated` is its album's newest photo's date taken, else its newest file's
/// modification time, and its `published` the album's own date: functions of the photos
/// and notes, never of the build's time, so the same photos make the same feed.
enum AtomFeed {
    /// The feed, or nil without a base URL (feeds need absolute links).
    static func xml(_ plan: PagePlan, site: SiteContext) -> String? {
        guard let base = site.baseURL else { return nil }
        // Hidden albums and photos are not announced.
        let entries = plan.listedAlbums.dropFirst().compactMap { album -> (album: PlannedAlbum, updated: String)? in
            guard let updated = newestDate(of: album) else { return nil }
            return (album, updated)
        }.sorted { $0.updated != $1.updated ? $0.updated > $1.updated : $0.album.folder < $1.album.folder }
        let feedUpdated = entries.map(\.updated).max() ?? "1970-01-01T00:00:00Z"
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(HTML.escape(site.language))">"#,
            "<title>\(HTML.escape(site.title))</title>",
            "<id>\(HTML.escape(base))</id>",
            #"<link rel="alternate" href="\#(HTML.escape(base))"/>"#,
            #"<link rel="self" href="\#(HTML.escape(site.absoluteURL(SiteContext.feedPath)!))"/>"#,
            "<updated>\(feedUpdated)</updated>",
            "<author><name>\(HTML.escape(site.title))</name></author>",
        ]
        for (album, updated) in entries {
            let url = HTML.escape(site.absoluteURL(album.page)!)
            lines += [
                "<entry>",
                "<title>\(HTML.escape(album.title))</title>",
                "<id>\(url)</id>",
                #"<link rel="alternate" href="\#(url)"/>"#,
            ]
            // The album's own date (`date:` in its index.md, else its earliest photo's), when
            // it is no later than the entry's last change.
            if let published = album.date.flatMap(atomDate(exif:)), published <= updated {
                lines.append("<published>\(published)</published>")
            }
            lines.append("<updated>\(updated)</updated>")
            // What the album is about, for the reader's list: its description's words, else
            // how many photos and videos it holds.
            let summary = album.summary ?? AlbumContents(album, words: site.words).text
            lines.append("<summary>\(HTML.escape(summary))</summary>")
            if let cover = album.cover, let image = site.absoluteURL(cover.rendition(.thumbnail2x).path) {
                lines.append(#"<link rel="enclosure" type="image/jpeg" href="\#(HTML.escape(image))"/>"#)
            }
            lines.append("</entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The newest date of the album's own photos and all below it, as an Atom date.
    static func newestDate(of album: PlannedAlbum) -> String? {
        let photos = album.listedTree.flatMap(\.photos)
        let taken = photos.compactMap { $0.info.metadata.dateTaken.flatMap(atomDate(exif:)) }.max()
        if let taken { return taken }
        return photos.map(\.source.modified).max().map(atomDate(seconds:))
    }

    /// `2024:05:01 10:00:00` or `2024-05-01 10:00:00` → `2024-05-01T10:00:00Z` (EXIF keeps no
    /// time zone; the feed states the time as recorded); a day alone (`2024-05-01`, as an
    /// `index.md` may say) is its midnight.
    static func atomDate(exif text: String) -> String? {
        var digits = text.filter(\.isASCII).filter(\.isNumber)
        if digits.count == 8 { digits += "000000" }
        guard digits.count == 14 else { return nil }
        let d = Array(digits)
        func part(_ range: Range<Int>) -> String { String(d[range]) }
        return "\(part(0..<4))-\(part(4..<6))-\(part(6..<8))T\(part(8..<10)):\(part(10..<12)):\(part(12..<14))Z"
    }

    static func atomDate(seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
    }
}
