extension SiteVerifier {
    /// Reads one file and scans it by what it is: pages and stylesheets by name, the
    /// sitemap and feed at the root, media by their first bytes. Over HTTP, `fallback`
    /// knows the home page: another path answered with it (its bytes, or a page of its
    /// links) is `.fallback`.
    func scan(_ path: PublishedPath, fallback: HomeSignature? = nil) -> FileScan {
        let name = path.name.lowercased()
        let result = site.withContents(of: path) { bytes -> FileScan in
            // Over HTTP, markup at any path may be the home page a catch-all rule sent.
            let page =
                path.isHTML || (fallback != nil && Self.startsLikeMarkup(bytes)) ? scanPage(bytes, path: path) : nil
            if let page, let fallback, path != Self.home, fallback.matches(page) { return .fallback }
            if let page, path.isHTML { return .page(page) }
            if name.hasSuffix(".css") {
                return .references(
                    CSSScanner.references(in: bytes).map {
                        PageReference(url: $0.url, line: $0.line, attribute: "url()", role: .resource)
                    }, isListing: false)
            }
            if path.folder.bytes.isEmpty, name == "sitemap.xml" || name == "feed.xml" {
                return .references(
                    scanListing(bytes), isListing: true, notWellFormed: XMLWellFormedness.problem(in: bytes))
            }
            if let kind = MediaMetadata.kind(of: bytes) {
                return .media(
                    kind, MediaMetadata.findings(in: bytes, inflate: options.inflatePNGText),
                    members: kind == .zip ? ZipMetadata.memberNames(ByteView(bytes)) : [])
            }
            if let own = OwnFileContent.ownName(of: bytes) { return .own(own) }
            return .other
        }
        switch result {
        case .read(let scan): return scan
        case .missing: return .missing
        case .failed(let reason): return .failed(reason)
        }
    }

    /// The URLs a sitemap (`<loc>`, and an image sitemap's `<image:loc>`) or an Atom feed
    /// (`<link href>`) lists.
    func scanListing(_ bytes: UnsafeRawBufferPointer) -> [PageReference] {
        HTMLScanner.tags(in: bytes, textOf: ["loc", "image:loc"], isXML: true).compactMap { tag in
            if tag.name == "loc" || tag.name == "image:loc", let text = tag.text {
                return PageReference(url: text, line: tag.line, attribute: tag.name, role: .listing)
            }
            if tag.name == "link", let href = tag.value("href") {
                return PageReference(url: href, line: tag.line, attribute: "href", role: .listing)
            }
            return nil
        }
    }

    static let previewProperties: Set<String> = [
        "og:url", "og:image", "og:image:url", "og:image:secure_url", "og:video", "og:video:url",
        "og:video:secure_url", "og:audio", "twitter:image",
    ]
    /// `<link rel>` values that name an origin to connect to, not a file.
    static let originRelations: Set<String> = ["dns-prefetch", "preconnect"]

    /// SVG elements whose `href` names a file to draw, not a page to go to.
    static let svgReferrers: Set<String> = ["image", "use", "feimage"]

    /// The URL of a refresh's content (`5; url=next.html`, `0;URL='a b.html'`), or nil when
    /// it only reloads the page.
    static func refreshTarget(_ content: String) -> String? {
        guard let semicolon = content.firstIndex(where: { $0 == ";" || $0 == "," }) else { return nil }
        var rest = content[content.index(after: semicolon)...].drop(while: \.isWhitespace)
        guard rest.lowercased().hasPrefix("url") else { return nil }
        rest = rest.dropFirst(3).drop(while: \.isWhitespace)
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop(while: \.isWhitespace)
        if let quote = rest.first, quote == "'" || quote == "\"" {
            rest = rest.dropFirst()
            if let end = rest.firstIndex(of: quote) { rest = rest[..<end] }
        }
        let url = rest.trimmingCharacters(in: .whitespaces)
        return url.isEmpty ? nil : url
    }

