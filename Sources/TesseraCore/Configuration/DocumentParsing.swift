/// The port through which Core reads a YAML text (`tessera.yaml`, front matter in
/// `index.md`) into a `ConfigurationDocument` with line numbers. `TesseraYAML` implements
/// it with libyaml; Core never parses YAML itself.
package protocol DocumentParsing: Sendable {
    /// Parses `text`; an empty text is an empty map.
    ///
    /// - Parameter file: the file as the user named it, for messages.
    /// - Throws: `ConfigurationError` with reason `.malformed` and the line, when the text
    ///   is not a YAML document Tessera reads.
    func parse(_ text: String, file: String) throws(ConfigurationError) -> ConfigurationDocument
}
