import Foundation

extension SiteVerifier {
    /// Whether the file exists: read (over HTTP) or listed (a folder, or its `index.html`).
    func target(_ path: PublishedPath, folder: Bool, in findings: Findings) -> PublishedPath? {
        let candidates = folder ? [path.indexPage] : [path, path.indexPage]
        for candidate in candidates {
            if let inventory = findings.inventory {
                if inventory.files.contains(candidate) { return candidate }
            } else if let scan = findings.scans[candidate] {
                switch scan {
                case .missing, .fallback, .failed: continue
                default: return candidate
                }
            }
        }
        return nil
    }

    func checkReferences(_ findings: Findings, base: String?, into report: inout VerifyReport) {
        var hiddenPages: Set<PublishedPath> = []
        var pages: [PublishedPath: ScannedPage] = [:]
        for (path, scan) in findings.scans {
            if case .page(let page) = scan {
                pages[path] = page
                if page.noindex { hiddenPages.insert(path) }
            }
        }
        report.pages = pages.count
        /// Navigation from listed pages, for the pages no listing reaches.
        var edges: [PublishedPath: [PublishedPath]] = [:]
        /// The pages the sitemap or the feed lists: meant to be found, whatever links lead there.
        var listed: [PublishedPath] = []
        for (path, scan) in findings.scans.sorted(by: { $0.key < $1.key }) {
            let isListingFile: Bool
            if case .references(_, let listing, _) = scan { isListingFile = listing } else { isListingFile = false }
            let fromHidden = hiddenPages.contains(path)
            for reference in references(of: scan) {
                let resolved = resolve(reference, from: path, base: base)
                func problem(_ group: VerifyReport.Group, _ message: String) {
                    report.problems.append(.init(group, file: path.description, line: reference.line, message))
                }
                let shown = "\(reference.attribute) '\(reference.url)'"
                if reference.role == .absolute || reference.role == .listing,
                    let why = Self.whyNotAbsolute(reference.url)
                {
                    problem(.links, "\(shown) \(why)")
                }
                switch resolved {
                case .none:
                    // An image's empty `src` shows a broken image; an empty link is the page.
                    if reference.role == .resource, reference.attribute == "src",
                        reference.url.allSatisfy({ $0.isWhitespace })
                    {
                        report.references += 1
                        problem(.links, "src is empty: a broken image or clip")
                    }
                    continue
                case .external:
                    if reference.role == .absolute || reference.role == .listing, let base {
                        problem(.links, "\(shown) is not under the site's base URL \(base)")
                    } else {
                        report.external += 1
                    }
                    continue
                case .escapesRoot:
                    report.references += 1
                    problem(.links, "\(shown) climbs above the site's root")
                    continue
                case .outsideBase(let url):
                    report.references += 1
                    problem(.links, "\(shown) leads outside the site (\(base ?? url))")
                    continue
                case .file(let file, let folder):
                    report.references += 1
                    guard let found = target(file, folder: folder, in: findings) else {
                        if findings.wasNotRead(folder ? file.indexPage : file) { continue }
                        let what = folder ? "no index.html in '\(file)/'" : "no file '\(file)'"
                        problem(.links, "\(shown): \(what) in the site")
                        continue
                    }
                    // A canonical naming another page tells search engines to drop this one.
                    if reference.attribute == "canonical", reference.role == .absolute, pages[path] != nil,
                        found != path
                    {
                        problem(
                            .links,
                            "\(shown) names '\(found)', another page, so search engines leave this one out; "
                                + "a page's canonical link names the page itself")
                    }
                    let listedSource = isListingFile || (!fromHidden && findings.scans[path].isPage)
                    guard found.isHTML, pages[found] != nil else {
                        // A hidden album's image or video named where it is listed (a feed's
                        // enclosure, a listed page's picture) shows the album too.
                        let source = isListingFile ? "lists" : "shows"
                        if listedSource, let album = Self.hiddenAlbum(holding: found, hiddenPages: hiddenPages) {
                            problem(.hidden, "\(source) '\(found)', a file of the hidden album '\(album)/'")
                        } else if listedSource, let photo = Self.hiddenPhoto(owning: found, hiddenPages: hiddenPages) {
                            problem(
                                .hidden, "\(source) '\(found)', a file of the hidden photo '\(photo)' (it says noindex)"
                            )
                        }
                        continue
                    }
                    // Any way a listed page names a hidden one (a link, a preview's `og:url`, an
                    // `<iframe>`, a prefetch) leads a visitor or a crawler to it.
                    if hiddenPages.contains(found), listedSource {
                        let source = isListingFile ? "lists" : reference.role == .navigation ? "links to" : "names"
                        problem(.hidden, "\(source) the hidden page '\(found)' (it says noindex)")
                    }
                    if reference.role == .navigation, !fromHidden, !isListingFile {
                        edges[path, default: []].append(found)
                    }
                    if isListingFile { listed.append(found) }
                }
            }
        }
        checkCanonicalsPresent(pages, into: &report)
        checkArchives(findings, pages: pages, hiddenPages: hiddenPages, into: &report)
        // Pages no listing reaches must say noindex (only a folder can show them).
        guard findings.inventory != nil, pages[Self.home] != nil else { return }
        // A page the sitemap lists is not one left behind, even when a broken link cuts it
        // off (it was blamed on "an older Tessera" beside the broken link itself).
        var reached: Set<PublishedPath> = Set([Self.home] + listed)
        var pending = Array(reached)
        while let page = pending.popLast() {
            for next in edges[page] ?? [] where reached.insert(next).inserted { pending.append(next) }
        }
        for path in pages.keys.sorted()
        where !reached.contains(path) && !hiddenPages.contains(path) && path != PublishedPath("404.html") {
            report.problems.append(
                .init(
                    .hidden, file: path.description,
                    "no listing links to this page and it does not say noindex: a hidden page built by an "
                        + "older Tessera (build again) or a page left behind"))
        }
    }

