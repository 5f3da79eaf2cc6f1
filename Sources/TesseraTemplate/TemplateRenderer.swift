/// Walks a template's nodes against a stack of contexts, accumulating the output.
struct TemplateRenderer {
    private(set) var output = ""
    private let partials: [String: Template]
    private var contexts: [TemplateValue]
    private var partialDepth = 0

    /// Partials nested deeper than this are taken to be an endless recursion.
    static let maximumPartialDepth = 100
    /// The most a rendered page may hold, in UTF-8 bytes: a 100,000-photo album on one page
    /// is about 80 MB. Partials that each include the next many times multiply (300
    /// inclusions of 300 of a 300-byte partial, 10 KB of templates, made 27 MB pages;
    /// 1,000 ended the build out of memory), as a YAML alias bomb would.
    static let maximumOutputBytes = 128 << 20

    init(partials: [String: Template], context: TemplateValue) {
        self.partials = partials
        self.contexts = [context]
    }

    mutating func render(_ template: Template) throws(TemplateError) {
        try render(template.nodes, file: template.name)
    }

    private mutating func render(_ nodes: [TemplateNode], file: String) throws(TemplateError) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let name, let escaped, _):
                let text = resolve(name).interpolated
                output += escaped ? HTML.escape(text) : text
                try checkSize(at: node, file: file)
            case .section(let name, let inverted, let children, _):
                let value = resolve(name)
                if inverted {
                    if value.isFalsey { try render(children, file: file) }
                } else if !value.isFalsey {
                    let items: [TemplateValue]
                    if case .list(let list) = value { items = list } else { items = [value] }
                    for item in items {
                        try checkSize(at: node, file: file)
                        contexts.append(item)
                        try render(children, file: file)
                        contexts.removeLast()
                    }
                }
            case .partial(let name, let indentation, let location):
                guard let partial = partials[name] else { continue }
                try checkSize(at: node, file: file)
                guard partialDepth < Self.maximumPartialDepth else {
                    throw TemplateError(
                        file: file, line: location.line, column: location.column,
                        message: "partial '\(name)' is nested more than \(Self.maximumPartialDepth) deep; "
                            + "put its self-inclusion inside a section that ends")
                }
                let included = indentation.isEmpty ? partial : try partial.indented(by: indentation)
                partialDepth += 1
                try render(included)
                partialDepth -= 1
            }
        }
    }

    /// Stops a page grown past `maximumOutputBytes`, at the section or partial tag that
    /// would add more.
    private func checkSize(at node: TemplateNode, file: String) throws(TemplateError) {
        guard output.utf8.count > Self.maximumOutputBytes else { return }
        let location: TemplateLocation
        let what: String
        switch node {
        case .partial(let name, _, let at):
            (location, what) = (at, "partial '\(name)'")
        case .section(let name, _, _, let at):
            (location, what) = (at, "section '\(name.parts.joined(separator: "."))'")
        case .variable(let name, _, let at):
            (location, what) = (at, "'\(name.parts.joined(separator: "."))'")
        default:
            return
        }
        throw TemplateError(
            file: file, line: location.line, column: location.column,
            message: "the page has grown past \(Self.maximumOutputBytes >> 20) MiB at \(what); partials that "
                + "include others many times each multiply (include them fewer times), and an album of more "
                + "photos than a page holds is cut into pages ('layout.page_size')")
    }

    /// Looks the first part of `name` up from the innermost context out, then descends the rest.
    private func resolve(_ name: TemplateName) -> TemplateValue {
        guard let first = name.parts.first else { return contexts.last ?? .null }
        guard var value = contexts.reversed().lazy.compactMap({ $0.member(first) }).first else { return .null }
        for part in name.parts.dropFirst() {
            guard let member = value.member(part) else { return .null }
            value = member
        }
        return value
    }
}
