/// Which names a template context provides: the shape of a `TemplateValue`, without its data.
///
/// Derive it from an example page model with `init(example:)`; give the example every
/// optional filled in and at least one item in every list, since only names that appear
/// can be known. Several examples combine with `merged(with:)`.
package indirect enum TemplateSchema: Sendable, Hashable {
    /// Text, a number or a flag: it shows as text and has no names inside.
    case leaf
    /// Named members, each with its own schema.
    case object([String: TemplateSchema])
    /// Items a section repeats for, described together (the union of the items' schemas).
    case list(TemplateSchema)
    /// Nothing is known (the items of an empty list): every name inside is accepted.
    case unknown

    /// The schema of `value`; `null` members are left out, as the context encoder leaves them out.
    init(describing value: TemplateValue) {
        switch value {
        case .null: self = .unknown
        case .bool, .number, .string: self = .leaf
        case .list(let items):
            self = .list(items.reduce(TemplateSchema.unknown) { $0.merged(with: TemplateSchema(describing: $1)) })
        case .object(let members):
            self = .object(members.filter { $0.value != .null }.mapValues(TemplateSchema.init(describing:)))
        }
    }

    /// The schema of `example` as `TemplateContextEncoder` encodes it.
    package init<Example: Encodable>(example: Example) throws {
        self.init(describing: try TemplateContextEncoder().encode(example))
    }

    /// Every name either schema provides. Where the two disagree on a name's kind, the kind
    /// providing more names wins (object, then list, then leaf); `unknown` adds nothing.
    func merged(with other: TemplateSchema) -> TemplateSchema {
        switch (self, other) {
        case (.unknown, _): return other
        case (_, .unknown): return self
        case (.object(let mine), .object(let theirs)):
            return .object(mine.merging(theirs) { $0.merged(with: $1) })
        case (.list(let mine), .list(let theirs)): return .list(mine.merged(with: theirs))
        case (.object, _): return self
        case (_, .object): return other
        case (.list, _): return self
        case (_, .list): return other
        default: return .leaf
        }
    }

    /// The names an object provides (none for other kinds).
    var names: [String: TemplateSchema] {
        if case .object(let members) = self { return members }
        return [:]
    }
}
