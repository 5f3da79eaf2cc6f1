import Foundation

/// A Markdown file that says something about an album (`index.md`) or a photo (a sidecar):
/// a header of fields, then a CommonMark body.
///
/// Two header forms read alike: sigal's `Key: value` lines up to the first blank line (a
/// value going on over lines indented by four spaces), and
/// a `---` fenced YAML front matter (Hugo, Jekyll). Keys are case-insensitive (`Title` is
/// `title`). A text without either header is all body.
struct MetadataNote: Sendable, Hashable {
    /// One header field.
    struct Field: Sendable, Hashable {
        /// Lower-cased: `thumbnail`, `title`.
        var key: String
        /// The key as written, for messages and templates.
        var writtenKey: String
        var value: Value
        /// 1-based line in the file.
        var line: Int
    }

    enum Value: Sendable, Hashable {
        case text(String)
        case list([String])

        /// The value as one text (a list joined with commas).
        var text: String {
            switch self {
            case .text(let text): return text
            case .list(let items): return items.joined(separator: ", ")
            }
        }

        /// The value as a list: YAML lists as they are, text split at commas (sigal's form).
        var list: [String] {
            switch self {
            case .list(let items): return items
            case .text(let text):
                return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
        }
    }

    var fields: [Field]
    /// The Markdown after the header, trimmed.
    var body: String
    /// Header problems; what could be read is kept.
    var warnings: [MetadataWarning]
    /// The 1-based line of the file on which `body` starts, so that what is said about a
    /// line of the body names the file's line.
    var bodyLine = 1

    /// The first field named `key` (lower case), or any of `aliases`.
    func field(_ key: String, or aliases: String...) -> Field? {
        fields.first { $0.key == key } ?? fields.first { aliases.contains($0.key) }
    }

    /// Reads a note's text. A byte-order mark and `\r\n` or `\r` line ends read as
    /// `TextFile` reads them, so the header is found whatever editor saved the file.
    ///
    /// - Parameters:
    ///   - file: the file relative to the input folder, for warnings.
    ///   - documents: reads YAML front matter.
    static func parse(_ text: String, file: String, documents: any DocumentParsing) -> MetadataNote {
        let lines = TextFile(text: text, keepsControls: true).text.components(separatedBy: "\n")
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---" {
            return frontMatter(lines, file: file, documents: documents)
        }
        return keyValueHeader(lines, file: file)
    }

    private static func keyValueHeader(_ lines: [String], file: String) -> MetadataNote {
        var fields: [Field] = []
        var warnings: [MetadataWarning] = []
        var index = 0
        while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).isEmpty {
            // A line indented by four spaces or more goes on with the value above it, as in
            // Python-Markdown's meta extension, which sigal reads headers with. sigal shows
            // only a value's first line; the lines are joined with a space, so that a title
            // written over two lines reads whole.
            if let last = fields.indices.last, lines[index].hasPrefix("    ") {
                let more = lines[index].trimmingCharacters(in: .whitespaces)
                let value = fields[last].value.text
                fields[last].value = .text(value.isEmpty ? more : value + " " + more)
                index += 1
                continue
            }
            guard let (key, value) = keyValue(lines[index]) else {
                // The first line is not `Key: value`: there is no header at all.
                if index > 0 {
                    warnings.append(
                        MetadataWarning(
                            file: file, line: index + 1,
                            message: "this line is not 'Key: value', so the header ends above it; "
                                + "leave a blank line between the header and the text (a value goes on "
                                + "over lines indented by four spaces)"))
                }
                break
            }
            fields.append(Field(key: key.lowercased(), writtenKey: key, value: .text(value), line: index + 1))
            index += 1
        }
        let body = lines[index...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let (unique, repeated) = firstOfEachKey(fields, file: file)
        return MetadataNote(
            fields: unique, body: body, warnings: warnings + repeated, bodyLine: firstTextLine(lines, from: index))
    }

