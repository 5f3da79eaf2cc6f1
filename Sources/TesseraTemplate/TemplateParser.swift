/// Turns Mustache source into a tree of `TemplateNode`s, applying the spec's standalone-line rules.
struct TemplateParser {
    private let source: [Unicode.Scalar]
    private let file: String
    private var opening: [Unicode.Scalar] = ["{", "{"]
    private var closing: [Unicode.Scalar] = ["}", "}"]
    /// The offset each line starts at, for turning offsets into line and column.
    private let lineStarts: [Int]

    init(source: String, file: String) {
        let scalars = Array(source.unicodeScalars)
        self.source = scalars
        self.file = file
        self.lineStarts = [0] + scalars.indices.filter { scalars[$0] == "\n" }.map { $0 + 1 }
    }

    /// The most sections open at once. The tree is rendered (and freed) by recursion, so a
    /// theme nesting 50,000 sections overflowed the stack; the built-in themes nest 4 deep.
    static let deepestNesting = 100

    /// The parsed nodes, or the first syntax error.
    mutating func parse() throws(TemplateError) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var openSections: [OpenSection] = []
        var textStart = 0
        var position = 0
        while let tagStart = find(opening, from: position) {
            let tag = try readTag(at: tagStart)
            var textEnd = tagStart
            var indentation = ""
            position = tag.end
            if tag.kind.canStandAlone, let lineStart = blankLineStart(before: tagStart),
                let lineEnd = blankLineEnd(after: tag.end)
            {
                textEnd = lineStart
                indentation = text(lineStart..<tagStart)
                position = lineEnd
            }
            if textStart < textEnd { nodes.append(.text(text(textStart..<textEnd))) }
            textStart = position

            switch tag.kind {
            case .comment:
                break
            case .delimiters:
                try changeDelimiters(tag)
            case .variable(let escaped):
                try requireName(tag)
                nodes.append(.variable(TemplateName(tag.content), escaped: escaped, at: location(of: tagStart)))
            case .partial:
                try requireName(tag)
                nodes.append(.partial(tag.content, indentation: indentation, at: location(of: tagStart)))
            case .section(let inverted):
                try requireName(tag)
                guard openSections.count < Self.deepestNesting else {
                    throw error(
                        at: tagStart,
                        "sections nest more than \(Self.deepestNesting) deep here; close some before "
                            + "opening \(delimited("#" + tag.content)) (a page needs a handful)")
                }
                openSections.append(
                    OpenSection(
                        name: tag.content, inverted: inverted, offset: tagStart, enclosing: nodes,
                        closeTag: delimited("/" + tag.content)))
                nodes = []
            case .close:
                try requireName(tag)
                guard let section = openSections.popLast() else {
                    throw error(
                        at: tagStart,
                        "\(delimited("/" + tag.content)) closes a section that is not open; "
                            + "remove it or open the section with \(delimited("#" + tag.content))")
                }
                guard section.name == tag.content else {
                    let opened = location(of: section.offset)
                    throw error(
                        at: tagStart,
                        "\(delimited("/" + tag.content)) does not match section '\(section.name)' "
                            + "opened at \(opened.line):\(opened.column); close that section first with "
                            + section.closeTag)
                }
                let children = nodes
                nodes = section.enclosing
                nodes.append(
                    .section(
                        TemplateName(section.name), inverted: section.inverted, children: children,
                        at: location(of: section.offset)))
            }
        }
        if textStart < source.count { nodes.append(.text(text(textStart..<source.count))) }
        if let section = openSections.last {
            throw error(
                at: section.offset,
                "section '\(section.name)' opened here is never closed; add \(section.closeTag)")
        }
        return nodes
    }

    private struct Tag {
        var kind: TagKind
        var content: String
        var start: Int
        var end: Int
    }

    private enum TagKind {
        case variable(escaped: Bool)
        case section(inverted: Bool)
        case close, comment, partial, delimiters

        /// Whether the tag holds a name (comments hold free text, delimiter changes delimiters).
        var hasName: Bool {
            switch self {
            case .comment, .delimiters: return false
            default: return true
            }
        }

        var canStandAlone: Bool {
            if case .variable = self { return false }
            return true
        }
    }

    private struct OpenSection {
        var name: String
        var inverted: Bool
        var offset: Int
        var enclosing: [TemplateNode]
        var closeTag: String
    }

    private func readTag(at start: Int) throws(TemplateError) -> Tag {
        var contentStart = start + opening.count
        let sigil = contentStart < source.count ? source[contentStart] : nil
        let kind: TagKind
        var terminator = closing
        switch sigil {
        case "#": kind = .section(inverted: false)
        case "^": kind = .section(inverted: true)
        case "/": kind = .close
        case "!": kind = .comment
        case ">": kind = .partial
        case "&": kind = .variable(escaped: false)
        case "{":
            kind = .variable(escaped: false)
            terminator = ["}"] + closing
        case "=":
            kind = .delimiters
            terminator = ["="] + closing
        default: kind = .variable(escaped: true)
        }
        if case .variable(escaped: true) = kind {} else { contentStart += 1 }
        let closer = String(String.UnicodeScalarView(terminator))
        guard let contentEnd = find(terminator, from: contentStart) else {
            let snippet = text(start..<min(source.count, contentStart + 20)).prefix { $0 != "\n" }
            throw error(at: start, "tag '\(snippet)' is never closed; add '\(closer)'")
        }
        // A name-bearing tag that runs into the next tag or line was left open, as in `{{title}`.
        if kind.hasName {
            let nextOpening = find(opening, from: contentStart).map { min($0, contentEnd) } ?? contentEnd
            let lineEnd = source[contentStart..<nextOpening].firstIndex(of: "\n") ?? nextOpening
            if lineEnd < contentEnd {
                throw error(
                    at: start,
                    "tag '\(text(start..<lineEnd).trimmingWhitespace())' is never closed; add '\(closer)' "
                        + "after its name")
            }
        }
        return Tag(
            kind: kind, content: text(contentStart..<contentEnd).trimmingWhitespace(), start: start,
            end: contentEnd + terminator.count)
    }

    private mutating func changeDelimiters(_ tag: Tag) throws(TemplateError) {
        let parts = tag.content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(
                at: tag.start,
                "cannot change delimiters to '\(tag.content)'; write two delimiters separated by a space, "
                    + "as in \(delimited("=<% %>="))")
        }
        opening = Array(parts[0].unicodeScalars)
        closing = Array(parts[1].unicodeScalars)
    }