    /// Why a URL that must be absolute (a canonical link, a link preview's, a sitemap's
    /// `<loc>`, a feed's link) is not one others can open, or nil: relative, previews and
    /// search engines cannot place it; `file:`, `data:` or `ftp:`, no one else can open it.
    static func whyNotAbsolute(_ url: String) -> String? {
        // Only its start matters; Foundation's trimming took as long as the rest of verify
        // over a sitemap of 400,000 URLs.
        let trimmed = String(url.unicodeScalars.drop { [" ", "\t", "\n", "\r", "\u{0C}"].contains($0) })
        guard !trimmed.isEmpty else { return nil }
        guard let scheme = SiteReference.scheme(of: trimmed) else {
            return "is relative: link previews, search engines and feed readers take only an absolute URL "
                + "(under the site's base URL)"
        }
        guard scheme == "http" || scheme == "https" else {
            return "is a \(scheme): URL, which no one else can open; it must be under the site's base URL"
        }
        return nil
    }

    /// A build with a base URL gives every page but the 404 page a canonical link (the 404
    /// page has no address of its own), hidden ones too: a page without one where others
    /// have one was edited by hand, or written by another build or tool.
    func checkCanonicalsPresent(_ pages: [PublishedPath: ScannedPage], into report: inout VerifyReport) {
        guard pages.values.contains(where: { $0.canonical != nil }) else { return }
        for (path, page) in pages.sorted(by: { $0.key < $1.key })
        where page.canonical == nil && path != PublishedPath("404.html") {
            report.problems.append(
                .init(
                    .links, file: path.description,
                    "has no canonical link (<link rel=\"canonical\">), which the site's other pages have: "
                        + "search engines may list it under another address; build again"))
        }
    }

    /// The outermost folder above `file` whose `index.html` says noindex (a hidden album,
    /// whose `_media` and photo folders are inside it), or nil.
    static func hiddenAlbum(holding file: PublishedPath, hiddenPages: Set<PublishedPath>) -> PublishedPath? {
        var folder: [UInt8] = []
        for segment in file.segments.dropLast() {
            folder += (folder.isEmpty ? [] : [UInt8(ascii: "/")]) + segment
            let album = PublishedPath(bytes: folder)
            if hiddenPages.contains(album.appending("index.html")) { return album }
        }
        return nil
    }

    /// The hidden photo page whose file `file` is, or nil.
    static func hiddenPhoto(owning file: PublishedPath, hiddenPages: Set<PublishedPath>) -> PublishedPath? {
        photoPage(owning: file).flatMap { hiddenPages.contains($0) ? $0 : nil }
    }

