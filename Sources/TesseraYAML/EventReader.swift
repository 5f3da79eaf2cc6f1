import CYAML

/// Owns the libyaml parser and the copy of the text it reads.
///
/// libyaml keeps pointers into the parser itself (`read_handler_data` is the parser's own
/// address), so the `yaml_parser_t` lives in one heap allocation for the reader's whole life
/// and is only ever reached through that pointer: a Swift struct value may be moved or
/// copied at any time, and a moved parser reads through a dead address. The text is copied
/// into a heap buffer of its own for the same reason (libyaml reads it between calls).
/// Each `yaml_event_t` is local to one `next()`: libyaml keeps no pointer to it, only the
/// heap strings it points to, which `yaml_event_delete` frees before `next()` returns.
final class EventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private var isOpen: Bool
    /// Where the text's last character that is not a space or a line end is (its line and
    /// the column after it, 0-based, counted in characters as libyaml counts its marks, a
    /// line end being `\n`, `\r\n` or `\r`): libyaml giving up there or later gave up at
    /// the end of the file.
    private let contentEnd: (line: Int, column: Int)

    init(text: String) {
        let utf8 = Array(text.utf8)
        contentEnd = Self.contentEnd(of: text)
        bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(utf8.count, 1))
        _ = bytes.initialize(from: utf8)
        parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        isOpen = yaml_parser_initialize(parser) == 1
        if isOpen { yaml_parser_set_input_string(parser, bytes.baseAddress, utf8.count) }
    }

    deinit {
        if isOpen { yaml_parser_delete(parser) }
        parser.deinitialize(count: 1)
        parser.deallocate()
        bytes.deallocate()
    }

    /// See `contentEnd`; a leading byte-order mark is not counted, as libyaml skips it.
    static func contentEnd(of text: String) -> (line: Int, column: Int) {
        var line = 0
        var column = 0
        var end = (line: 0, column: 0)
        var afterReturn = false
        for scalar in text.unicodeScalars.drop(while: { $0 == "\u{FEFF}" }) {
            switch scalar {
            case "\n":
                if !afterReturn { line += 1 }
                column = 0
                afterReturn = false
            case "\r":
                line += 1
                column = 0
                afterReturn = true
            default:
                afterReturn = false
                column += 1
                if scalar != " ", scalar != "\t" { end = (line, column) }
            }
        }
        return end
    }

    /// libyaml's error as a line and a sentence. libyaml says where it gave up (for a quote
    /// or a bracket left open, the end of the file, past its last line) and, when it was
    /// inside something, where that started: the line named is the start of what was left
    /// open, and the sentence says both, with what to do where that is plain.
    static func failure(
        problem: String?, problemLine: Int, atEnd: Bool, context: String?, contextLine: Int
    ) -> ParseFailure {
        let problem = problem ?? "unreadable YAML"
        // libyaml's words alone say what it met, not what to do.
        let what: String
        switch problem {
        case "found character that cannot start any token":
            what = "; YAML indents with spaces, not tabs, and a value starting with '@', '`' or '%' needs quotes"
        case "mapping values are not allowed in this context":
            what = "; a line is indented under a value as if it belonged to it, or a value holds ': ' and needs quotes"
        case "did not find expected key":
            what = "; a line is indented differently from the keys beside it"
        default: what = ""
        }
        guard let context else { return ParseFailure(line: problemLine, message: problem + what) }
        let hint: String
        switch context {
        case "while scanning a quoted scalar": hint = "; close the quote"
        case "while parsing a flow sequence": hint = "; close the '[' with ']', its items separated by ','"
        case "while parsing a flow mapping": hint = "; close the '{' with '}', its entries separated by ','"
        default: hint = what
        }
        let started = contextLine == problemLine ? "" : " started on line \(contextLine)"
        let found =
            atEnd
            ? problem.hasSuffix("end of stream") ? problem : "\(problem) at the end of the file"
            : contextLine == problemLine ? problem : "\(problem) on line \(problemLine)"
        return ParseFailure(line: atEnd ? contextLine : problemLine, message: "\(context)\(started), \(found)\(hint)")
    }

    func next() throws(ParseFailure) -> Event {
        guard isOpen else { throw ParseFailure(line: nil, message: "libyaml could not start (out of memory)") }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            throw Self.failure(
                problem: parser.pointee.problem.map { String(cString: $0) },
                problemLine: Int(parser.pointee.problem_mark.line) + 1,
                atEnd: (Int(parser.pointee.problem_mark.line), Int(parser.pointee.problem_mark.column)) >= contentEnd,
                context: parser.pointee.context.map { String(cString: $0) },
                contextLine: Int(parser.pointee.context_mark.line) + 1)
        }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_STREAM_START_EVENT: return Event(kind: .streamStart, line: line)
        case YAML_STREAM_END_EVENT: return Event(kind: .streamEnd, line: line)
        case YAML_DOCUMENT_START_EVENT: return Event(kind: .documentStart, line: line)
        case YAML_DOCUMENT_END_EVENT: return Event(kind: .documentEnd, line: line)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return Event(kind: .sequenceStart, line: line, anchor: text(start.anchor), tag: tag(start.tag))
        case YAML_SEQUENCE_END_EVENT: return Event(kind: .sequenceEnd, line: line)
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return Event(kind: .mappingStart, line: line, anchor: text(start.anchor), tag: tag(start.tag))
        case YAML_MAPPING_END_EVENT: return Event(kind: .mappingEnd, line: line)
        case YAML_ALIAS_EVENT: return Event(kind: .alias(text(event.data.alias.anchor) ?? ""), line: line)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            return Event(
                kind: .scalar(value, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line,
                anchor: text(scalar.anchor), tag: tag(scalar.tag))
        default:
            throw ParseFailure(line: line, message: "unexpected YAML event")
        }
    }

    /// A NUL-terminated string libyaml made (anchors, tags), copied.
    private func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// A tag as the user wrote it: libyaml resolves `!!binary` to `tag:yaml.org,2002:binary`.
    private func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let tag = text(pointer) else { return nil }
        let core = "tag:yaml.org,2002:"
        return tag.hasPrefix(core) ? "!!" + tag.dropFirst(core.count) : tag
    }
}