    func scanPage(_ bytes: UnsafeRawBufferPointer, path: PublishedPath) -> ScannedPage {
        var page = ScannedPage(
            weight: VerifyReport.PageWeight(
                page: path.description, bytes: bytes.count, gzipped: options.gzippedSize(bytes)),
            digest: Self.digest(bytes))
        func add(_ url: String, _ line: Int, _ attribute: String, _ role: PageReference.Role) {
            page.references.append(PageReference(url: url, line: line, attribute: attribute, role: role))
        }
        func addCSS(_ css: String, firstLine: Int, attribute: String) {
            for reference in CSSScanner.references(in: css) {
                add(reference.url, firstLine + reference.line - 1, attribute, .resource)
            }
        }
        for tag in HTMLScanner.tags(in: bytes) {
            switch tag.name {
            case "a", "area":
                if let href = tag.attributes.first(where: { $0.name == "href" }) {
                    add(href.value, href.line, "href", .navigation)
                }
            case "link":
                guard let href = tag.attributes.first(where: { $0.name == "href" }) else { break }
                let relations = Set(
                    (tag.value("rel") ?? "").lowercased().split(whereSeparator: \.isWhitespace).map(String.init))
                if relations.contains("canonical") {
                    page.canonical = href.value
                    add(href.value, href.line, "canonical", .absolute)
                } else if relations.contains("prev") || relations.contains("next") {
                    add(href.value, href.line, "href", .navigation)
                } else if relations.isDisjoint(with: Self.originRelations) {
                    add(href.value, href.line, "href", .resource)
                }
            case "meta":
                let key = (tag.value("property") ?? tag.value("name") ?? "").lowercased()
                if key == "robots", (tag.value("content") ?? "").lowercased().contains("noindex") {
                    page.noindex = true
                }
                // `<meta http-equiv=refresh content="0; url=…">` sends the visitor on.
                if (tag.value("http-equiv") ?? "").lowercased() == "refresh",
                    let content = tag.attributes.first(where: { $0.name == "content" }),
                    let url = Self.refreshTarget(content.value)
                {
                    add(url, content.line, "refresh", .navigation)
                }
                if Self.previewProperties.contains(key),
                    let content = tag.attributes.first(where: { $0.name == "content" })
                {
                    add(content.value, content.line, key, .absolute)
                }
            case "style":
                if let css = tag.text { addCSS(css, firstLine: tag.line, attribute: "url()") }
            default:
                break
            }
            for attribute in tag.attributes {
                switch attribute.name {
                case "src" where tag.name != "a", "poster":
                    add(attribute.value, attribute.line, attribute.name, .resource)
                case "data" where tag.name == "object":
                    add(attribute.value, attribute.line, "data", .resource)
                case "srcset", "imagesrcset":
                    for url in SourceSet.urls(attribute.value) { add(url, attribute.line, attribute.name, .resource) }
                // SVG's pictures and references (`<image href>`, `<use xlink:href>`).
                case "href" where Self.svgReferrers.contains(tag.name), "xlink:href":
                    add(attribute.value, attribute.line, attribute.name, .resource)
                // What the viewer loads from a tile (a link): its video, its original to
                // download, its motion or loop, and the display image's sources (a `srcset`
                // list, also on a tile's `<source>`, where "none" says its format has none).
                // Elsewhere (the viewer's own script) such attributes are words.
                case "data-video" where tag.name == "a", "data-original" where tag.name == "a",
                    "data-motion" where tag.name == "a", "data-loop" where tag.name == "a":
                    add(attribute.value, attribute.line, attribute.name, .resource)
                case "data-display" where (tag.name == "a" || tag.name == "source") && attribute.value != "none":
                    for url in SourceSet.urls(attribute.value) { add(url, attribute.line, attribute.name, .resource) }
                case "style" where attribute.value.lowercased().contains("url("):
                    addCSS(attribute.value, firstLine: attribute.line, attribute: "style url()")
                default:
                    break
                }
            }
        }
        return page
    }

    /// Whether the first byte after any white space is `<`: a page sent for a file of
    /// another kind (a missing image answered with the home page).
    static func startsLikeMarkup(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } == UInt8(ascii: "<")
    }

    /// The bytes hashed (within this process: `Hasher` is seeded per run).
    static func digest(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }
}
