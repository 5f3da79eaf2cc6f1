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
            let literal = reader.value()
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

        /// A whole right-hand side: one literal, or a tuple written without its parentheses
        /// (`thumb_size = 280, 210` is `(280, 210)`, as Python reads it).
        mutating func value() -> Literal? {
            guard let first = literal() else { return nil }
            skipSpace()
            guard at < scalars.count, scalars[at] == "," else { return first }
            var items = [first]
            while at < scalars.count, scalars[at] == "," {
                at += 1
                skipSpace()
                if at == scalars.count { break }  // a trailing comma: `x = 1,` is a tuple of one
                guard let item = literal() else { return nil }
                items.append(item)
                skipSpace()
            }
            return .sequence(items)
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
            if stringStart() != nil {
                // Strings side by side are one, as in Python: `"Summer " 'in Porto'`.
                var text = ""
                while let start = stringStart() {
                    at += start.prefix
                    guard let part = string(raw: start.raw) else { return nil }
                    text += part
                    skipSpace()
                }
                return .text(text)
            }
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

        /// Whether a string starts at `at`, and how long its prefix (`r`, `u`) is; nil when none does.
        private func stringStart() -> (raw: Bool, prefix: Int)? {
            guard at < scalars.count else { return nil }
            let s = scalars[at]
            if s == "\"" || s == "'" { return (false, 0) }
            guard s == "r" || s == "R" || s == "u" || s == "U", at + 1 < scalars.count,
                scalars[at + 1] == "\"" || scalars[at + 1] == "'"
            else { return nil }
            return (s == "r" || s == "R", 1)
        }

        /// One quoted string at `at`, its escapes decoded as Python decodes them (a raw
        /// string keeps its backslashes); nil for one that does not end on its line, or
        /// whose escape Python refuses.
        private mutating func string(raw: Bool) -> String? {
            let quote = scalars[at]
            // Triple-quoted strings are prose, not settings Tessera maps.
            if at + 2 < scalars.count, scalars[at + 1] == quote, scalars[at + 2] == quote { return nil }
            at += 1
            var text = String.UnicodeScalarView()
            while at < scalars.count {
                let s = scalars[at]
                at += 1
                if s == quote { return String(text) }
                if s == "\n" { return nil }
                guard s == "\\", at < scalars.count else {
                    text.append(s)
                    continue
                }
                let next = scalars[at]
                at += 1
                if raw {
                    // `r"\d"` is a backslash and a d; a `\"` in it still does not end it.
                    text.append(contentsOf: [s, next])
                    continue
                }
                guard let decoded = escape(next) else { return nil }
                text.append(contentsOf: decoded)
            }
            return nil
        }

        /// What a backslash and `next` stand for in a Python string (`\xe9`, `\u00e0`,
        /// `\U0001F600`, `\N{EURO SIGN}`, octal `\351`); an escape Python does not know
        /// keeps its backslash, as Python keeps it; nil for one Python refuses (`\xZ`).
        private mutating func escape(_ next: Unicode.Scalar) -> [Unicode.Scalar]? {
            switch next {
            case "n": return ["\n"]
            case "t": return ["\t"]
            case "r": return ["\r"]
            case "a": return ["\u{07}"]
            case "b": return ["\u{08}"]
            case "f": return ["\u{0C}"]
            case "v": return ["\u{0B}"]
            case "\\", "'", "\"": return [next]
            case "0"..."7":
                var value = next.value - 48
                for _ in 0..<2 {
                    guard at < scalars.count, ("0"..."7").contains(scalars[at]) else { break }
                    value = value * 8 + scalars[at].value - 48
                    at += 1
                }
                return Unicode.Scalar(value).map { [$0] }
            case "x", "u", "U":
                let digits = next == "x" ? 2 : next == "u" ? 4 : 8
                guard at + digits <= scalars.count else { return nil }
                let hex = String(String.UnicodeScalarView(scalars[at..<(at + digits)]))
                guard hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                at += digits
                return [scalar]
            case "N":
                guard at < scalars.count, scalars[at] == "{",
                    let close = scalars[at...].firstIndex(of: "}"),
                    let scalar = Self.scalar(named: String(String.UnicodeScalarView(scalars[(at + 1)..<close])))
                else { return nil }
                at = close + 1
                return [scalar]
            default:
                return ["\\", next]
            }
        }

        /// The character a Unicode name (or name alias) stands for, in any case, as
        /// Python's `\N{…}` finds it; nil for a name Unicode does not give.
        private static func scalar(named name: String) -> Unicode.Scalar? {
            let wanted = name.uppercased()
            guard !wanted.isEmpty, wanted.count < 100 else { return nil }
            // The planes where Unicode names characters: its letters, symbols, CJK and tags.
            let planes = [0..<0x3_2400, 0xE_0000..<0xE_0200]
            for range in planes {
                for value in range {
                    guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
                    let properties = scalar.properties
                    if properties.name == wanted || properties.nameAlias == wanted { return scalar }
                }
            }
            return nil
        }
    }
}
