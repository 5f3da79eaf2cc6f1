/// Whether a sitemap or a feed is well-formed XML, as every feed reader and search engine
/// requires before reading a line of it: one root element, every element closed in order,
/// attributes quoted and not repeated, character and entity references known, CDATA and
/// comments ended, UTF-8 with no character XML forbids. A file cut short (an upload
/// interrupted, a hand edit that lost `</feed>`) passed verification before.
///
/// Not a parser: it keeps only the names of the open elements. Linear in the input and
/// bounded: every step moves forward, nesting deeper than `deepest` is itself a problem,
/// and a DOCTYPE's entities are never expanded (a declared one is taken as known).
enum XMLWellFormedness {
    /// Why a document is not well-formed, and the line where it is seen, from 1.
    struct Problem: Sendable, Hashable {
        var line: Int
        var reason: String
    }

    /// The deepest nesting of elements taken; a sitemap is three deep, a feed four.
    static let deepest = 256

    /// The first reason `bytes` is not well-formed XML, or nil when it is.
    static func problem(in bytes: UnsafeRawBufferPointer) -> Problem? {
        if let problem = characterProblem(in: bytes) { return problem }
        var checker = Checker(bytes: bytes)
        return checker.run()
    }

    /// The bytes entry point, for tests.
    static func problem(in bytes: [UInt8]) -> Problem? {
        bytes.withUnsafeBytes { problem(in: $0) }
    }

