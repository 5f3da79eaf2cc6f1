/// One setting of `SiteConfiguration`: its key as a configuration file spells it
/// (`row_height` in section `layout`), where it lives in the value, and what it accepts.
/// Command-line flags that override a setting are named after its key (`--row-height`).
package struct SiteSetting<Value: Sendable>: Sendable {
    /// The key inside its section, snake_case: `row_height`.
    package let key: String
    /// The section holding the key (`layout`), or nil for a top-level key.
    package let section: String?
    package let keyPath: WritableKeyPath<SiteConfiguration, Value> & Sendable
    package let rule: ValueRule<Value>

    init(
        _ key: String, in section: String? = nil, _ keyPath: WritableKeyPath<SiteConfiguration, Value> & Sendable,
        _ rule: ValueRule<Value>
    ) {
        self.key = key
        self.section = section
        self.keyPath = keyPath
        self.rule = rule
    }

    /// The dotted path errors name: `layout.row_height`.
    package var path: String { section.map { "\($0).\(key)" } ?? key }

    /// The default value as help shows it (`240`), or nil when the default is "not set".
    package var defaultText: String? { rule.text(of: SiteConfiguration()[keyPath: keyPath]) }

    /// The same setting with its value type hidden, for walking a document key by key.
    var erased: AnySiteSetting {
        AnySiteSetting(key: key, section: section, path: path, expectation: rule.expectation) {
            [keyPath, rule] node, configuration in
            guard let value = rule.value(from: node) else { return false }
            configuration[keyPath: keyPath] = value
            return true
        } isValid: { [keyPath, rule] configuration in
            rule.accepts(configuration[keyPath: keyPath])
        } show: { [keyPath, rule] configuration in
            rule.text(of: configuration[keyPath: keyPath]) ?? "null"
        }
    }
}

/// A `SiteSetting` whose value type is hidden: what the document reader and `validate()` need.
struct AnySiteSetting: Sendable {
    let key: String
    let section: String?
    let path: String
    let expectation: String
    /// Sets the value from a node; false when the node has the wrong type or is out of range.
    let read: @Sendable (ConfigurationDocument, inout SiteConfiguration) -> Bool
    let isValid: @Sendable (SiteConfiguration) -> Bool
    let show: @Sendable (SiteConfiguration) -> String
}
