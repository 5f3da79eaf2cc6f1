/// Walks a template as the renderer would, but over schemas instead of values, and collects a
/// warning for every name no scope can provide and every partial the library lacks.
///
/// Lookup follows Mustache: a name's first part is looked up from the innermost section out;
/// the rest of a dotted name must then be found inside what that part named. A section over
/// a list opens a scope of its items, over anything else a scope of the value itself; an
/// inverted section opens none. A partial is checked with the scopes open where it is included.
struct TemplateLinter {
    private let library: TemplateLibrary
    private let subject: String
    private(set) var warnings: [TemplateWarning] = []
    private var reported: Set<TemplateWarning> = []
    private var partialsInProgress: Set<PartialVisit> = []

    /// A partial being checked with a given stack of scopes, so recursion stops.
    private struct PartialVisit: Hashable {
        let name: String
        let scopes: [TemplateSchema]
    }

    /// A linter for templates of `library` rendered with a context `subject` describes in
    /// messages ("the album page").
    init(library: TemplateLibrary, subject: String) {
        self.library = library
        self.subject = subject
    }

    /// Checks `template` against a context described by `schema`.
    mutating func check(_ template: Template, context schema: TemplateSchema) {
        check(template.nodes, file: template.name, scopes: [schema])
    }

    private mutating func check(_ nodes: [TemplateNode], file: String, scopes: [TemplateSchema]) {
        for node in nodes {
            switch node {
            case .text:
                break
            case .variable(let name, _, let location):
                _ = resolve(name, in: scopes, file: file, at: location)
            case .section(let name, let inverted, let children, let location):
                let value = resolve(name, in: scopes, file: file, at: location)
                if inverted {
                    check(children, file: file, scopes: scopes)
                    continue
                }
                var inner: TemplateSchema
                switch value {
                case .list(let items): inner = items
                case .some(let schema): inner = schema
                case nil: inner = .leaf
                }
                // Repeating the innermost scope adds no names; leaving it out lets recursion end.
                let opened = scopes.last == inner ? scopes : scopes + [inner]
                check(children, file: file, scopes: opened)
            case .partial(let name, _, let location):
                guard let partial = library.templates[name] else {
                    let suggestion = NearMiss.nearest(to: name, among: library.templates.keys)
                    warn(
                        file, location,
                        "partial '\(name)' names no template"
                            + (suggestion.map { "; did you mean '\($0)'?" } ?? "; the library has: "
                                + library.templates.keys.sorted().joined(separator: ", ")))
                    continue
                }
                let visit = PartialVisit(name: name, scopes: scopes)
                guard partialsInProgress.count < TemplateRenderer.maximumPartialDepth,
                    partialsInProgress.insert(visit).inserted
                else { continue }
                check(partial.nodes, file: partial.name, scopes: scopes)
                partialsInProgress.remove(visit)
            }
        }
    }

    /// The schema `name` resolves to, or nil (after a warning) when no scope provides it.
    private mutating func resolve(
        _ name: TemplateName, in scopes: [TemplateSchema], file: String, at location: TemplateLocation
    ) -> TemplateSchema? {
        guard let first = name.parts.first else { return scopes.last }
        var found: TemplateSchema?
        for scope in scopes.reversed() {
            if scope == .unknown { return .unknown }
            if let member = scope.names[first] {
                found = member
                break
            }
        }
        guard var value = found else {
            let visible = scopes.flatMap(\.names.keys)
            let suggestion = NearMiss.nearest(to: first, among: visible)
                .map { ([$0] + name.parts.dropFirst()).joined(separator: ".") }
            warn(file, location, notProvided(name, suggestion: suggestion))
            return nil
        }
        for (index, part) in name.parts.enumerated().dropFirst() {
            if value == .unknown { return .unknown }
            guard let member = value.names[part] else {
                let prefix = name.parts[..<index].joined(separator: ".")
                if case .object(let members) = value {
                    let suggestion = NearMiss.nearest(to: part, among: members.keys)
                        .map { ([prefix, $0] + name.parts[(index + 1)...]).joined(separator: ".") }
                    warn(file, location, notProvided(name, suggestion: suggestion))
                } else {
                    warn(file, location, notProvided(name, suggestion: nil) + "; '\(prefix)' has no fields")
                }
                return nil
            }
            value = member
        }
        return value
    }

    private func notProvided(_ name: TemplateName, suggestion: String?) -> String {
        "'\(name)' is not provided by \(subject)" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
    }

    private mutating func warn(_ file: String, _ location: TemplateLocation, _ message: String) {
        let warning = TemplateWarning(file: file, line: location.line, column: location.column, message: message)
        if reported.insert(warning).inserted { warnings.append(warning) }
    }
}