    /// Bytes that are not UTF-8, or a character XML 1.0 forbids (a control character, as
    /// a caption pasted from elsewhere may hold, U+FFFE, U+FFFF).
    static func characterProblem(in bytes: UnsafeRawBufferPointer) -> Problem? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                let value = scalar.value
                if value == 0x0A { line += 1 }
                if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE
                    || value == 0xFFFF
                {
                    return Problem(
                        line: line,
                        reason: "holds the character U+\(String(value, radix: 16, uppercase: true)), which XML forbids")
                }
            case .error:
                return Problem(line: line, reason: "holds bytes that are not UTF-8")
            case .emptyInput:
                return nil
            }
        }
    }

    private struct Checker {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        var line = 1
        /// The names of the elements open, outermost first.
        var open: [UnsafeRawBufferPointer] = []
        var sawRoot = false
        /// A DOCTYPE declares entities of its own: any name is taken as one of them.
        var declaresEntities = false

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
            // A byte order mark.
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        var atEnd: Bool { index >= bytes.count }

        func peek(_ ahead: Int = 0) -> UInt8? {
            index + ahead < bytes.count ? bytes[index + ahead] : nil
        }

        func starts(with text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = text.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
            return true
        }

        mutating func advance() {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }

        mutating func advance(by count: Int) {
            for _ in 0..<count where !atEnd { advance() }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        static func isNameStart(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":") || byte >= 0x80
        }

        static func isName(_ byte: UInt8) -> Bool {
            isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }

        func fail(_ reason: String) -> Problem { Problem(line: line, reason: reason) }

        func shown(_ name: UnsafeRawBufferPointer) -> String {
            "<" + String(decoding: name.prefix(64), as: UTF8.self) + ">"
        }

        /// Moves past `terminator`; false at the end without it.
        mutating func skip(past terminator: StaticString) -> Bool {
            while !atEnd {
                if starts(with: terminator) {
                    advance(by: terminator.utf8CodeUnitCount)
                    return true
                }
                advance()
            }
            return false
        }

        /// A name at the index, moved past; nil when none starts there.
        mutating func name() -> UnsafeRawBufferPointer? {
            guard let first = peek(), Self.isNameStart(first) else { return nil }
            let start = index
            while let byte = peek(), Self.isName(byte) { advance() }
            return UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        }

        mutating func run() -> Problem? {
            if starts(with: "<?xml"), let byte = peek(5), Self.isSpace(byte) || byte == UInt8(ascii: "?") {
                guard skip(past: "?>") else { return fail("the XML declaration is not ended with '?>'") }
            }
            while !atEnd {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<") {
                    if let problem = markup() { return problem }
                } else if open.isEmpty {
                    guard Self.isSpace(byte) else {
                        return fail(
                            sawRoot ? "has text after its root element ends" : "has text before its root element")
                    }
                    advance()
                } else if byte == UInt8(ascii: "&") {
                    if let problem = reference() { return problem }
                } else if byte == UInt8(ascii: "]"), starts(with: "]]>") {
                    return fail("has ']]>' in its text outside a CDATA section")
                } else {
                    advance()
                }
            }
            if let innermost = open.last {
                return fail("ends before \(shown(innermost)) is closed (the file is cut short?)")
            }
            return sawRoot ? nil : fail("has no root element")
        }

        /// Reads the markup starting at `<`.
        mutating func markup() -> Problem? {
            if starts(with: "<!--") {
                advance(by: 4)
                while !atEnd {
                    if starts(with: "--") {
                        guard peek(2) == UInt8(ascii: ">") else { return fail("has '--' inside a comment") }
                        advance(by: 3)
                        return nil
                    }
                    advance()
                }
                return fail("ends inside a comment (no '-->')")
            }
            if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { return fail("has a CDATA section outside its root element") }
                advance(by: 9)
                return skip(past: "]]>") ? nil : fail("ends inside a CDATA section (no ']]>')")
            }
            if starts(with: "<!DOCTYPE") {
                guard !sawRoot else { return fail("has a DOCTYPE after its root element") }
                return doctype()
            }
            if starts(with: "<?") {
                advance(by: 2)
                guard let target = name() else { return fail("has a processing instruction without a name") }
                if target.count == 3, String(decoding: target, as: UTF8.self).lowercased() == "xml" {
                    return fail("has an XML declaration that is not at the very start")
                }
                return skip(past: "?>") ? nil : fail("ends inside a processing instruction (no '?>')")
            }
            if peek(1) == UInt8(ascii: "/") { return endTag() }
            return startTag()
        }

        mutating func doctype() -> Problem? {
            advance(by: 9)
            var quote: UInt8?
            var inSubset = false
            while !atEnd {
                let byte = bytes[index]
                advance()
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    inSubset = true
                    declaresEntities = true
                } else if byte == UInt8(ascii: "]") {
                    inSubset = false
                } else if byte == UInt8(ascii: ">"), !inSubset {
                    return nil
                }
            }
            return fail("ends inside its DOCTYPE")
        }

        mutating func startTag() -> Problem? {
            advance()
            guard let element = name() else { return fail("has a '<' that starts no tag (write '&lt;')") }
            guard !(open.isEmpty && sawRoot) else { return fail("has a second root element \(shown(element))") }
            var attributes: Set<[UInt8]> = []
            while true {
                let hadSpace = skipSpace()
                guard let byte = peek() else { return fail("ends inside the tag \(shown(element))") }
                if byte == UInt8(ascii: ">") {
                    advance()
                    guard open.count < XMLWellFormedness.deepest else {
                        return fail("nests elements more than \(XMLWellFormedness.deepest) deep")
                    }
                    open.append(element)
                    sawRoot = true
                    return nil
                }
                if byte == UInt8(ascii: "/") {
                    advance()
                    guard peek() == UInt8(ascii: ">") else { return fail("has a '/' inside the tag \(shown(element))") }
                    advance()
                    sawRoot = true
                    return nil
                }
                guard hadSpace, let attribute = name() else {
                    return fail("has a tag \(shown(element)) cut or garbled (an attribute without a name or a space)")
                }
                guard attributes.insert(Array(attribute)).inserted else {
                    return fail(
                        "repeats the attribute '\(String(decoding: attribute, as: UTF8.self))' in \(shown(element))")
                }
                _ = skipSpace()
                guard peek() == UInt8(ascii: "=") else {
                    return fail("has an attribute without a value in \(shown(element))")
                }
                advance()
                _ = skipSpace()
                guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    return fail("has an attribute value without quotes in \(shown(element))")
                }
                advance()
                while true {
                    guard let byte = peek() else { return fail("ends inside an attribute value of \(shown(element))") }
                    if byte == quote {
                        advance()
                        break
                    }
                    if byte == UInt8(ascii: "<") { return fail("has a '<' in an attribute value of \(shown(element))") }
                    if byte == UInt8(ascii: "&") {
                        if let problem = reference() { return problem }
                    } else {
                        advance()
                    }
                }
            }
        }

        mutating func endTag() -> Problem? {
            advance(by: 2)
            guard let element = name() else { return fail("has a '</' that closes no element") }
            _ = skipSpace()
            guard peek() == UInt8(ascii: ">") else {
                return fail("has the end tag </\(shown(element).dropFirst()) cut or garbled")
            }
            advance()
            guard let innermost = open.popLast() else {
                return fail("closes \(shown(element)), which is not open")
            }
            guard innermost.elementsEqual(element) else {
                return fail("closes \(shown(element)) where \(shown(innermost)) is open")
            }
            return nil
        }

        /// Moves past white space; whether there was any.
        mutating func skipSpace() -> Bool {
            let start = index
            while let byte = peek(), Self.isSpace(byte) { advance() }
            return index > start
        }

        /// Reads `&name;`, `&#10;` or `&#xA;` from the `&`.
        mutating func reference() -> Problem? {
            advance()
            if peek() == UInt8(ascii: "#") {
                advance()
                let hex = peek() == UInt8(ascii: "x")
                if hex { advance() }
                var value: UInt32 = 0
                var digits = 0
                while let byte = peek(), let digit = hex ? ByteView.hexDigit(byte) : Self.decimal(byte) {
                    value = min(value * (hex ? 16 : 10) + UInt32(digit), 0x11_0000)
                    digits += 1
                    advance()
                }
                guard digits > 0, peek() == UInt8(ascii: ";") else {
                    return fail("has a character reference that is not one (write '&amp;' for '&')")
                }
                advance()
                guard let scalar = Unicode.Scalar(value), Self.isCharacter(scalar) else {
                    return fail("has a character reference to a character XML forbids")
                }
                return nil
            }
            guard let entity = name(), peek() == UInt8(ascii: ";") else {
                return fail("has a '&' that starts no reference (write '&amp;')")
            }
            advance()
            let known = ["amp", "lt", "gt", "quot", "apos"].contains(String(decoding: entity, as: UTF8.self))
            guard known || declaresEntities else {
                return fail(
                    "has the entity '&\(String(decoding: entity.prefix(64), as: UTF8.self));', which XML does not know")
            }
            return nil
        }

        static func decimal(_ byte: UInt8) -> UInt8? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
        }

        static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            return value == 0x09 || value == 0x0A || value == 0x0D
                || (value >= 0x20 && value != 0xFFFE && value != 0xFFFF)
        }
    }
}
