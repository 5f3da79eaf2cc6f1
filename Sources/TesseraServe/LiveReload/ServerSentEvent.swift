/// One message of the live-reload event stream, in the `text/event-stream` wire format.
enum ServerSentEvent: Equatable, Sendable {
    /// Sent first, so the page knows it is connected, and with how soon to reconnect.
    case hello
    /// A comment line that keeps the connection alive and finds closed ones.
    case heartbeat
    /// The site was rebuilt: open pages reload.
    case reload
    /// The last rebuild failed: open pages show the message in a banner.
    case error(String)

    var bytes: [UInt8] {
        switch self {
        case .hello: Array(": tessera live reload\nretry: 1000\n\n".utf8)
        case .heartbeat: Array(": heartbeat\n\n".utf8)
        case .reload: Array("event: reload\ndata: reload\n\n".utf8)
        case .error(let message):
            // Every line of the message becomes a `data:` line; the page joins them with "\n".
            Array(("event: error\n" + Self.dataLines(message) + "\n").utf8)
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
