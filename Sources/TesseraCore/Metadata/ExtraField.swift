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
    /// was published without a word. A typo keeps the key's first letter and is one edit
    /// from a key of five letters or more; fields of the user's own that are words of their
    /// own (`tip`, `data`, `folder`, `release`) pass quietly.
    static func misspelt(in note: MetadataNote, known: Set<String>, file: String) -> [MetadataWarning] {
        let typed = known.filter { $0.count >= 5 }
        return note.fields.compactMap { field in
            guard !known.contains(field.key),
                let meant = NearMiss.nearest(to: field.key, among: typed, within: 1),
                meant.first == field.key.first
            else { return nil }
            return MetadataWarning(
                file: file, line: field.line,
                message: "'\(field.writtenKey)' is not a key Tessera reads; did you mean '\(meant)'? "
                    + "(as written it only reaches templates, as an extra field)")
        }
    }
}