    /// The page of the photo whose file `file` would be, or nil for a file outside a
    /// `_media` folder: a photo's files are named after its page (`NamingPlanner`),
    /// `ALBUM/_media/SLUG….EXT` beside `ALBUM/SLUG.html`, and a slug holds no dot.
    static func photoPage(owning file: PublishedPath) -> PublishedPath? {
        let segments = file.segments
        guard segments.count >= 2, segments[segments.count - 2].elementsEqual(NamingPlanner.mediaFolder.utf8),
            let slug = segments.last?.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).first,
            !slug.isEmpty
        else { return nil }
        return file.folder.folder.appending(String(decoding: slug, as: UTF8.self) + ".html")
    }

    /// A listed album's ZIP must not pack a hidden photo's original: a member named as a
    /// hidden photo of its album (`p3.jpg` beside `p3.html`, which says noindex), or, not
    /// one of its album's photos, named as a photo of a hidden album or a hidden photo
    /// elsewhere.
    func checkArchives(
        _ findings: Findings, pages: [PublishedPath: ScannedPage], hiddenPages: Set<PublishedPath>,
        into report: inout VerifyReport
    ) {
        var hiddenBySlug: [String: PublishedPath] = [:]
        for page in hiddenPages.sorted() where page.name != "index.html" {
            let slug = String(page.name.dropLast(".html".count))
            if hiddenBySlug[slug] == nil { hiddenBySlug[slug] = page }
        }
        for (path, scan) in findings.scans.sorted(by: { $0.key < $1.key }) {
            guard case .media(.zip, _, let members) = scan, !members.isEmpty,
                Self.hiddenAlbum(holding: path, hiddenPages: hiddenPages) == nil
            else { continue }
            // The album a ZIP is of: the folder above its `_originals`, else its own folder.
            var album = path.folder
            if album.name == OriginalsPlan.folder { album = album.folder }
            for member in members {
                let name = member.split(separator: "/").last.map(String.init) ?? member
                let slug = Slug.forPhoto(fileName: name)
                let own = album.appending(slug + ".html")
                let hidden = hiddenPages.contains(own) ? own : pages[own] == nil ? hiddenBySlug[slug] : nil
                if let hidden {
                    report.problems.append(
                        .init(
                            .hidden, file: path.description,
                            "packs '\(member)', the hidden photo '\(hidden)' (it says noindex)"))
                }
            }
        }
    }

    func checkMedia(_ findings: Findings, into report: inout VerifyReport) {
        for (path, scan) in findings.scans {
            guard case .media(let kind, let found, _) = scan else { continue }
            if kind.isVideo { report.videos += 1 } else if kind != .zip { report.images += 1 }
            // An original (`originals: as-is`) carries what its camera wrote, by the
            // site's choice: only a position is a problem there, and the build warned of it;
            // so is what could not be looked into (an album ZIP's compressed member).
            let original = path.description.split(separator: "/").dropLast().contains { $0 == OriginalsPlan.folder }
            for finding in found where !original || finding.kind == .location || finding.kind == .unexamined {
                let detail =
                    original && finding.kind == .location
                    ? finding.detail
                        + " in an original published as-is (the build warned about it; 'originals: stripped' publishes it without metadata)"
                    : finding.detail
                report.problems.append(.init(.metadata, file: path.description, detail))
            }
        }
    }

    func checkBudgets(_ findings: Findings, into report: inout VerifyReport) {
        var weights: [VerifyReport.PageWeight] = []
        for (_, scan) in findings.scans {
            guard case .page(let page) = scan else { continue }
            weights.append(page.weight)
            if page.weight.gzipped > options.pageBudget {
                report.problems.append(
                    .init(
                        .budget, file: page.weight.page,
                        "weighs \(report.kibibytes(page.weight.gzipped)) gzipped "
                            + "(\(report.kibibytes(page.weight.bytes)) as sent), over the "
                            + "\(report.kibibytes(options.pageBudget)) budget"))
            }
        }
        weights.sort { $0.gzipped != $1.gzipped ? $0.gzipped > $1.gzipped : $0.page < $1.page }
        report.heaviest = Array(weights.prefix(options.heaviestShown))
    }

    /// Tessera's own bookkeeping in an output folder: the manifest, the journal, the
    /// temporary files of a build under way.
    static func isTesseraOwn(_ path: PublishedPath) -> Bool {
        let name = path.name
        return (path.folder.bytes.isEmpty && name.hasPrefix(".tessera-"))
            || (name.hasPrefix(".") && name.contains(".tessera-") && name.hasSuffix(".tmp"))
    }

    func checkFiles(_ findings: Findings, into report: inout VerifyReport) {
        for (path, scan) in findings.scans {
            if case .failed(let reason) = scan {
                report.problems.append(.init(.unreadable, file: path.description, "cannot be read: \(reason)"))
            }
            // Every feed reader and search engine refuses the whole file.
            if case .references(_, true, let problem?) = scan {
                report.problems.append(
                    .init(
                        .unreadable, file: path.description, line: problem.line,
                        "is not well-formed XML: it \(problem.reason); feed readers and search engines refuse "
                            + "all of it: copy it again from the build folder, or build again"))
            }
            // Under its own name it is a dot-file, which the checks below name.
            if case .own(let name) = scan, !path.isHidden {
                report.problems.append(.init(.files, file: path.description, Self.whyCopy(of: name)))
            }
        }
        guard let inventory = findings.inventory else {
            noteCrawlLimits(findings, into: &report)
            checkServedFiles(findings, into: &report)
            return
        }
        for (path, reason) in inventory.unreadable {
            report.problems.append(.init(.unreadable, file: path.description, reason))
        }
        for (path, target) in inventory.linksOut {
            report.problems.append(
                .init(.files, file: path.description, "a symbolic link out of the site, to '\(target)'"))
        }
        for path in inventory.notPublished {
            report.notes.append("'\(path)' passed over: git's own folder, which git does not publish")
        }
        let isBuildFolder = inventory.files.contains(PublishedPath(Manifest.fileName))
        var reportedFolders: Set<PublishedPath> = []
        var own: [String] = []
        for path in (inventory.files.union(inventory.folders)).sorted() where path.isHidden {
            if path == PublishedPath(SiteContext.noJekyllPath) { continue }
            // The first hidden folder on the way stands for everything inside it.
            var hiddenAncestor: PublishedPath?
            var prefix: [UInt8] = []
            for segment in path.segments {
                prefix += (prefix.isEmpty ? [] : [UInt8(ascii: "/")]) + segment
                if segment.first == UInt8(ascii: ".") {
                    hiddenAncestor = PublishedPath(bytes: prefix)
                    break
                }
            }
            guard let shown = hiddenAncestor, reportedFolders.insert(shown).inserted else { continue }
            if shown == PublishedPath(".well-known") { continue }
            if Self.isTesseraOwn(shown), isBuildFolder, !options.published {
                own.append(shown.description)
                continue
            }
            report.problems.append(.init(.files, file: shown.description, Self.why(shown)))
        }
        if !own.isEmpty {
            report.notes.append(
                "\(own.joined(separator: ", ")): Tessera's own files in its build folder, left out by every "
                    + "recipe in README's Publishing (--exclude '.tessera-*'); pass --published to check a copy")
        }
        if !inventory.files.contains(PublishedPath(SiteContext.noJekyllPath)) {
            report.problems.append(
                .init(
                    .files, file: SiteContext.noJekyllPath,
                    "missing: GitHub Pages runs Jekyll without it, which drops every folder starting with '_' "
                        + "(_media, where the images are); copy it from the build folder"))
        }
    }

    /// Why a dot-file must not be published.
    static func why(_ path: PublishedPath) -> String {
        switch path.name {
        case Manifest.fileName:
            return "Tessera's manifest is published: it lists every file, hidden albums included; "
                + "publish without '.tessera-*' (see README's Publishing)"
        case BuildMemo.fileName:
            return "Tessera's build memo is published: it names the site's folders, hidden albums included; "
                + "publish without '.tessera-*'"
        case ".tessera-journal":
            return "Tessera's journal is published: it lists files, hidden albums included; "
                + "publish without '.tessera-*'"
        case ".git":
            return "a git repository is published (its history, perhaps photos you removed)"
        default:
            return isTesseraOwn(path)
                ? "a temporary file of a build that had not finished is published"
                : "a dot-file is published; servers and hosts treat them as private: leave it out"
        }
    }

    /// Why a copy of one of Tessera's own files under another name must not be published.
    static func whyCopy(of name: String) -> String {
        let what =
            switch name {
            case Manifest.fileName: "Tessera's manifest, which lists every file, hidden albums included"
            case BuildMemo.fileName: "Tessera's build memo, which names the site's folders, hidden albums included"
            default: "Tessera's journal, which lists files, hidden albums included"
            }
        return "a copy of \(what) (\(name)), under another name: leave it out of what you publish"
    }

    /// A site without a home page is not the site: a folder the build did not write, a
    /// URL with a typo, a deploy that published nothing. Without this, such a "site" of
    /// 0 pages passed.
    func checkHome(_ findings: Findings, into report: inout VerifyReport) {
        if let inventory = findings.inventory {
            guard !inventory.files.contains(Self.home) else { return }
            report.problems.append(
                .init(
                    .files, file: Self.home.description,
                    "the site has no home page; is this the folder a build wrote (`tessera build PHOTOS -o \(site.name)`)?"
                ))
        } else if case .missing = findings.scans[Self.home] {
            report.problems.append(
                .init(
                    .files, file: Self.home.description,
                    "the server has no home page at \(site.name) (HTTP 404); is the URL the site's own folder?"))
        }
    }

    /// Over HTTP, a site whose pages name another folder of the same server as its address
    /// (`base_url: …/photos/`, uploaded to `…/gallery/`): its canonical links, previews,
    /// sitemap and feed lead there, where the server has no such site, yet each resolved
    /// in the copy crawled. Another server may be a staging copy of the site (or the
    /// bucket behind its domain): `--base-url` says which address the links must have.
    func checkServedAddress(base: String?, into report: inout VerifyReport) {
        guard options.baseURL == nil, let base, let served = site.servedURL,
            let declared = URLComponents(string: base), let here = URLComponents(string: served),
            declared.scheme?.lowercased() == here.scheme?.lowercased(),
            declared.host?.lowercased() == here.host?.lowercased(),
            Self.port(declared) == Self.port(here),
            declared.percentEncodedPath != here.percentEncodedPath
        else { return }
        report.problems.append(
            .init(
                .links, file: Self.home.description,
                "its canonical link names \(base) as the site's address, but it is served at \(served) on the same "
                    + "server: every canonical link, preview, sitemap and feed entry leads to \(base); build it with "
                    + "base_url: \(served), or publish it at \(base)"))
    }

    /// A URL's port, the scheme's own when it names none.
    private static func port(_ url: URLComponents) -> Int? {
        url.port ?? ["http": 80, "https": 443][url.scheme?.lowercased() ?? ""]
    }

    /// Over HTTP the files cannot be listed: asks for the ones that must never be served.
    func checkServedFiles(_ findings: Findings, into report: inout VerifyReport) {
        let private_ = [Manifest.fileName, BuildMemo.fileName, ".tessera-journal", ".git/HEAD"].map(PublishedPath.init)
        let scans = scanAll(private_, fallback: findings.home, after: findings.scans.count)
        for (path, scan) in zip(private_, scans) {
            switch scan {
            case .missing, .fallback, .failed: continue
            default:
                let shown = path.description.hasPrefix(".git/") ? PublishedPath(".git") : path
                report.problems.append(.init(.files, file: path.description, Self.why(shown)))
            }
        }
        report.notes.append(
            "over HTTP only what links reach is checked: .nojekyll (which only GitHub Pages' build reads), "
                + "other dot-files and pages no link reaches need the folder (tessera verify DIR)")
    }

    /// How many of the paths a note is about it names; the rest it counts.
    static let pathsNamed = 3

    /// Over HTTP: what the crawl took as missing or did not read, and why (a server that
    /// answers paths it does not have).
    func noteCrawlLimits(_ findings: Findings, into report: inout VerifyReport) {
        let answeredWithHome = findings.scans.compactMap { path, scan -> String? in
            if case .fallback = scan { return path.description }
            return nil
        }.sorted()
        if !answeredWithHome.isEmpty {
            let count = answeredWithHome.count
            let more = count > Self.pathsNamed ? ", and \(count - Self.pathsNamed) more" : ""
            report.notes.append(
                "the server answered \(count) path\(count == 1 ? "" : "s") with the home page ("
                    + answeredWithHome.prefix(Self.pathsNamed).joined(separator: ", ") + more
                    + "), as a server with a fallback or catch-all rule does for files it does not have: "
                    + "they are taken as missing, and the links in them are not followed")
        }
        if let deep = findings.tooDeep.min() {
            let parts = deep.description.split(separator: "/", omittingEmptySubsequences: false)
            let shown = (parts.prefix(3) + ["…"] + parts.suffix(2)).joined(separator: "/")
            report.notes.append(
                "links more than \(Self.deepestFolder) folders deep were not followed (\(findings.tooDeep.count), "
                    + "such as '\(shown)'): the server seems to answer paths that do not exist with pages "
                    + "whose links lead ever deeper")
        }
        if !findings.pastMostFiles.isEmpty {
            report.notes.append(
                "the crawl stopped after \(options.mostFiles) files, with \(findings.pastMostFiles.count) more named: "
                    + "the server seems to make up pages for paths that do not exist")
        }
    }
}

extension Optional where Wrapped == FileScan {
    var isPage: Bool {
        if case .page? = self { return true }
        return false
    }
}
