import Glibc

/// Decides the reply to each request: the HTTP rules of the preview server, with no
/// libmicrohttpd in sight (`RequestRouter` turns replies into responses).
///
/// Every reply carries `securityHeaders`. A request whose `Host` the `hostPolicy`
/// refuses gets 421 and nothing else, whatever it asked for. With live reload, paths
/// below `/__tessera/` are the server's own (the event stream and the reload script) and
/// HTML is sent with the reload tag.
struct SiteResponder: Sendable {
    let folder: ServedFolder
    let hub: ReloadHub?
    let hostPolicy: HostPolicy
    /// The segments of the folder the site will be published at (`["photos"]`), empty for
    /// the host's root: a path that names nothing is looked for below them too.
    var sitePrefix: [String] = []

    /// The policy sent with every reply. It allows what generated pages use (files from
    /// the site itself, `style` attributes for the grid, `data:` images) and the reload
    /// script, which is a file under `/__tessera/`; no inline script runs, nothing is
    /// loaded from elsewhere, and no other site may frame the preview.
    ///
    /// An HTML page that declares its own policy in a `<meta>` (every generated page
    /// does) gets only `framingPolicy` as a header: it is previewed under the policy it
    /// will be published with, so a template that widens its policy (a font from
    /// elsewhere) works in the preview as it will on the site.
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; style-src-elem 'self'; "
        + "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    /// What a `<meta>` policy cannot say: no other site may frame the preview.
    static let framingPolicy = "frame-ancestors 'none'"

    static let securityHeaders = headers(policy: contentSecurityPolicy)

    private static func headers(policy: String) -> [(name: String, value: String)] {
        [
            ("Content-Security-Policy", policy),
            ("X-Content-Type-Options", "nosniff"),
            // Unpublished and hidden albums' addresses never leave in a Referer.
            ("Referrer-Policy", "no-referrer"),
        ]
    }

    /// The reply to `method` on `escapedPath`, arrived on local port `port`; `header`
    /// looks up a request header by name.
    func reply(method: String, escapedPath: String, port: UInt16, header: (String) -> String?) -> Reply {
        var reply = unsecuredReply(method: method, escapedPath: escapedPath, port: port, header: header)
        if case .page(let page) = reply.body, page.declaresPolicy {
            reply.headers += Self.headers(policy: Self.framingPolicy)
        } else {
            reply.headers += Self.securityHeaders
        }
        return reply
    }

