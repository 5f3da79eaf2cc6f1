import Foundation
import TesseraTemplate

/// `feed.xml`: the site's albums as an Atom feed (RFC 4287), newest first, so people can
/// follow a gallery in a feed reader.
///
/// An entry's `updated` is the later of its album's newest photo's date taken (else its
/// newest file's modification time) and the time a build first showed the entry as it now
/// is (`FeedHistory`): its title, description, cover and photos, with their titles and
/// captions. Its `published` is the album's own date. A build with nothing changed keeps
/// every date, so the same input makes the same feed.
enum AtomFeed {
    /// The feed, or nil without a base URL (feeds need absolute links).
    ///
    /// - Parameter history: when each entry last changed (`history(_:site:after:now:)` of
    ///   this plan); nil for the photos' dates alone.
    static func xml(_ plan: PagePlan, site: SiteContext, history: FeedHistory? = nil) -> String? {
        guard let base = site.baseURL else { return nil }
        let entries = self.entries(plan, site: site).map { entry -> (entry: Entry, updated: String) in
            let changed = history?.entries[entry.key]?.changed.flatMap(atomDate(checked:))
            return (entry, max(entry.photoDate, changed ?? entry.photoDate))
        }.sorted { $0.updated != $1.updated ? $0.updated > $1.updated : $0.entry.key < $1.entry.key }
        let feedUpdated =
            (entries.map(\.updated) + [history?.feed.changed.flatMap(atomDate(checked:))].compactMap { $0 }).max()
            ?? "1970-01-01T00:00:00Z"
        let head = Head(site: site)
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\#(HTML.escape(head.language))">"#,
            "<title>\(HTML.escape(head.title))</title>",
            "<id>\(HTML.escape(base))</id>",
            #"<link rel="alternate" href="\#(HTML.escape(base))"/>"#,
            #"<link rel="self" href="\#(HTML.escape(head.link))"/>"#,
            "<updated>\(feedUpdated)</updated>",
            "<author><name>\(HTML.escape(head.author ?? head.title))</name></author>",
        ]
        for (entry, updated) in entries {
            let shown = entry.shown
            let url = HTML.escape(shown.link)
            // The home page's entry is not the feed, whose id is the same page's address.
            let id = entry.key.isEmpty ? url + "#photos" : url
            lines += [
                "<entry>",
                "<title>\(HTML.escape(shown.title))</title>",
                "<id>\(id)</id>",
                #"<link rel="alternate" href="\#(url)"/>"#,
            ]
            // The album's own date (`date:` in its index.md, else its earliest photo's), when
            // it is no later than the entry's last change.
            if let published = shown.published, published <= updated {
                lines.append("<published>\(published)</published>")
            }
            lines.append("<updated>\(updated)</updated>")
            lines.append("<summary>\(HTML.escape(shown.summary))</summary>")
            if let image = shown.enclosure {
                lines.append(#"<link rel="enclosure" type="image/jpeg" href="\#(HTML.escape(image))"/>"#)
            }
            lines.append("</entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the feed of `plan` shows and since when, after `previous` (the last build's
    /// history, nil when it made no feed), for a build made at `now` (an Atom date); nil
    /// without a base URL, when there is no feed.
    static func history(_ plan: PagePlan, site: SiteContext, after previous: FeedHistory?, now: String) -> FeedHistory?
    {
        guard site.baseURL != nil else { return nil }
        let entries = self.entries(plan, site: site)
        return FeedHistory.next(
            after: previous,
            feed: Fingerprint.of(FeedShown(head: Head(site: site), entries: entries.map(\.key).sorted()), context: []),
            entries: Dictionary(uniqueKeysWithValues: entries.map { ($0.key, Fingerprint.of($0.shown, context: [])) }),
            now: now)
    }

    /// The entries, one per listed album with a photo, and one for the home page's own
    /// photos, when it has any (a gallery of one folder has no other).
    private static func entries(_ plan: PagePlan, site: SiteContext) -> [Entry] {
        // The home page's own photos: not those of the albums below, which have their entries.
        var home = plan.root
        home.albums = []
        home.date = home.photos.map(PhotoOrder.date).min()
        // Hidden albums and photos are not announced.
        return ([home] + plan.listedAlbums.dropFirst()).compactMap { album in
            guard let updated = newestDate(of: album), let link = site.absoluteURL(album.page) else { return nil }
            let shown = Shown(
                title: album.title, link: link, published: publishedDate(of: album),
                // What the album is about, for the reader's list: its description's words, else
                // how many photos and videos it holds.
                summary: album.summary ?? AlbumContents(album, words: site.words).text,
                enclosure: album.cover.flatMap { site.absoluteURL($0.rendition(.thumbnail2x).path) },
                items: album.listedItems.map {
                    Shown.Item(page: $0.page, title: $0.title, caption: $0.caption, captionHTML: $0.captionHTML)
                })
            return Entry(key: album.folder, shown: shown, photoDate: updated)
        }
    }

    /// One album's entry before its `updated` is settled.
    private struct Entry {
        /// The album's folder in the site: what the history knows the entry by.
        var key: String
        var shown: Shown
        /// Its newest photo's date (`newestDate(of:)`).
        var photoDate: String
    }

    /// What an entry shows and stands for: its text and links, and the photos of its album
    /// and the albums below, with their titles and captions. Its digest is the entry's mark.
    private struct Shown: Encodable {
        struct Item: Encodable {
            var page: String
            var title: String?
            var caption: String?
            var captionHTML: String?
        }

        var title: String
        var link: String
        var published: String?
        var summary: String
        var enclosure: String?
        var items: [Item]
    }

    /// The feed's own text, whatever its entries.
    private struct Head: Encodable {
        var title: String
        var language: String
        var link: String
        /// The site's `author`, the feed's author when set (else the site's title); nil is
        /// left out of the coded head, so a site without one keeps its feed's history.
        var author: String?

        init(site: SiteContext) {
            title = site.title
            language = site.language
            link = site.absoluteURL(SiteContext.feedPath) ?? ""
            author = site.author.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0.trimmingSpaces }
        }
    }

    /// What the feed as a whole shows: its own text and which entries it holds.
    private struct FeedShown: Encodable {
        var head: Head
        var entries: [String]
    }

    /// The newest date of the album's own photos and all below it, as an Atom date: the
    /// latest moment one was taken (else the latest of their files' times). Feed readers
    /// order and show entries by these moments, so each is one (`moment(of:)`), the same on
    /// whatever machine, in whatever time zone, the site is built.
    static func newestDate(of album: PlannedAlbum) -> String? {
        let photos = album.listedTree.flatMap(\.photos)
        let taken = photos.compactMap(takenMoment).max()
        return (taken ?? photos.map(\.source.modified).max()).map(atomDate(seconds:))
    }

    /// The album's own date as an Atom date: `date:` in its `index.md` as written (a day,
    /// or a time as the clock showed it), else the moment its earliest photo was taken,
    /// whose date it is (`PagePlanner`: the earliest of `PhotoOrder.date`).
    static func publishedDate(of album: PlannedAlbum) -> String? {
        guard let date = album.date else { return nil }
        let earliest = album.listedTree.flatMap(\.photos).first { PhotoOrder.date($0) == date }
        return earliest.map { atomDate(seconds: moment(of: $0)) } ?? atomDate(exif: date)
    }

    /// When `photo` was taken, as seconds since 1970 in UTC: its date taken less the offset
    /// from UTC its camera recorded with it (a clip's, from its UTC time); a date taken with
    /// no offset is read as UTC, the time as the camera showed it, as EXIF keeps no zone.
    /// Nil without a date taken.
    static func takenMoment(of photo: PlannedPhoto) -> Double? {
        let metadata = photo.info.metadata
        guard let text = metadata.dateTaken, let atom = atomDate(exif: text),
            let wallClock = LocalWallClock.seconds(
                utc: String(atom.dropLast()).replacingOccurrences(of: "T", with: " "))
        else { return nil }
        return wallClock - Double((metadata.utcOffsetMinutes ?? 0) * 60)
    }

    /// `takenMoment(of:)`, else the moment its file was last changed.
    static func moment(of photo: PlannedPhoto) -> Double {
        takenMoment(of: photo) ?? photo.source.modified
    }

    /// `2024:05:01 10:00:00` or `2024-05-01 10:00:00` → `2024-05-01T10:00:00Z` (a time
    /// with no zone, as EXIF and `index.md` keep it, stated as recorded); a day alone (`2024-05-01`, as an
    /// `index.md` may say) is its midnight. Nil for a date no calendar has (`2024:13:45`).
    static func atomDate(exif text: String) -> String? {
        var digits = text.filter(\.isASCII).filter(\.isNumber)
        if digits.count == 8 { digits += "000000" }
        guard digits.count == 14 else { return nil }
        let d = Array(digits)
        let parts = [0..<4, 4..<6, 6..<8, 8..<10, 10..<12, 12..<14].map { Substring(String(d[$0])) }
        guard CalendarDate.isValid(parts) else { return nil }
        return "\(parts[0])-\(parts[1])-\(parts[2])T\(parts[3]):\(parts[4]):\(parts[5])Z"
    }

    /// `text` when it is an Atom date as `atomDate(seconds:)` writes it, else nil: a date
    /// read back from the manifest, which any program could have written, never reaches the
    /// feed unless it is one.
    static func atomDate(checked text: String) -> String? {
        let shape = Array("0000-00-00T00:00:00Z".utf8)
        let bytes = Array(text.utf8)
        guard bytes.count == shape.count else { return nil }
        for (byte, expected) in zip(bytes, shape) {
            guard
                expected == UInt8(ascii: "0")
                    ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : byte == expected
            else { return nil }
        }
        return text
    }

    /// A file's time in RFC 3339 (`2026-12-05T10:00:00Z`), held to the years 1 to 9999 as
    /// `PhotoOrder.timestamp` holds it: Foundation wrote a file dated 2^63 s as year 5828963,
    /// which no feed reader parses.
    static func atomDate(seconds: Double) -> String {
        PhotoOrder.timestamp(seconds).replacingOccurrences(of: " ", with: "T") + "Z"
    }
}
