import Dispatch
import Foundation
import Synchronization

/// Proves a built or published site is right: every link and source resolves, no image or
/// video carries metadata, no hidden page is listed, nothing private is published, every
/// page within its budget. Pure over its `PublishedSite`: a folder and a served site are
/// held to the same rules.
package struct SiteVerifier: Sendable {
    let site: any PublishedSite
    let options: VerifyOptions

    init(site: any PublishedSite, options: VerifyOptions) {
        self.site = site
        var options = options
        // As a build writes `base_url` (`my photos` → `my%20photos`), so it compares equal.
        options.baseURL = options.baseURL.map(URLPath.encodeBase)
        self.options = options
    }

    /// Verifies the site in `folder` (a build's output or a copy made for publishing),
    /// named `name` in messages.
    package init(folder: URL, name: String, options: VerifyOptions) {
        self.init(site: SiteFolder(root: folder, name: name), options: options)
    }

    /// Verifies the site served at `url` (http or https), read over the network.
    package init(url: String, options: VerifyOptions) {
        self.init(site: ServedSite(url: url), options: options)
    }

    /// The root's own page.
    static let home = PublishedPath("index.html")

    /// Everything read, by path, and the order pages were found in.
    struct Findings {
        var scans: [PublishedPath: FileScan] = [:]
        var inventory: SiteInventory?
        /// Over HTTP: how to know the home page (`scan(_:fallback:)`).
        var home: HomeSignature?
        /// Over HTTP: files named but not read because they are deeper than `deepestFolder`.
        var tooDeep: Set<PublishedPath> = []
        /// Over HTTP: files named but not read because `options.mostFiles` were read.
        var pastMostFiles: Set<PublishedPath> = []

        /// Whether a file was named but not read (too deep, past `mostFiles`, or its read
        /// failed, which is a problem of its own): links to it are not checked, rather than
        /// taken as broken. A video cut off by the server was two problems, one a link to
        /// "no file" the server had.
        func wasNotRead(_ path: PublishedPath) -> Bool {
            if case .failed? = scans[path] { return true }
            return tooDeep.contains(path) || pastMostFiles.contains(path)
        }
    }

    /// The deepest folder a crawl follows links into. A site's albums nest a few deep; a
    /// server that answers every path with a page whose relative links lead one folder
    /// further (and not with its home page, which `.fallback` catches) would be crawled
    /// for ever.
    static let deepestFolder = 64

    package func verify() -> VerifyReport {
        let start = ContinuousClock.now
        var report = VerifyReport(site: site.name)
        report.pageBudget = options.pageBudget
        var findings = Findings()
        if let inventory = site.inventory() {
            findings.inventory = inventory
            // Hidden files are problems in themselves, not read; `.well-known/` is published on
            // purpose, so its images and videos are looked into as any are (one there was
            // never looked into for a position). Its pages are no pages of the gallery: not
            // read, so not held to what its pages are (listed, within budget).
            let files = inventory.files.filter { !$0.isHidden || ($0.isWellKnown && !$0.isHTML) }.sorted()
            for (path, scan) in zip(files, scanAll(files)) { findings.scans[path] = scan }
            report.files = inventory.files.count
        } else {
            crawl(&findings)
            report.files =
                findings.scans.values.filter {
                    if case .missing = $0 { return false }
                    if case .fallback = $0 { return false }
                    if case .failed = $0 { return false }
                    return true
                }.count
        }
        let base = declaredBase(findings)
        report.baseURL = base
        checkServedAddress(base: base, into: &report)
        checkReferences(findings, base: base, into: &report)
        checkMedia(findings, into: &report)
        checkBudgets(findings, into: &report)
        checkFiles(findings, into: &report)
        checkHome(findings, into: &report)
        report.problems.sort()
        let elapsed = ContinuousClock.now - start
        report.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return report
    }

    /// Scans `paths`, `options.jobs` at a time, results in order, telling
    /// `options.progress` of each file read, counting the `read` before them, of those and
    /// `paths` together.
    func scanAll(_ paths: [PublishedPath], fallback: HomeSignature? = nil, after read: Int = 0) -> [FileScan] {
        let known = read + paths.count
        let results = Mutex([FileScan?](repeating: nil, count: paths.count))
        let next = Atomic(0)
        let done = Atomic(read)
        let workers = max(1, min(options.jobs, paths.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < paths.count else { return }
                let scan = self.scan(paths[index], fallback: fallback)
                results.withLock { $0[index] = scan }
                let count = done.add(1, ordering: .relaxed).newValue
                self.options.progress?(count, known)
            }
        }
        return results.withLock { $0.map { $0 ?? .missing } }
    }

    /// A served site cannot be listed: reads the home page, the sitemap and the feed, then
    /// every file they name, and every file those name, until nothing new is named.
    func crawl(_ findings: inout Findings) {
        // A site whose home page cannot be fetched (nothing listening, a 500) is one problem.
        let home = scan(Self.home)
        findings.scans[Self.home] = home
        if case .failed = home { return }
        if case .page(let page) = home { findings.home = HomeSignature(page) }
        var seen: Set<PublishedPath> = [Self.home]
        var queue: [PublishedPath] = []
        func follow(_ scan: FileScan, from path: PublishedPath, _ findings: inout Findings) {
            for reference in references(of: scan) {
                guard case .file(let target, let folder) = resolve(reference, from: path, base: declaredBase(findings))
                else { continue }
                let file = folder ? target.indexPage : target
                guard file.segments.count <= Self.deepestFolder + 1 else {
                    findings.tooDeep.insert(file)
                    continue
                }
                if seen.insert(file).inserted { queue.append(file) }
            }
        }
        for listing in [PublishedPath("sitemap.xml"), PublishedPath("feed.xml")] where seen.insert(listing).inserted {
            queue.append(listing)
        }
        follow(home, from: Self.home, &findings)
        while !queue.isEmpty {
            let room = max(0, options.mostFiles - findings.scans.count)
            let paths = Array(queue.prefix(room))
            findings.pastMostFiles.formUnion(queue.dropFirst(paths.count))
            queue = []
            for (path, scan) in zip(paths, scanAll(paths, fallback: findings.home, after: findings.scans.count)) {
                findings.scans[path] = scan
                follow(scan, from: path, &findings)
            }
        }
        // A hidden photo's page no link reaches, but its files are named after it: the page
        // of each `_media` file read that no link reached is read too, and kept as a page
        // when it says noindex, so that a listed page or the feed naming a hidden photo's
        // image is a leak over HTTP as in a folder.
        let owners = Set(findings.scans.keys.compactMap(Self.photoPage(owning:))).subtracting(seen).sorted()
        let room = Array(owners.prefix(max(0, options.mostFiles - findings.scans.count)))
        for (path, scan) in zip(room, scanAll(room, fallback: findings.home, after: findings.scans.count)) {
            // Anything else (a page left behind, a 404, the home page a catch-all rule sent)
            // is no concern of a crawl that no link led there.
            if case .page(let page) = scan, page.noindex {
                findings.scans[path] = scan
            } else {
                findings.scans[path] = .missing
            }
        }
    }

    func references(of scan: FileScan) -> [PageReference] {
        switch scan {
        case .page(let page): return page.references
        case .references(let references, _, _): return references
        default: return []
        }
    }

    /// The base URL absolute links are held to: `--base-url`, else the one the home page's
    /// canonical link gives.
    func declaredBase(_ findings: Findings) -> String? {
        if let base = options.baseURL { return base.hasSuffix("/") ? base : base + "/" }
        guard case .page(let home)? = findings.scans[Self.home], var canonical = home.canonical,
            SiteReference.scheme(of: canonical) != nil
        else { return nil }
        if canonical.hasSuffix("/index.html") { canonical.removeLast("index.html".count) }
        return canonical.hasSuffix("/") ? canonical : canonical + "/"
    }

    /// Where a reference leads: under the declared base, else under the URL the site is
    /// served at.
    func resolve(_ reference: PageReference, from page: PublishedPath, base: String?) -> SiteReference {
        let resolved = SiteReference.resolve(reference.url, from: page, base: base ?? site.servedURL)
        if let served = site.servedURL, base != nil, served != base {
            switch resolved {
            case .external, .outsideBase:
                let again = SiteReference.resolve(reference.url, from: page, base: served)
                if case .file = again { return again }
            default:
                break
            }
        }
        return resolved
    }
}

extension PublishedPath {
    /// The `index.html` of this folder.
    var indexPage: PublishedPath { appending("index.html") }
}
