/// How a setting appears in the starter `tessera.yaml` that `tessera init` writes: a
/// commented-out line with its default or an example, and the comments around it.
struct StarterLines: Sendable {
    /// The value the line shows.
    enum Value: Sendable {
        /// The setting's default, as the rule writes it (`240`, `null`).
        case defaultValue
        /// An example (`My Photographs`) or the default in YAML's own spelling (`[avif]`).
        case text(String)
        /// An example list, one item a line.
        case list([String])
    }

    /// Whether a blank line opens a new group before the setting (and its heading).
    var opensGroup = false
    /// Comment lines before the setting, without their `# `.
    var heading: [String] = []
    var value: Value = .defaultValue
    /// A comment at the end of the line, without its `# `.
    var comment: String?
}
