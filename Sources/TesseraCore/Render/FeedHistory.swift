/// When the feed, and each of its entries, last changed what it shows, as the builds of one
/// output folder saw it: kept in the manifest, so that an entry's `<updated>` moves when its
/// album's title, description or photos (their titles and captions too) are edited, and
/// stays put when they are not. A digest of what an entry shows is kept with the time it
/// was first seen, never the time of each build: the same input gives the same feed.
struct FeedHistory: Codable, Sendable, Hashable {
    /// What one entry (or the feed) showed, and since when.
    struct Mark: Codable, Sendable, Hashable {
        /// The digest of what it shows.
        var digest: String
        /// When a build first showed it so, as an Atom date; nil when that was the output
        /// folder's first build with a feed, whose dates are the photos' own.
        var changed: String?
    }

    /// The feed's own: its title, links, language and which entries it holds.
    var feed: Mark
    /// Each entry's, by its album's folder in the site.
    var entries: [String: Mark]

    /// The history after a build whose feed shows `feed` and `entries` (digests, by album
    /// folder), made at `now` (an Atom date), following `previous`, the last build's (nil
    /// when it made no feed). What is unchanged keeps its mark; what changed, or is new to
    /// a feed that was there, is marked `now`; on a first feed nothing is marked, so a
    /// site built from scratch carries its photos' dates alone.
    static func next(
        after previous: FeedHistory?, feed: String, entries: [String: String], now: String
    ) -> FeedHistory {
        func mark(_ digest: String, _ before: Mark?) -> Mark {
            if let before, before.digest == digest { return before }
            return Mark(digest: digest, changed: previous == nil ? nil : now)
        }
        return FeedHistory(
            feed: mark(feed, previous?.feed),
            entries: entries.reduce(into: [:]) { marks, entry in
                marks[entry.key] = mark(entry.value, previous?.entries[entry.key])
            })
    }
}
