/// One message of the live-reload event stream, in the `text/event-stream` wire format.
enum ServerSentEvent: Equatable, Sendable {
    /// Sent first: how soon to reconnect, and the site's generation, so that a page that
    /// was built before the last rebuild (one restored from the back/forward cache, or a
    /// hidden tab shown again) reloads, and one that is current clears any banner.
    case hello(generation: String)
    /// A comment line that keeps the connection alive and finds closed ones.
    case heartbeat
    /// The site was rebuilt into this generation: open pages reload.
    case reload(generation: String)
    /// The last rebuild failed: open pages show the message in a banner.
    case buildError(String)

    var bytes: [UInt8] {
        switch self {
        case .hello(let generation): Array("retry: 1000\nevent: hello\ndata: \(generation)\n\n".utf8)
        case .heartbeat: Array(": heartbeat\n\n".utf8)
        case .reload(let generation): Array("event: reload\ndata: \(generation)\n\n".utf8)
        case .buildError(let message):
            // Every line of the message becomes a `data:` line; the page joins them with "\n".
            Array(("event: build-error\n" + Self.dataLines(message) + "\n").utf8)
        }
    }

    private static func dataLines(_ text: String) -> String {
        let normalized = text.replacingCRLF
        return normalized.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "data: \($0)\n" }.joined()
    }
}

extension String {
    fileprivate var replacingCRLF: String {
        var result = ""
        var previousWasCR = false
        for character in unicodeScalars {
            if character == "\r" {
                result.append("\n")
                previousWasCR = true
            } else {
                if !(character == "\n" && previousWasCR) { result.unicodeScalars.append(character) }
                previousWasCR = false
            }
        }
        return result
    }
}
