/// What the server answers to one request, before it becomes a libmicrohttpd response.
struct Reply {
    enum Body {
        case empty
        case bytes([UInt8])
        /// A span of an open file, streamed from disk; the response closes the descriptor.
        case file(descriptor: Int32, offset: UInt64, length: UInt64)
        /// An HTML file with the reload tag inserted, streamed from disk.
        case page(InjectedPage)
        case events(EventStream)
    }

    var status: UInt32
    var headers: [(name: String, value: String)]
    var body: Body

    static func text(_ status: UInt32, _ text: String, headers: [(name: String, value: String)] = []) -> Reply {
        Reply(
            status: status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-cache")] + headers,
            body: .bytes(Array(text.utf8)))
    }
}
