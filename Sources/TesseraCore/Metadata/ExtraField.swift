import TesseraTemplate

/// A field of `index.md` or a sidecar that Tessera itself does not use (`author`,
/// `location`…), passed to templates as written.
struct ExtraField: Codable, Sendable, Hashable {
    /// The key as written (`Author`).
    var key: String
    /// The value; a list joined with commas.
    var value: String

    init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// The note's fields other than `known`, in the file's order.
    static func others(in note: MetadataNote, known: Set<String>) -> [ExtraField] {
        note.fields.filter { !known.contains($0.key) }.map { ExtraField(key: $0.writtenKey, value: $0.value.text) }
    }

    /// A warning for each field whose key is a typo of one Tessera reads (`hiden: true`,
    /// `covr:`): kept as an extra field it changes nothing, and an album meant to be hidden
    /// was published without a word. One edit away (two for keys of six letters or more),
    /// so that fields of the user's own (`name`, `place`) pass quietly.
    static func misspelt(in note: MetadataNote, known: Set<String>, file: String) -> [MetadataWarning] {
        note.fields.compactMap { field in
            guard !known.contains(field.key),
                let meant = NearMiss.nearest(to: field.key, among: known, within: field.key.count >= 6 ? 2 : 1)
            else { return nil }
            return MetadataWarning(
                file: file, line: field.line,
                message: "'\(field.writtenKey)' is not a key Tessera reads; did you mean '\(meant)'? "
                    + "(as written it only reaches templates, as an extra field)")
        }
    }
}
