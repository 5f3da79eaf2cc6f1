/// A small, tolerant scanner of HTML (and of the XML Tessera writes: the sitemap and the
/// feed): start tags with their attributes and lines, the text of chosen elements, and the
/// content of `<style>` elements. Not a parser: it builds no tree and never fails.
///
/// Linear in the input and bounded: every step moves forward, comments, doctypes and
/// processing instructions are skipped to their end, `<script>`, `<style>`, `<textarea>`
/// and `<title>` to their end tag.
enum HTMLScanner {
    /// One attribute of a start tag, its value with character references decoded.
    struct Attribute: Sendable, Hashable {
        var name: String
        var value: String
        /// The line the attribute starts on, from 1.
        var line: Int
    }

    /// One start tag.
    struct Tag: Sendable, Hashable {
        /// The element's name in lower case (`a`, `img`, `loc`).
        var name: String
        var attributes: [Attribute]
        var line: Int
        /// The element's text up to the next tag, when its name was asked for; the CSS of a
        /// `<style>` element.
        var text: String?

        /// The value of the first attribute called `name` (lower case), if any.
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    }

    /// The start tags of a document.
    /// - Parameters:
    ///   - textOf: element names (lower case) whose text to keep, such as `loc`.
    ///   - isXML: a sitemap or feed, where `<![CDATA[…]]>` is text to its `]]>`; in a page
    ///     a browser ends it at the first `>` (a bogus comment) and reads the tags after.
    static func tags(in bytes: UnsafeRawBufferPointer, textOf: Set<String> = [], isXML: Bool = false) -> [Tag] {
        var scanner = Scanner(bytes: bytes, textOf: textOf, isXML: isXML)
        return scanner.run()
    }

    /// The bytes entry point, for tests and the fuzz targets.
    static func tags(in bytes: [UInt8], textOf: Set<String> = [], isXML: Bool = false) -> [Tag] {
        bytes.withUnsafeBytes { tags(in: $0, textOf: textOf, isXML: isXML) }
    }

    fileprivate static let rawText: Set<String> = ["script", "style", "textarea", "title"]

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        let textOf: Set<String>
        let isXML: Bool
        var index = 0
        var line = 1

        init(bytes: UnsafeRawBufferPointer, textOf: Set<String>, isXML: Bool) {
            self.bytes = bytes
            self.textOf = textOf
            self.isXML = isXML
        }

        var atEnd: Bool { index >= bytes.count }

        func peek(_ ahead: Int = 0) -> UInt8? {
            index + ahead < bytes.count ? bytes[index + ahead] : nil
        }

        mutating func advance() {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }

        /// Moves past the next occurrence of `terminator`, or to the end.
        mutating func skip(past terminator: [UInt8]) {
            while !atEnd {
                if bytes[index] == terminator[0], index + terminator.count <= bytes.count,
                    (1..<terminator.count).allSatisfy({ bytes[index + $0] == terminator[$0] })
                {
                    for _ in terminator { advance() }
                    return
                }
                advance()
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
        }

        static func isLetter(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        }

        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }

