extension TemplateLibrary {
    /// Warnings for the template called `name` rendered with a context shaped like `schema`:
    /// each variable or section name no enclosing scope provides, and each `{{> partial}}`
    /// naming no template, with the nearest real name when one is close. Partials are checked
    /// with the scopes open where they are included. `subject` names the context in messages,
    /// as in "'titel' is not provided by the album page; did you mean 'title'?".
    ///
    /// Warnings come in template order, each once; printing them is the caller's job.
    package func lint(_ name: String, against schema: TemplateSchema, subject: String) -> [TemplateWarning] {
        guard let template = templates[name] else {
            let suggestion = NearMiss.nearest(to: name, among: templates.keys)
            return [
                TemplateWarning(
                    file: name, line: 1, column: 1,
                    message: "no template named '\(name)'"
                        + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
            ]
        }
        var linter = TemplateLinter(library: self, subject: subject)
        linter.check(template, context: schema)
        return linter.warnings
    }
}
