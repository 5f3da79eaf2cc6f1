/// Text made safe to show in a terminal: every character that a terminal would obey rather
/// than show is written out as a C-style escape, so a file named `\e]0;pwned\a.jpg` is
/// shown as `\x1b]0;pwned\x07.jpg` and cannot retitle the window, clear the screen or
/// forge a line of its own.
///
/// Made visible: C0 controls (`\t`, `\n`, `\r` by their letters, ESC as `\x1b`, the rest as
/// `\xNN`), DEL and C1 controls (`\x7f`, `\x9b`), the Unicode line and paragraph
/// separators and the bidirectional controls (`\u{202e}`), which can make a name read
/// backwards. A backslash already in a name is left as it is: this is for reading, not for
/// pasting back.
enum TerminalText {
    /// `text` with every control character made visible; `\n` kept when `keepingLineBreaks`
    /// (for text we wrote, several lines on purpose).
    static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLineBreaks && $0 == "\n") }) else {
            return text
        }
        var shown = ""
        shown.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard isControl(scalar), !(keepingLineBreaks && scalar == "\n") else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            shown += escape(scalar)
        }
        return shown
    }

    /// A JSON text whose strings keep their values but carry no raw control character for
    /// a terminal to obey: JSON escapes C0 inside strings already, so DEL, C1 and the rest
    /// become `\u` escapes, which every JSON reader reads back as the same characters.
    /// (Outside strings JSON has only ASCII, so nothing there changes.)
    static func jsonForTerminal(_ json: String) -> String {
        func unescaped(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x7F && isControl(scalar) }
        guard json.unicodeScalars.contains(where: unescaped) else { return json }
        var shown = ""
        shown.reserveCapacity(json.utf8.count + 12)
        for scalar in json.unicodeScalars {
            if unescaped(scalar) {
                shown += "\\u" + hex(scalar.value, digits: 4)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether a terminal could take `scalar` as a command rather than a character to show.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\t": return "\\t"
        case "\n": return "\\n"
        case "\r": return "\\r"
        default:
            return scalar.value < 0x100
                ? "\\x" + hex(scalar.value, digits: 2) : "\\u{" + hex(scalar.value, digits: 4) + "}"
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