        func lowercased(_ range: Range<Int>) -> String {
            String(
                decoding: bytes[range].map { Self.isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }

        mutating func run() -> [Tag] {
            var tags: [Tag] = []
            while !atEnd {
                guard bytes[index] == UInt8(ascii: "<") else {
                    advance()
                    continue
                }
                if peek(1) == UInt8(ascii: "!") {
                    if peek(2) == UInt8(ascii: "-"), peek(3) == UInt8(ascii: "-") {
                        for _ in 0..<4 { advance() }
                        // `<!-->` and `<!--->` are whole (empty) comments to a browser,
                        // which then reads the tags after them.
                        if peek(0) == UInt8(ascii: ">") {
                            advance()
                        } else if peek(0) == UInt8(ascii: "-"), peek(1) == UInt8(ascii: ">") {
                            advance()
                            advance()
                        } else {
                            skip(past: Array("-->".utf8))
                        }
                    } else if isXML, bytes.count - index >= 9, lowercased(index..<index + 9) == "<![cdata[" {
                        skip(past: Array("]]>".utf8))
                    } else {
                        skip(past: [UInt8(ascii: ">")])
                    }
                } else if peek(1) == UInt8(ascii: "?") || peek(1) == UInt8(ascii: "/") {
                    skip(past: [UInt8(ascii: ">")])
                } else if let next = peek(1), Self.isLetter(next) {
                    var tag = startTag()
                    if HTMLScanner.rawText.contains(tag.name) {
                        let start = index
                        let end = rawTextEnd(tag.name)
                        if tag.name == "style" || textOf.contains(tag.name) { tag.text = text(start..<end) }
                    } else if textOf.contains(tag.name) {
                        tag.text = elementText()
                    }
                    tags.append(tag)
                } else {
                    advance()
                }
            }
            return tags
        }

        /// Reads `<name attr=value …>` from the `<`.
        mutating func startTag() -> Tag {
            let line = self.line
            advance()
            let nameStart = index
            while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: "/"), byte != UInt8(ascii: ">") {
                advance()
            }
            var tag = Tag(name: lowercased(nameStart..<index), attributes: [], line: line)
            while !atEnd {
                let byte = bytes[index]
                if Self.isSpace(byte) || byte == UInt8(ascii: "/") {
                    advance()
                    continue
                }
                if byte == UInt8(ascii: ">") {
                    advance()
                    break
                }
                let attributeLine = self.line
                let start = index
                advance()
                while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: "="), byte != UInt8(ascii: ">"),
                    byte != UInt8(ascii: "/")
                {
                    advance()
                }
                let name = lowercased(start..<index)
                while let byte = peek(), Self.isSpace(byte) { advance() }
                var value = ""
                if peek() == UInt8(ascii: "=") {
                    advance()
                    while let byte = peek(), Self.isSpace(byte) { advance() }
                    if let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                        advance()
                        let valueStart = index
                        while let byte = peek(), byte != quote { advance() }
                        value = text(valueStart..<index)
                        if !atEnd { advance() }
                    } else {
                        let valueStart = index
                        while let byte = peek(), !Self.isSpace(byte), byte != UInt8(ascii: ">") { advance() }
                        value = text(valueStart..<index)
                    }
                }
                tag.attributes.append(
                    Attribute(name: name, value: HTMLScanner.decodeReferences(value), line: attributeLine))
            }
            return tag
        }

        /// The text up to the next tag, references decoded; in XML, CDATA sections are text
        /// as written (`<loc><![CDATA[https://…/secret/]]></loc>` names a page as plainly).
        mutating func elementText() -> String {
            var result = ""
            var start = index
            while !atEnd {
                if bytes[index] == UInt8(ascii: "<") {
                    guard isXML, bytes.count - index >= 9, lowercased(index..<index + 9) == "<![cdata[" else { break }
                    result += HTMLScanner.decodeReferences(text(start..<index))
                    for _ in 0..<9 { advance() }
                    let content = index
                    skip(past: Array("]]>".utf8))
                    let closed = index - content >= 3 && bytes[index - 3..<index].elementsEqual("]]>".utf8)
                    result += text(content..<(closed ? index - 3 : index))
                    start = index
                    continue
                }
                advance()
            }
            return result + HTMLScanner.decodeReferences(text(start..<index))
        }

        /// Moves past `</name` … `>` (any case) and returns where the element's text ends.
        mutating func rawTextEnd(_ name: String) -> Int {
            let closing = Array("</\(name)".utf8)
            while !atEnd {
                if bytes[index] == UInt8(ascii: "<"), index + closing.count <= bytes.count,
                    lowercased(index..<index + closing.count).utf8.elementsEqual(closing)
                {
                    let end = index
                    skip(past: [UInt8(ascii: ">")])
                    return end
                }
                advance()
            }
            return bytes.count
        }
    }
}
