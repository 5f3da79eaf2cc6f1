/// Where a URL written in a page leads, resolved as a browser would against the page's own
/// place in the site: a file of the site, somewhere else, or nowhere it could.
enum SiteReference: Sendable, Hashable {
    /// A file of the site (a folder's `index.html` still to be looked for).
    case file(PublishedPath, folder: Bool)
    /// Another site (`https://elsewhere.org/`), not checked.
    case external(String)
    /// Nothing to fetch: `data:`, `mailto:`, `#top`, an empty value.
    case none
    /// A relative path that climbs above the site's root (`../../x.jpg`).
    case escapesRoot
    /// An absolute URL on the site's host outside its base path, or a root-relative path
    /// when the site is published below its host's root.
    case outsideBase(String)

    /// Resolves `url` written in the page at `page`.
    /// - Parameter base: the site's absolute base URL ending in `/`, when known: URLs under
    ///   it are the site's own files.
    static func resolve(_ url: String, from page: PublishedPath, base: String?) -> SiteReference {
        let trimmed = url.trimmingCharacters(in: [" ", "\t", "\n", "\r", "\u{0C}"])
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return .none }
        // Query and fragment name no file.
        let path = String(trimmed.prefix { $0 != "#" && $0 != "?" })
        if let scheme = scheme(of: path) {
            guard scheme == "http" || scheme == "https" else { return .none }
            return absolute(trimmed, path: path, base: base)
        }
        if path.hasPrefix("//") {
            let scheme = base.flatMap { self.scheme(of: $0) } ?? "https"
            return absolute("\(scheme):\(trimmed)", path: "\(scheme):\(path)", base: base)
        }
        if path.hasPrefix("/") {
            guard let base, let origin = URLPath.origin(of: base) else {
                return below(PublishedPath(bytes: []), path: String(path.dropFirst()))
            }
            return absolute(origin + path, path: origin + path, base: base)
        }
        if path.isEmpty { return .none }  // `?page=2` alone: this page
        return below(page.folder, path: path)
    }

    /// The scheme of an absolute URL (`https`), lower case; nil for a relative one.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") })
        else { return nil }
        return scheme.lowercased()
    }

    /// An absolute URL (`path` is it without query or fragment): a file of the site when it
    /// is below `base`, scheme and host compared without case; the home folder when it is
    /// the base without its slash; outside the base elsewhere on its host.
    private static func absolute(_ url: String, path: String, base: String?) -> SiteReference {
        guard let base, let origin = URLPath.origin(of: base), path.count >= origin.count,
            path.prefix(origin.count).lowercased() == origin.lowercased()
        else { return .external(url) }
        let basePath = base.dropFirst(origin.count)
        let after = path.dropFirst(origin.count)
        if let rest = strip(basePath, from: after) { return below(PublishedPath(bytes: []), path: rest) }
        // The base without its trailing slash is the home folder itself.
        if percentDecoded(after) == percentDecoded(basePath.dropLast()) {
            return .file(PublishedPath(bytes: []), folder: true)
        }
        if after.isEmpty || after.hasPrefix("/") { return .outsideBase(url) }
        return .external(url)
    }

    /// `path` after `basePath` (both after the origin), compared by the bytes they stand
    /// for (`my photos/` written by hand is the base `my%20photos/`, as a browser sends it);
    /// nil when it is not below it.
    private static func strip(_ basePath: Substring, from path: Substring) -> String? {
        let base = percentDecoded(basePath)
        let rest = Array(path.utf8)
        // `%2F` is no `/` to a server: `a%2Fx.html` is a file of the host's root, not `x.html`
        // below a base `a/`.
        let (decoded, used) = percentDecoded(rest, upTo: base.count, keepingSeparators: true)
        guard decoded == base else { return nil }
        return String(decoding: rest[used...], as: UTF8.self)
    }

    /// `path` (relative, percent-encoded) resolved inside `folder`.
    private static func below(_ folder: PublishedPath, path: String) -> SiteReference {
        var segments: [[UInt8]] = folder.bytes.isEmpty ? [] : folder.segments.map(Array.init)
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            // `%2e%2e` is `..` to a browser too.
            let decoded = percentDecoded(part)
            switch String(decoding: decoded, as: UTF8.self) {
            case ".":
                if isLast { return .file(join(segments), folder: true) }
            case "..":
                guard !segments.isEmpty else { return .escapesRoot }
                segments.removeLast()
                if isLast { return .file(join(segments), folder: true) }
            case "":
                if isLast { return .file(join(segments), folder: true) }
            default:
                segments.append(decoded)
            }
        }
        return .file(join(segments), folder: false)
    }

    private static func join(_ segments: [[UInt8]]) -> PublishedPath {
        PublishedPath(bytes: Array(segments.joined(separator: [UInt8(ascii: "/")])))
    }

    /// The bytes `%XX` sequences stand for; a `%` not followed by two hex digits stays.
    static func percentDecoded(_ segment: Substring) -> [UInt8] {
        let utf8 = Array(segment.utf8)
        return percentDecoded(utf8, upTo: utf8.count).bytes
    }

    /// The first `limit` bytes `utf8` stands for (or all, when it stands for fewer), and
    /// how many of its bytes they took; with `keepingSeparators`, `%2F` and `%5C` stay as
    /// written.
    private static func percentDecoded(
        _ utf8: [UInt8], upTo limit: Int, keepingSeparators: Bool = false
    ) -> (bytes: [UInt8], used: Int) {
        var out: [UInt8] = []
        out.reserveCapacity(min(limit, utf8.count))
        var index = 0
        while out.count < limit, index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = ByteView.hexDigit(utf8[index + 1]), let low = ByteView.hexDigit(utf8[index + 2]),
                !(keepingSeparators && (high << 4 | low == UInt8(ascii: "/") || high << 4 | low == UInt8(ascii: "\\")))
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(utf8[index])
                index += 1
            }
        }
        return (out, index)
    }
}