    /// The 1-based line of the first line from `start` on that is not blank, where a body
    /// trimmed of its leading blank lines starts.
    private static func firstTextLine(_ lines: [String], from start: Int) -> Int {
        let text = lines[min(start, lines.count)...].firstIndex {
            !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        return (text ?? start) + 1
    }

    /// `Title: Summer` → (`Title`, `Summer`); nil for a line of text.
    static func keyValue(_ line: String) -> (String, String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let key = line[..<colon]
        guard let first = key.first, first.isLetter,
            key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
        else { return nil }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return (String(key), value)
    }

    private static func frontMatter(_ lines: [String], file: String, documents: any DocumentParsing) -> MetadataNote {
        guard
            let end = lines.indices.dropFirst().first(where: {
                ["---", "..."].contains(lines[$0].trimmingCharacters(in: .whitespaces))
            })
        else {
            // Up to the first blank line: past it, a text that opens with a `---` rule is prose.
            let header = lines[1...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let hidden = hiddenLine(header, file: file)
            return MetadataNote(
                fields: hidden.map { [$0.field] } ?? [],
                body: lines.dropFirst().joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
                warnings: [
                    MetadataWarning(
                        file: file, line: 1,
                        message: "the front matter opened with '---' is never closed; end it with a '---' line"
                            + (hidden?.said ?? ""))
                ], bodyLine: firstTextLine(lines, from: 1))
        }
        let body = lines[(end + 1)...].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        let bodyLine = firstTextLine(lines, from: end + 1)
        // An empty line stands for the opening `---`, so that libyaml counts the file's
        // lines: its messages name them too ("flow sequence started on line 3").
        let yaml = "\n" + lines[1..<end].joined(separator: "\n")
        let document: ConfigurationDocument
        // A key written twice is read as the first of it, as one written in another case is:
        // refusing the text would drop every key, `hidden: true` too.
        do {
            document = try documents.parse(yaml, file: file, keepsRepeatedKeys: true)
        } catch {
            let message: String
            if case .malformed(let detail) = error.reason {
                message = "the front matter is not valid YAML: \(detail)"
            } else {
                message = "the front matter is not valid YAML"
            }
            let hidden = hiddenLine(lines[1..<end], file: file)
            return MetadataNote(
                fields: hidden.map { [$0.field] } ?? [], body: body,
                warnings: [MetadataWarning(file: file, line: error.line, message: message + (hidden?.said ?? ""))],
                bodyLine: bodyLine)
        }
        guard case .map(let entries) = document.value else {
            let hidden = hiddenLine(lines[1..<end], file: file)
            return MetadataNote(
                fields: hidden.map { [$0.field] } ?? [], body: body,
                warnings: [
                    MetadataWarning(
                        file: file, line: 2,
                        message: "the front matter must be 'key: value' lines" + (hidden?.said ?? ""))
                ],
                bodyLine: bodyLine)
        }
        var fields: [Field] = []
        var warnings: [MetadataWarning] = []
        for entry in entries {
            let line = entry.line ?? 2
            let value: Value
            switch entry.value.value {
            case .null: value = .text("")
            case .bool, .number, .text: value = .text(entry.value.text ?? entry.value.summary)
            case .list(let items):
                value = .list(items.compactMap(\.text))
            case .map:
                warnings.append(
                    MetadataWarning(
                        file: file, line: line, message: "'\(entry.key)' holds a map; write a text or a list"))
                continue
            }
            fields.append(Field(key: entry.key.lowercased(), writtenKey: entry.key, value: value, line: line))
        }
        let (unique, repeated) = firstOfEachKey(fields, file: file)
        return MetadataNote(fields: unique, body: body, warnings: warnings + repeated, bodyLine: bodyLine)
    }

    /// A front matter's top-level `hidden:` line that says yes, when its YAML cannot be read:
    /// the one key kept then, so that a slip elsewhere in the text never publishes what it
    /// hides; with what the warning adds to say so.
    private static func hiddenLine(
        _ lines: ArraySlice<String>, file: String
    ) -> (field: Field, said: String)? {
        for index in lines.indices {
            // `hidden: yes`, `Hidden : true`, `"hidden": on`, at the line's start.
            guard let colon = lines[index].firstIndex(of: ":") else { continue }
            let quotes = CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"'"))
            let key = lines[index][..<colon].trimmingCharacters(in: quotes)
            guard key.lowercased() == "hidden", lines[index].first.map({ !$0.isWhitespace }) ?? false else { continue }
            // A `#` after a space (or first) starts a YAML comment: `hidden: # yes` is no value.
            var value = Substring(lines[index][lines[index].index(after: colon)...])
            if let comment = value.indices.first(where: {
                value[$0] == "#" && ($0 == value.startIndex || value[value.index(before: $0)].isWhitespace)
            }) {
                value = value[..<comment]
            }
            let text = value.trimmingCharacters(in: quotes)
            var ignored: [MetadataWarning] = []
            let field = Field(key: "hidden", writtenKey: key, value: .text(text), line: index + 1)
            guard AlbumMetadata.flag(field, file: file, warnings: &ignored) == true else { return nil }
            return (
                field, "; its '\(key): \(text)' (line \(index + 1)) is read all the same, so what it hides stays hidden"
            )
        }
        return nil
    }

    /// The fields with each key once, the first of it (keys are case-insensitive: `hidden:
    /// false`, then `Hidden: true`), and a warning for each one left out: the later one was
    /// dropped with nothing said.
    private static func firstOfEachKey(
        _ fields: [Field], file: String
    ) -> (fields: [Field], warnings: [MetadataWarning]) {
        var first: [String: Field] = [:]
        var unique: [Field] = []
        var warnings: [MetadataWarning] = []
        for field in fields {
            guard let earlier = first[field.key] else {
                first[field.key] = field
                unique.append(field)
                continue
            }
            let why = field.writtenKey == earlier.writtenKey ? "" : "; keys are read whatever their case"
            warnings.append(
                MetadataWarning(
                    file: file, line: field.line,
                    message: "'\(field.writtenKey)' is written again here ('\(earlier.writtenKey)' on line "
                        + "\(earlier.line)\(why)), so this one is not read; keep one"))
        }
        return (unique, warnings)
    }
}
