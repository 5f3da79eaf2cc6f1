import Glibc

/// Decides the reply to each request: the HTTP rules of the preview server, with no
/// libmicrohttpd in sight (`RequestRouter` turns replies into responses).
struct SiteResponder: Sendable {
    let folder: ServedFolder
    let hub: ReloadHub?
    let eventsPath: String

    /// HTML larger than this is streamed unchanged rather than read into memory to add
    /// the script, which bounds memory per connection (gallery pages are far smaller).
    static let largestInjectedPage = 2 << 20

    func reply(method: String, escapedPath: String, header: (String) -> String?) -> Reply {
        guard method == "GET" || method == "HEAD" else {
            return .text(
                405, "Method not allowed: the preview server answers GET and HEAD only.\n",
                headers: [("Allow", "GET, HEAD")])
        }
        if let hub, escapedPath == eventsPath {
            return eventStream(hub: hub, isHead: method == "HEAD")
        }
        let request: RequestPath
        do {
            request = try RequestPath(escaped: escapedPath)
        } catch {
            return .text(400, "Bad request: this path is not allowed.\n")
        }
        switch folder.lookup(request) {
        case .notFound:
            return notFound()
        case .folderWithoutSlash:
            let location = "/" + request.segments.map(Self.percentEncoded).joined(separator: "/") + "/"
            return .text(301, "Moved to \(location)\n", headers: [("Location", location)])
        case .file(let path):
            return fileReply(path: path, header: header) ?? notFound()
        }
    }

    private func eventStream(hub: ReloadHub, isHead: Bool) -> Reply {
        let headers = [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")]
        if isHead { return Reply(status: 200, headers: headers, body: .empty) }
        guard let stream = hub.subscribe() else {
            return .text(503, "The preview server is stopping.\n")
        }
        return Reply(status: 200, headers: headers, body: .events(stream))
    }

    private func notFound() -> Reply {
        let page = Array(
            """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>Not found</h1><p>Nothing is served at this address.</p></body></html>

            """.utf8)
        return Reply(
            status: 404,
            headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
            body: .bytes(withReloadScript(page)))
    }

    private func withReloadScript(_ html: [UInt8]) -> [UInt8] {
        hub == nil ? html : ReloadScript.inject(into: html, eventsPath: eventsPath)
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
        let injects = hub != nil && MediaType.isHTML(type) && size <= UInt64(Self.largestInjectedPage)
        // The page sent differs from the file when the script is added, so its tag differs too.
        let tag =
            "\"\(String(size, radix: 16))-\(String(info.st_mtim.tv_sec, radix: 16))"
            + "\(String(info.st_mtim.tv_nsec, radix: 16))\(injects ? "-live" : "")\""
        var headers: [(name: String, value: String)] = [
            ("ETag", tag),
            ("Last-Modified", HTTPDate.format(secondsSince1970: modified)),
            ("Cache-Control", "no-cache"),
        ]
        if Self.isNotModified(tag: tag, modified: modified, header: header) {
            close(descriptor)
            return Reply(status: 304, headers: headers, body: .empty)
        }
        headers.append(("Content-Type", type))
        headers.append(("X-Content-Type-Options", "nosniff"))
        if injects {
            let page = readAll(descriptor, size: Int(size))
            close(descriptor)
            guard let page else { return nil }
            return Reply(status: 200, headers: headers, body: .bytes(withReloadScript(page)))
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

    private static func isNotModified(tag: String, modified: Int, header: (String) -> String?) -> Bool {
        if let tags = header("If-None-Match") {
            return tags.split(separator: ",").contains { candidate in
                var text = candidate.trimmingCharacters(in: " ")
                if text.hasPrefix("W/") { text.removeFirst(2) }
                return text == "*" || text == tag
            }
        }
        if let since = header("If-Modified-Since").flatMap(HTTPDate.parse) {
            return modified <= since
        }
        return false
    }

    private func readAll(_ descriptor: Int32, size: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, size - done) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            done += count
        }
        return Array(bytes[..<done])
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
