/// How one build runs, beside what site it makes (`SiteConfiguration`): the same
/// configuration makes the same site whatever these say, but for `generator`, which only
/// decides whether pages are rendered again.
package struct RunOptions: Sendable, Hashable {
    /// How many photos are read, decoded and rendered at once.
    var jobs: Int
    /// Make every image and render every page again, even when the manifest says they are
    /// up to date.
    var force: Bool
    /// Which build of Tessera makes the pages (version and executable): pages made by
    /// another one are rendered again, since its renderer may write them differently.
    var generator: String
    /// The time, in seconds since 1970, that marks a feed entry whose album changed in this
    /// build (`FeedHistory`); nil for the system's clock, read once when the feed is made.
    /// Nothing else of a build depends on when it runs.
    var now: Double?

    package init(jobs: Int = 2, force: Bool = false, generator: String = "", now: Double? = nil) {
        self.jobs = jobs
        self.force = force
        self.generator = generator
        self.now = now
    }
}