    private func unsecuredReply(
        method: String, escapedPath: String, port: UInt16, header: (String) -> String?
    ) -> Reply {
        let host = header("Host")
        guard hostPolicy.accepts(host, port: port) else { return misdirected(host ?? "", port: port) }
        guard method == "GET" || method == "HEAD" else {
            return .text(
                405, "Method not allowed: the preview server answers GET and HEAD only.\n",
                headers: [("Allow", "GET, HEAD")])
        }
        if let hub {
            let path = escapedPath.split(separator: "?", maxSplits: 1).first.map(String.init) ?? escapedPath
            if path == PreviewServer.Configuration.eventsPath {
                return eventStream(hub: hub, isHead: method == "HEAD")
            }
            if path == PreviewServer.Configuration.reloadScriptPath {
                return Reply(
                    status: 200,
                    headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "no-cache")],
                    body: .bytes(Array(ReloadScript.source.utf8)))
            }
            if path.hasPrefix(PreviewServer.Configuration.reservedPrefix) { return notFound() }
        }
        let request: RequestPath
        do {
            request = try RequestPath(escaped: escapedPath)
        } catch {
            return .text(400, "Bad request: this path is not allowed.\n")
        }
        var found = folder.lookup(request)
        if case .notFound = found, let below = request.below(sitePrefix) { found = folder.lookup(below) }
        switch found {
        case .notFound:
            return notFound()
        case .folderWithoutSlash:
            let location = "/" + request.segments.map(Self.percentEncoded).joined(separator: "/") + "/"
            return .text(301, "Moved to \(location)\n", headers: [("Location", location)])
        case .file(let path):
            return fileReply(path: path, header: header) ?? notFound()
        }
    }

    private func misdirected(_ host: String, port: UInt16) -> Reply {
        // The header is the stranger's text: only printable ASCII of it is repeated.
        let shown = String(
            host.unicodeScalars.prefix(200).map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
        return .text(
            421,
            "Misdirected request: this preview server answers only \(hostPolicy.addresses(port: port)), "
                + "not the host '\(shown)'. A page on another site may be trying to read your preview; "
                + "open one of those addresses instead.\n",
            headers: [("Connection", "close")])
    }

    private func eventStream(hub: ReloadHub, isHead: Bool) -> Reply {
        let headers = [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")]
        if isHead { return Reply(status: 200, headers: headers, body: .empty) }
        switch hub.subscribe() {
        case .stream(let stream):
            return Reply(status: 200, headers: headers, body: .events(stream))
        case .full:
            return .text(
                503,
                "\(hub.maximumStreams) pages are already open for live reload; close some and reload this one.\n",
                headers: [("Connection", "close")])
        case .unavailable:
            return .text(503, "The preview server is stopping.\n", headers: [("Connection", "close")])
        }
    }

    /// The site's own `404.html` when it has one (every theme writes one, and hosts serve
    /// it for any missing address), with status 404; else a plain page of the server's.
    private func notFound() -> Reply {
        if let request = try? RequestPath(escaped: "/404.html"), case .file(let path) = folder.lookup(request),
            var page = fileReply(path: path, header: { _ in nil })
        {
            page.status = 404
            // A validator would let a later request for the missing address be answered 304.
            page.headers.removeAll { ["etag", "last-modified", "accept-ranges"].contains($0.name.lowercased()) }
            return page
        }
        let page = Array(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>Not found</h1><p>Nothing is served at this address.</p></body></html>

            """.utf8)
        return Reply(
            status: 404,
            headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
            body: .bytes(reloadTag(hub?.generation).map { ReloadScript.inject($0, into: page) } ?? page))
    }

    private func reloadTag(_ generation: String?) -> String? {
        generation.map {
            ReloadScript.tag(
                scriptPath: PreviewServer.Configuration.reloadScriptPath,
                eventsPath: PreviewServer.Configuration.eventsPath, generation: $0)
        }
    }

    private func fileReply(path: String, header: (String) -> String?) -> Reply? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        let size = UInt64(info.st_size)
        let modified = Int(info.st_mtim.tv_sec)
        let type = MediaType.forFileName(String(path.split(separator: "/").last ?? ""))
        // The page sent differs from the file when the tag is added, and the tag names the
        // site's generation, so the entity tag names it too (and no Last-Modified is sent:
        // the same file is another page after a rebuild).
        let generation = MediaType.isHTML(type) ? hub?.generation : nil
        let tag =
            "\"\(String(size, radix: 16))-\(String(info.st_mtim.tv_sec, radix: 16))"
            + "\(String(info.st_mtim.tv_nsec, radix: 16))\(generation.map { "-live-\($0)" } ?? "")\""
        var headers: [(name: String, value: String)] = [("ETag", tag), ("Cache-Control", "no-cache")]
        if generation == nil { headers.append(("Last-Modified", HTTPDate.format(secondsSince1970: modified))) }
        if Self.isNotModified(tag: tag, modified: generation == nil ? modified : nil, header: header) {
            close(descriptor)
            return Reply(status: 304, headers: headers, body: .empty)
        }
        headers.append(("Content-Type", type))
        if let reloadTag = reloadTag(generation) {
            return Reply(
                status: 200, headers: headers,
                body: .page(InjectedPage(descriptor: descriptor, fileSize: size, tag: reloadTag)))
        }
        headers.append(("Accept-Ranges", "bytes"))
        var range = header("Range")
        if let condition = header("If-Range"), condition != tag { range = nil }
        switch ByteRange.resolve(header: range, size: size) {
        case .whole:
            return Reply(status: 200, headers: headers, body: .file(descriptor: descriptor, offset: 0, length: size))
        case .partial(let span):
            headers.append(("Content-Range", "bytes \(span.first)-\(span.last)/\(size)"))
            return Reply(
                status: 206, headers: headers,
                body: .file(descriptor: descriptor, offset: span.first, length: span.length))
        case .unsatisfiable:
            close(descriptor)
            return .text(416, "Range not satisfiable.\n", headers: [("Content-Range", "bytes */\(size)")])
        }
    }

    /// Whether the client's copy is current: by entity tag, else (for files sent as they
    /// are) by date.
    private static func isNotModified(tag: String, modified: Int?, header: (String) -> String?) -> Bool {
        if let tags = header("If-None-Match") {
            return tags.split(separator: ",").contains { candidate in
                var text = candidate.trimmingCharacters(in: " ")
                if text.hasPrefix("W/") { text.removeFirst(2) }
                return text == "*" || text == tag
            }
        }
        if let modified, let since = header("If-Modified-Since").flatMap(HTTPDate.parse) {
            return modified <= since
        }
        return false
    }

    private static func percentEncoded(_ segment: String) -> String {
        var result = ""
        for byte in segment.utf8 {
            let isUnreserved =
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || "-._~".utf8.contains(byte)
            result +=
                isUnreserved
                ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return result
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> Substring {
        var text = self
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}
