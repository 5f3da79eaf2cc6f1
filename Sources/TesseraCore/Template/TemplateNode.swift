/// One piece of a parsed template.
indirect enum TemplateNode: Sendable {
    /// Literal text, copied to the output.
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}` or, when inverted, `{{^name}}…{{/name}}`.
    case section(TemplateName, inverted: Bool, children: [TemplateNode])
    /// `{{> name}}`; `indentation` is the whitespace before a standalone partial tag.
    case partial(String, indentation: String, line: Int, column: Int)
}

/// A tag name split at its dots; `{{.}}` has no parts and means the current context.
struct TemplateName: Sendable, Hashable {
    let parts: [String]

    init(_ text: String) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}
