import TesseraCore

/// Reads YAML through libyaml into a `ConfigurationDocument`, keeping each key's line.
///
/// Plain scalars are typed as YAML 1.2's core schema types them (`null`, `~`, `true`,
/// `false`, numbers); quoted ones are always text. A settings file or a front matter is a
/// few keys, so the parser reads only that subset of YAML, and refuses the rest with the
/// line where it appears (`TreeBuilder` says what and why): anchors and aliases (before
/// anything could be expanded), tags, a second document, nesting deeper than
/// `TreeBuilder.maxDepth`, more than `TreeBuilder.maxEvents` values, and a text over
/// `maxBytes`. Events are built into the tree as libyaml reads them, so the time taken is
/// linear in the text and the stack stays flat whatever the text holds.
package struct YAMLDocumentParser: DocumentParsing {
    /// Far more than any settings file or front matter (an `order:` list of 50,000 file
    /// names is about 1.5 MB); a bigger text is refused before libyaml reads it.
    package static let maxBytes = 16 << 20

    package init() {}

    package func parse(
        _ text: String, file: String, keepsRepeatedKeys: Bool
    ) throws(ConfigurationError) -> ConfigurationDocument {
        guard text.utf8.count <= Self.maxBytes else {
            throw ConfigurationError(
                file: file, line: 1,
                reason: .malformed(
                    "the YAML text is larger than \(Self.maxBytes >> 20) MiB; a settings file needs far less"))
        }
        let reader = EventReader(text: text)
        var builder = TreeBuilder(file: file, keepsRepeatedKeys: keepsRepeatedKeys)
        while true {
            let event: Event
            do throws(ParseFailure) {
                event = try reader.next()
            } catch {
                throw ConfigurationError(file: file, line: error.line, reason: .malformed(error.message))
            }
            try builder.add(event)
            if case .streamEnd = event.kind { break }
        }
        return builder.document
    }
}

struct ParseFailure: Error {
    var line: Int?
    var message: String
}
