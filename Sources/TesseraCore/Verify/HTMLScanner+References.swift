extension HTMLScanner {
    /// Named references a page's attribute values and texts use; others stay as written.
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}",
    ]

    /// `text` with `&amp;`, `&#39;`, `&#x1F305;` and the like decoded; a reference that is
    /// not one (no `;`, an unknown name, a number outside Unicode) stays as written.
    static func decodeReferences(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            // A reference is at most 32 characters: longer runs cannot be one.
            guard let semicolon = after.prefix(32).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let body = after[..<semicolon]
            var decoded: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if body.hasPrefix("#") {
                decoded = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                decoded = named[String(body)]
            }
            if let decoded {
                out += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }
}
