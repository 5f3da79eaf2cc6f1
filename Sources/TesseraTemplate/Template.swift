/// A parsed Mustache template, ready to render any number of times.
struct Template: Sendable {
    /// The name errors are reported under.
    let name: String
    let source: String
    let nodes: [TemplateNode]

    /// Parses `source`; syntax errors are reported as `name:line:column`.
    init(_ source: String, name: String) throws(TemplateError) {
        var parser = TemplateParser(source: source, file: name)
        self.nodes = try parser.parse()
        self.source = source
        self.name = name
    }

    /// The template filled in from `context`; `{{> name}}` includes `partials[name]`
    /// (a missing partial renders as nothing).
    func render(_ context: TemplateValue, partials: [String: Template] = [:]) throws(TemplateError) -> String {
        var renderer = TemplateRenderer(partials: partials, context: context)
        try renderer.render(self)
        return renderer.output
    }

    /// This template with `indentation` put before every line, as a standalone partial tag requires.
    func indented(by indentation: String) throws(TemplateError) -> Template {
        var indentedSource = ""
        var atLineStart = true
        for character in source.unicodeScalars {
            if atLineStart { indentedSource += indentation }
            indentedSource.unicodeScalars.append(character)
            atLineStart = character == "\n"
        }
        return try Template(indentedSource, name: name)
    }
}
