import CYAML
import TesseraCore

/// Reads YAML through libyaml into a `ConfigurationDocument`, keeping each key's line.
///
/// Plain scalars are typed as YAML 1.2's core schema types them (`null`, `~`, `true`,
/// `false`, numbers); quoted ones are always text. Anchors and aliases, tags and a second
/// document are refused: a settings file has no use for them.
package struct YAMLDocumentParser: DocumentParsing {
    package init() {}

    package func parse(_ text: String, file: String) throws(ConfigurationError) -> ConfigurationDocument {
        let reader = EventReader(text: text)
        var events: [Event] = []
        do throws(ParseFailure) {
            while true {
                let event = try reader.next()
                if case .streamEnd = event.kind { break }
                events.append(event)
            }
        } catch {
            throw ConfigurationError(file: file, line: error.line, reason: .malformed(error.message))
        }
        var builder = TreeBuilder(events: events, file: file)
        return try builder.document()
    }
}

/// One libyaml event, copied out of C memory.
struct Event {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd, sequenceStart, sequenceEnd, mappingStart,
            mappingEnd, alias
        case scalar(String, plain: Bool)
    }

    var kind: Kind
    /// 1-based.
    var line: Int
}

struct ParseFailure: Error {
    var line: Int?
    var message: String
}

/// Owns the libyaml parser and the copy of the text it reads.
///
/// libyaml keeps pointers into the parser itself (`read_handler_data` is the parser's own
/// address), so the `yaml_parser_t` lives in one heap allocation for the reader's whole life
/// and is only ever reached through that pointer: a Swift struct value may be moved or
/// copied at any time, and a moved parser reads through a dead address.
final class EventReader {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private var isOpen: Bool

    init(text: String) {
        let utf8 = Array(text.utf8)
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

    func next() throws(ParseFailure) -> Event {
        guard isOpen else { throw ParseFailure(line: nil, message: "libyaml could not start (out of memory)") }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else {
            let problem = parser.pointee.problem.map { String(cString: $0) } ?? "unreadable YAML"
            let context = parser.pointee.context.map { String(cString: $0) + ", " } ?? ""
            throw ParseFailure(line: Int(parser.pointee.problem_mark.line) + 1, message: context + problem)
        }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_STREAM_START_EVENT: return Event(kind: .streamStart, line: line)
        case YAML_STREAM_END_EVENT: return Event(kind: .streamEnd, line: line)
        case YAML_DOCUMENT_START_EVENT: return Event(kind: .documentStart, line: line)
        case YAML_DOCUMENT_END_EVENT: return Event(kind: .documentEnd, line: line)
        case YAML_SEQUENCE_START_EVENT: return Event(kind: .sequenceStart, line: line)
        case YAML_SEQUENCE_END_EVENT: return Event(kind: .sequenceEnd, line: line)
        case YAML_MAPPING_START_EVENT: return Event(kind: .mappingStart, line: line)
        case YAML_MAPPING_END_EVENT: return Event(kind: .mappingEnd, line: line)
        case YAML_ALIAS_EVENT: return Event(kind: .alias, line: line)
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            return Event(kind: .scalar(value, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line)
        default:
            throw ParseFailure(line: line, message: "unexpected YAML event")
        }
    }
}
