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
}
