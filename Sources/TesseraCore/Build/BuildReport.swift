/// What a build did, for the summary line and for `--json`.
package struct BuildReport: Sendable, Codable, Equatable {
    /// A photo that is not on the site, and why.
    struct Skipped: Sendable, Codable, Equatable {
        var path: String
        var reason: String
    }

    /// Photos published, videos not counted.
    var photos: Int
    /// Videos published (those in `kept` too).
    var videos: Int = 0
    /// Albums published, the home album included.
    var albums: Int
    var skipped: [Skipped]
    /// Files written by this build.
    var generated: Int
    /// Files already up to date, left as they were.
    var reused: Int
    /// Files of an earlier build that are no longer part of the site, deleted.
    var removed: Int
    var seconds: Double
    /// Files that are not photos or were passed over (`--verbose`); not in the JSON contract.
    var ignored: [IgnoredFile] = []
    /// Files published otherwise than a reader might expect, and why (`--verbose`); not in
    /// the JSON contract.
    var notes: [IgnoredFile] = []
    /// Seconds spent in each stage, in order (`--verbose`); not in the JSON contract.
    var stages: [(stage: String, seconds: Double)] = []
    /// Photos and folders left out on purpose (`.nomedia`, `ignore:`): counted in the
    /// summary, listed with `--verbose`; in the JSON as `excluded` (`path`, `reason`).
    var excluded: [IgnoredFile] = []
    /// Problems in `index.md` files and sidecars; the build went on with defaults. In the
    /// JSON as `warnings` (`file`, `line`, `message`).
    var warnings: [MetadataWarning] = []
    /// Folders and Markdown files that could not be read, and broken links, with the
    /// system's reason: what they hold is missing from the site. Counted in the summary;
    /// in the JSON as `unreadable` (`path`, `reason`). A photo that cannot be read is in
    /// `skipped`, as every photo left off the site is.
    var unreadable: [IgnoredFile] = []
    /// Files published as another photo of their folder (a byte-identical copy, a RAW
    /// beside its JPEG), each with the photo it joined. The copies are counted in the
    /// summary and, like the RAWs, listed with `--verbose` among the ignored files; in the
    /// JSON as `folded` (`path`, `joined`, `kind`, `reason`).
    var folded: [FoldedFile] = []
    /// Videos that could not be made again because ffmpeg or ffprobe is missing: they are
    /// published with the files an earlier build made, and each is named with the install
    /// command (`reason`). Counted in the summary; in the JSON as `kept` (`path`, `reason`).
    var kept: [Skipped] = []

    package static func == (a: BuildReport, b: BuildReport) -> Bool {
        a.photos == b.photos && a.videos == b.videos && a.kept == b.kept && a.albums == b.albums
            && a.skipped == b.skipped && a.generated == b.generated
            && a.reused == b.reused && a.removed == b.removed && a.seconds == b.seconds
    }

    enum CodingKeys: String, CodingKey {
        case photos, videos, albums, skipped, generated, reused, removed, seconds, excluded, warnings, unreadable
        case folded, kept
    }

    /// `42 photos, 3 videos in 5 albums, 2 skipped, 1 video kept from the last build, 1 left
    /// out, 1 unreadable, 1 duplicate folded, 3.1 s` (no videos: `42 photos in 5 albums, …`).
    package var summary: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var line = count(photos, "photo")
        if videos > 0 { line += ", " + count(videos, "video") }
        line += " in \(count(albums, "album"))"
        if !skipped.isEmpty { line += ", \(skipped.count) skipped" }
        if !kept.isEmpty { line += ", \(count(kept.count, "video")) kept from the last build" }
        if !excluded.isEmpty { line += ", \(excluded.count) left out" }
        if !unreadable.isEmpty { line += ", \(unreadable.count) unreadable" }
        let duplicates = folded.filter { $0.kind == .duplicate }.count
        if duplicates > 0 { line += ", \(count(duplicates, "duplicate")) folded" }
        line += ", " + String(format: "%.1f s", seconds)
        return line
    }
}

extension BuildReport {
    /// Reads a report, also one written before `excluded`, `warnings`, `unreadable`,
    /// `folded`, `videos` and `kept` existed.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        photos = try container.decode(Int.self, forKey: .photos)
        albums = try container.decode(Int.self, forKey: .albums)
        skipped = try container.decode([Skipped].self, forKey: .skipped)
        generated = try container.decode(Int.self, forKey: .generated)
        reused = try container.decode(Int.self, forKey: .reused)
        removed = try container.decode(Int.self, forKey: .removed)
        seconds = try container.decode(Double.self, forKey: .seconds)
        excluded = try container.decodeIfPresent([IgnoredFile].self, forKey: .excluded) ?? []
        warnings = try container.decodeIfPresent([MetadataWarning].self, forKey: .warnings) ?? []
        unreadable = try container.decodeIfPresent([IgnoredFile].self, forKey: .unreadable) ?? []
        folded = try container.decodeIfPresent([FoldedFile].self, forKey: .folded) ?? []
        videos = try container.decodeIfPresent(Int.self, forKey: .videos) ?? 0
        kept = try container.decodeIfPresent([Skipped].self, forKey: .kept) ?? []
    }
}
