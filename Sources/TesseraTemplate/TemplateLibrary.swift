/// A set of named templates that include one another as partials (`{{> name}}`).
package struct TemplateLibrary: Sendable {
    /// The parsed templates by name.
    let templates: [String: Template]

    /// Parses every source (name → Mustache text); errors name the template they are in.
    package init(sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try Template(source, name: name)
        }
        self.templates = templates
    }

    /// The template called `name` rendered with `context`, its partials taken from this library.
    func render(_ name: String, _ context: TemplateValue) throws(TemplateError) -> String {
        guard let template = templates[name] else {
            let known = templates.keys.sorted().joined(separator: ", ")
            throw TemplateError(
                file: name, line: 1, column: 1,
                message: "no template named '\(name)'; the library has: \(known.isEmpty ? "none" : known)")
        }
        return try template.render(context, partials: templates)
    }

    /// The template called `name` rendered with a typed page model, turned into the context by
    /// `TemplateContextEncoder`; a model that fails to encode is reported against `name`.
    package func render<Page: Encodable>(_ name: String, page: Page) throws(TemplateError) -> String {
        let context: TemplateValue
        do {
            context = try TemplateContextEncoder().encode(page)
        } catch {
            throw TemplateError(
                file: name, line: 1, column: 1,
                message: "cannot turn the \(Page.self) into a template context: \(error)")
        }
        return try render(name, context)
    }
}