    private func requireName(_ tag: Tag) throws(TemplateError) {
        guard tag.content.isEmpty else { return }
        throw error(
            at: tag.start, "tag '\(text(tag.start..<tag.end))' has no name; put a name between the delimiters")
    }

    /// Where the line holding `offset` starts, if only spaces and tabs precede `offset` on it.
    private func blankLineStart(before offset: Int) -> Int? {
        var index = offset
        while index > 0, source[index - 1] != "\n" {
            guard source[index - 1] == " " || source[index - 1] == "\t" else { return nil }
            index -= 1
        }
        return index
    }

    /// Where the next line starts, if only spaces and tabs follow `offset` on its line.
    private func blankLineEnd(after offset: Int) -> Int? {
        var index = offset
        while index < source.count, source[index] == " " || source[index] == "\t" { index += 1 }
        if index == source.count { return index }
        if source[index] == "\n" { return index + 1 }
        if source[index] == "\r", index + 1 < source.count, source[index + 1] == "\n" { return index + 2 }
        return nil
    }

    private func find(_ needle: [Unicode.Scalar], from start: Int) -> Int? {
        guard let first = needle.first, source.count >= needle.count else { return nil }
        var index = start
        while index <= source.count - needle.count {
            if source[index] == first, source[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private func text(_ range: Range<Int>) -> String {
        var result = String.UnicodeScalarView()
        result.append(contentsOf: source[range])
        return String(result)
    }

    private func delimited(_ content: String) -> String {
        String(String.UnicodeScalarView(opening)) + content + String(String.UnicodeScalarView(closing))
    }

    private func location(of offset: Int) -> TemplateLocation {
        var low = 0
        var high = lineStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return TemplateLocation(line: low + 1, column: offset - lineStarts[low] + 1)
    }

    private func error(at offset: Int, _ message: String) -> TemplateError {
        let location = location(of: offset)
        return TemplateError(file: file, line: location.line, column: location.column, message: message)
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
