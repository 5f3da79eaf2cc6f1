/// The port through which Core reads a YAML text (`tessera.yaml`, front matter in
/// `index.md`) into a `ConfigurationDocument` with line numbers. `TesseraYAML` implements
/// it with libyaml; Core never parses YAML itself.
package protocol DocumentParsing: Sendable {
    /// Parses `text`; an empty text is an empty map.
    ///
    /// - Parameters:
    ///   - file: the file as the user named it, for messages.
    ///   - keepsRepeatedKeys: a key written twice in one map is an error (a settings
    ///     file), or each entry is kept, in order, for the reader to choose the first and
    ///     say so (front matter, where an error would drop every key, `hidden:` too).
    /// - Throws: `ConfigurationError` with reason `.malformed` and the line, when the text
    ///   is not a YAML document Tessera reads.
    func parse(
        _ text: String, file: String, keepsRepeatedKeys: Bool
    ) throws(ConfigurationError) -> ConfigurationDocument
}

extension DocumentParsing {
    /// Parses `text`, a key written twice being an error.
    func parse(_ text: String, file: String) throws(ConfigurationError) -> ConfigurationDocument {
        try parse(text, file: file, keepsRepeatedKeys: false)
    }
}
