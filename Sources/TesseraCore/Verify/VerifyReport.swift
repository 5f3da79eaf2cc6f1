/// What `tessera verify` found: every problem, by group, and what was checked.
package struct VerifyReport: Sendable, Codable, Equatable {
    /// The kinds of problem, in the order the report shows them.
    enum Group: String, Sendable, Codable, CaseIterable, Comparable {
        /// A link, `src`, `srcset` entry or stylesheet `url()` that names no file of the
        /// site, climbs out of it, or leaves its base URL.
        case links
        /// An image or video carrying a position, EXIF, XMP, IPTC, text or tags.
        case metadata
        /// A hidden page in a listing, the sitemap or the feed; a page no listing reaches
        /// that does not say `noindex`.
        case hidden
        /// A file that must not be published (a manifest, a journal, a dot-file, a link
        /// out of the site), or `.nojekyll` missing.
        case files
        /// A page over its byte budget.
        case budget
        /// A file or folder that could not be read; a sitemap or feed that is not
        /// well-formed XML, which no reader reads.
        case unreadable

        /// The group's heading.
        var title: String {
            switch self {
            case .links: return "Links"
            case .metadata: return "Metadata in images and videos"
            case .hidden: return "Hidden pages"
            case .files: return "Published files"
            case .budget: return "Page budgets"
            case .unreadable: return "Unreadable"
            }
        }

        static func < (a: Group, b: Group) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// One problem, at a file of the site (and a line where it applies).
    struct Problem: Sendable, Codable, Hashable, Comparable {
        var group: Group
        var file: String
        var line: Int?
        var message: String

        init(_ group: Group, file: String, line: Int? = nil, _ message: String) {
            self.group = group
            self.file = file
            self.line = line
            self.message = message
        }

        /// `file:line` or `file`.
        var position: String { line.map { "\(file):\($0)" } ?? file }

        static func < (a: Problem, b: Problem) -> Bool {
            if a.group != b.group { return a.group < b.group }
            if a.file != b.file { return Array(a.file.utf8).lexicographicallyPrecedes(Array(b.file.utf8)) }
            if a.line != b.line { return (a.line ?? 0) < (b.line ?? 0) }
            return a.message < b.message
        }
    }

    /// A page's weight, as sent and as gzipped.
    struct PageWeight: Sendable, Codable, Hashable {
        var page: String
        var bytes: Int
        var gzipped: Int
    }

    /// The site as messages name it.
    var site: String
    var problems: [Problem] = []
    /// HTML pages read.
    var pages = 0
    /// Files of the site (listed, or fetched over HTTP).
    var files = 0
    /// Links, sources and `url()`s resolved.
    var references = 0
    /// Links to other sites, not followed.
    var external = 0
    var images = 0
    var videos = 0
    /// The heaviest pages, heaviest first.
    var heaviest: [PageWeight] = []
    /// The page budget, in bytes gzipped.
    var pageBudget = 0
    /// The base URL absolute links were held to, when there was one.
    var baseURL: String?
    /// What was not checked, and why (over HTTP: the listing of files).
    package var notes: [String] = []
    var seconds = 0.0

    init(site: String) {
        self.site = site
    }

    /// `3 problems: 2 links, 1 metadata` or `no problems`, then what was checked.
    package var summary: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var line =
            "\(site): \(count(pages, "page")), \(count(files, "file")), \(count(references, "link")) resolved"
            + " (\(external) external not followed), \(count(images, "image")) and \(count(videos, "video")) inspected"
        if let top = heaviest.first {
            line += "; heaviest page \(top.page) \(kibibytes(top.gzipped)) gzipped (budget \(kibibytes(pageBudget)))"
        }
        line += "; " + problemSummary + ", " + String(format: "%.2f s", seconds)
        return line
    }

    /// Whether verification found anything wrong (the command then fails).
    package var hasProblems: Bool { !problems.isEmpty }

    /// The error line of a failed verification: `site: 3 problems (2 links, 1 metadata)`.
    package var failure: String { "\(site): \(problemSummary)" }

    /// `no problems`, or `3 problems (2 links, 1 metadata)`.
    var problemSummary: String {
        guard !problems.isEmpty else { return "no problems" }
        let groups = Group.allCases.compactMap { group -> String? in
            let n = problems.filter { $0.group == group }.count
            return n == 0 ? nil : "\(n) \(group.rawValue)"
        }
        return "\(problems.count) problem\(problems.count == 1 ? "" : "s") (\(groups.joined(separator: ", ")))"
    }

    /// The problems as the report shows them: a heading per group, one line per problem.
    ///
    /// - Parameter shown: each problem's line as it may be shown: a terminal's shows the
    ///   control characters a site's names and links hold (a link to `x%0Anote%3A …`
    ///   decodes to a line break), which would otherwise forge lines of the report.
    package func grouped(shown: (String) -> String = { $0 }) -> String {
        var lines: [String] = []
        for group in Group.allCases {
            let inGroup = problems.filter { $0.group == group }
            guard !inGroup.isEmpty else { continue }
            lines.append("\(group.title) (\(inGroup.count)):")
            for problem in inGroup { lines.append("  " + shown("\(problem.position): \(problem.message)")) }
        }
        return lines.joined(separator: "\n")
    }

    func kibibytes(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : String(format: "%.1f KiB", Double(bytes) / 1024)
    }
}
