extension SigalSettings {
    /// The top-level `name = literal` assignments of a Python text, each with the line it
    /// starts on. A literal may run over several lines inside brackets. A value that is not
    /// a plain literal (a call, a name, an expression) is read as `.none`; what is
    /// indented or not an assignment is left out. Nothing is executed.
    static func assignments(_ text: String) -> [(name: String, line: Int, literal: Literal)] {
        var found: [(name: String, line: Int, literal: Literal)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index < lines.count {
            let start = index
            let line = lines[index]
            index += 1
            guard let first = line.unicodeScalars.first, first.properties.isXIDStart || first == "_",
                let equals = line.firstIndex(of: "=")
            else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.properties.isXIDContinue }) else { continue }
            var value = String(line[line.index(after: equals)...])
            guard !value.hasPrefix("=") else { continue }  // `a == b`
            // Continue while brackets are open (at most 200 lines: a settings literal).
            while Self.openBrackets(value) > 0, index < lines.count, index - start < 200 {
                value += "\n" + lines[index]
                index += 1
            }
            // A value that is not a plain literal (a call, a name) is read as None: its
            // name is still known, so a note can say it is not used.
            var reader = LiteralReader(Array(value.unicodeScalars))
            let literal = reader.literal()
            found.append((name, start + 1, reader.atEnd() ? literal ?? Literal.none : Literal.none))
        }
        return found
    }

    /// How many brackets are open at the end of `text`, outside strings and comments.
    private static func openBrackets(_ text: String) -> Int {
        var depth = 0
        var quote: Unicode.Scalar?
        var escaped = false
        var comment = false
        for scalar in text.unicodeScalars {
            if comment {
                if scalar == "\n" { comment = false }
                continue
            }
            if let open = quote {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == open {
                    quote = nil
                }
                continue
            }
            switch scalar {
            case "\"", "'": quote = scalar
            case "#": comment = true
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
        }
        return depth
    }

    /// Reads one Python literal: a string (with a `r`, `u` prefix), a number, `True`,
    /// `False`, `None`, or a tuple, list or string-keyed dict of those.
    struct LiteralReader {
        private let scalars: [Unicode.Scalar]
        private var at = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        private mutating func skipSpace() {
            while at < scalars.count {
                let s = scalars[at]
                if s == " " || s == "\t" || s == "\n" || s == "\r" {
                    at += 1
                } else if s == "#" {
                    while at < scalars.count, scalars[at] != "\n" { at += 1 }
                } else {
                    break
                }
            }
        }

        /// Whether only space and comments are left.
        mutating func atEnd() -> Bool {
            skipSpace()
            return at == scalars.count
        }

        mutating func literal(depth: Int = 0) -> Literal? {
            skipSpace()
            guard at < scalars.count, depth < 16 else { return nil }
            let s = scalars[at]
            if s == "(" || s == "[" {
                let close: Unicode.Scalar = s == "(" ? ")" : "]"
                at += 1
                var items: [Literal] = []
                while true {
                    skipSpace()
                    guard at < scalars.count else { return nil }
                    if scalars[at] == close {
                        at += 1
                        return .sequence(items)
                    }
                    guard let item = literal(depth: depth + 1) else { return nil }
                    items.append(item)
                    skipSpace()
                    guard at < scalars.count else { return nil }
                    if scalars[at] == "," {
                        at += 1
                    } else if scalars[at] != close {
                        return nil
                    }
                }
            }
            if s == "{" { return table(depth: depth) }
            var raw = false
            if s == "r" || s == "R" || s == "u" || s == "U", at + 1 < scalars.count,
                scalars[at + 1] == "\"" || scalars[at + 1] == "'"
            {
                raw = s == "r" || s == "R"
                at += 1
            }
            if at < scalars.count, scalars[at] == "\"" || scalars[at] == "'" { return string(raw: raw) }
            var word = ""
            while at < scalars.count,
                scalars[at].properties.isXIDContinue || scalars[at] == "." || scalars[at] == "-"
                    || scalars[at] == "+"
            {
                word.unicodeScalars.append(scalars[at])
                at += 1
            }
            switch word {
            case "True": return .flag(true)
            case "False": return .flag(false)
            case "None": return Literal.none
            default: return Double(word.replacingOccurrences(of: "_", with: "")).map(Literal.number)
            }
        }

        /// A dict whose keys are strings (`{'quality': 90, 'optimize': True}`).
        private mutating func table(depth: Int) -> Literal? {
            at += 1
            var entries: [String: Literal] = [:]
            while true {
                skipSpace()
                guard at < scalars.count else { return nil }
                if scalars[at] == "}" {
                    at += 1
                    return .table(entries)
                }
                guard let key = literal(depth: depth + 1)?.text else { return nil }
                skipSpace()
                guard at < scalars.count, scalars[at] == ":" else { return nil }
                at += 1
                guard let value = literal(depth: depth + 1) else { return nil }
                entries[key] = value
                skipSpace()
                guard at < scalars.count else { return nil }
                if scalars[at] == "," {
                    at += 1
                } else if scalars[at] != "}" {
                    return nil
                }
            }
        }

        private mutating func string(raw: Bool) -> Literal? {
            let quote = scalars[at]
            // Triple-quoted strings are prose, not settings Tessera maps.
            if at + 2 < scalars.count, scalars[at + 1] == quote, scalars[at + 2] == quote { return nil }
            at += 1
            var text = ""
            while at < scalars.count {
                let s = scalars[at]
                at += 1
                if s == quote { return .text(text) }
                if s == "\n" { return nil }
                if s == "\\", !raw, at < scalars.count {
                    let next = scalars[at]
                    at += 1
                    switch next {
                    case "n": text += "\n"
                    case "t": text += "\t"
                    case "\\", "'", "\"": text.unicodeScalars.append(next)
                    default: text += "\\" + String(next)
                    }
                    continue
                }
                text.unicodeScalars.append(s)
            }
            return nil
        }
    }
}
