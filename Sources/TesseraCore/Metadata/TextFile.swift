import TesseraTemplate

/// The text of a file a person wrote — `index.md`, a sidecar, a template, `tessera.yaml` —
/// read the same way everywhere, whatever editor saved it.
///
/// - A byte-order mark is not text: a UTF-8 one is dropped, and a UTF-16 one (Windows
///   Notepad's "Unicode") says how to decode the rest.
/// - Line ends are `\n`: Windows' `\r\n` and classic Mac OS's lone `\r` become `\n`.
/// - Bytes that are not UTF-8 (or UTF-16) become U+FFFD, and the first one's line is kept
///   for the warning.
/// - Control characters other than tab and line end (C0, DEL, C1) and Unicode
///   noncharacters (U+FFFE, U+FFFF, …) are dropped unless `keepsControls`
///   (`HTML.isForbidden`): XML 1.0 cannot carry most of them at all, not even as
///   references, HTML counts each as a parse error, and none has a glyph a reader could
///   see. The first one's line is kept too. Dropped here, not only when escaped, because
///   a description's HTML comes from Markdown and is inserted as it is.
struct TextFile: Sendable, Hashable {
    /// The most bytes a text file may hold (the YAML reader's own limit): far more than any
    /// settings file, note or template needs; a larger file is refused unread
    /// (`FileSystem.readFile(_:limit:)`), so a stray huge `.md` costs nothing.
    static let maxBytes = 16 << 20

    /// What had to be mended, with the 1-based line of the first place.
    enum Repair: Sendable, Hashable {
        /// Bytes that are not text in the file's encoding; replaced with U+FFFD.
        case invalidEncoding(line: Int)
        /// A control character or noncharacter, dropped; `scalar` is the first one.
        case controlCharacter(line: Int, scalar: Unicode.Scalar)

        /// The line of the first place mended.
        var line: Int {
            switch self {
            case .invalidEncoding(let line), .controlCharacter(let line, _): return line
            }
        }

        /// What was mended and what to do, as a warning says it after the file's name.
        var message: String {
            switch self {
            case .invalidEncoding:
                return "is not valid UTF-8 text; save it as UTF-8"
            case .controlCharacter(_, let scalar):
                let code = String(scalar.value, radix: 16, uppercase: true)
                return "holds a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)), "
                    + "which no page can show; it is left out"
            }
        }
    }

    /// The text, with `\n` line ends.
    var text: String
    var repairs: [Repair]

    /// Reads `bytes` as text.
    ///
    /// - Parameter keepsControls: keep control characters (for a parser that refuses them
    ///   itself with a better message, such as libyaml).
    init(bytes: [UInt8], keepsControls: Bool = false) {
        let decoded = Self.decode(bytes)
        self.init(decoded.text, invalid: decoded.invalid, keepsControls: keepsControls)
    }

    /// Mends a text already decoded: its byte-order mark, line ends and control characters.
    init(text: String, keepsControls: Bool = false) {
        self.init(text, invalid: false, keepsControls: keepsControls)
    }

    private init(_ decoded: String, invalid: Bool, keepsControls: Bool) {
        var text = ""
        text.unicodeScalars.reserveCapacity(decoded.utf8.count)
        var line = 1
        var invalidLine: Int?
        var control: (line: Int, scalar: Unicode.Scalar)?
        var afterCR = false
        var scalars = decoded.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        for scalar in scalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\n" where afterCR:
                continue  // the second half of \r\n, already written as \n
            case "\r", "\n":
                text.unicodeScalars.append("\n")
                line += 1
            case "\u{FFFD}" where invalid && invalidLine == nil:
                invalidLine = line
                text.unicodeScalars.append(scalar)
            case _ where !keepsControls && HTML.isForbidden(scalar):
                if control == nil { control = (line, scalar) }
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        var repairs: [Repair] = []
        if invalid { repairs.append(.invalidEncoding(line: invalidLine ?? 1)) }
        if let control { repairs.append(.controlCharacter(line: control.line, scalar: control.scalar)) }
        self.text = text
        self.repairs = repairs
    }

    /// The text (a UTF-8 byte-order mark decodes to a leading U+FEFF), and whether some
    /// bytes were not valid.
    private static func decode(_ bytes: [UInt8]) -> (text: String, invalid: Bool) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            let body = bytes.dropFirst(2)
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index + 1 < body.endIndex {
                let (a, b) = (UInt16(body[index]), UInt16(body[index + 1]))
                units.append(littleEndian ? a | b << 8 : a << 8 | b)
                index += 2
            }
            let oddByte = body.count % 2 == 1
            if !oddByte, let text = String(validating: units, as: UTF16.self) { return (text, false) }
            return (String(decoding: units, as: UTF16.self) + (oddByte ? "\u{FFFD}" : ""), true)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, false) }
        return (String(decoding: bytes, as: UTF8.self), true)
    }
}
