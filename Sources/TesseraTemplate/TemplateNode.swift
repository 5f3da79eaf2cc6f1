/// One piece of a parsed template.
indirect enum TemplateNode: Sendable {
    /// Literal text, copied to the output.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    case variable(TemplateName, escaped: Bool, at: TemplateLocation)
    /// `{{#name}}…{{/name}}` or, when inverted, `{{^name}}…{{/name}}`; located at its opening tag.
    case section(TemplateName, inverted: Bool, children: [TemplateNode], at: TemplateLocation)
    /// `{{> name}}`; `indentation` is the whitespace before a standalone partial tag.
    case partial(String, indentation: String, at: TemplateLocation)
}

/// A tag name split at its dots; `{{.}}` has no parts and means the current context.
struct TemplateName: Sendable, Hashable, CustomStringConvertible {
    let parts: [String]

    init(_ text: String) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The name as written in the tag.
    var description: String { parts.isEmpty ? "." : parts.joined(separator: ".") }
}

/// Where a tag's opening delimiter is: 1-based line and column (in Unicode scalars).
struct TemplateLocation: Sendable, Hashable {
    let line: Int
    let column: Int
}
