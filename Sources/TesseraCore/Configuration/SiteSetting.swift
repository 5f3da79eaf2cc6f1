/// One setting of `SiteConfiguration`, the one row everything about it comes from: its key
/// as a configuration file spells it (`row_height` in section `layout`), where it lives in
/// the value, what it accepts, the flag that overrides it, and its lines in the starter file.
struct SiteSetting<Value: Sendable>: Sendable {
    /// The key inside its section, snake_case: `row_height`.
    let key: String
    /// The section holding the key (`layout`), or nil for a top-level key.
    let section: String?
    let keyPath: WritableKeyPath<SiteConfiguration, Value> & Sendable
    let rule: ValueRule<Value>
    /// The flag that overrides it; nil for a setting only a configuration file sets.
    let flag: SettingFlag?
    /// Its lines in the starter file; nil to leave it out.
    let starter: StarterLines?

    init(
        _ key: String, in section: String? = nil, _ keyPath: WritableKeyPath<SiteConfiguration, Value> & Sendable,
        _ rule: ValueRule<Value>, flag: SettingFlag? = nil,
        starter: StarterLines? = StarterLines()
    ) {
        self.key = key
        self.section = section
        self.keyPath = keyPath
        self.rule = rule
        self.flag = flag
        self.starter = starter
    }

    /// The same setting with its value type hidden: a row of `SiteConfiguration.settings`.
    var erased: AnySiteSetting {
        var erased = AnySiteSetting(
            key: key, section: section, expectation: rule.expectation, textExpectation: rule.textExpectation,
            flag: flag, starter: starter
        ) { [keyPath, rule] node, configuration in
            guard let value = rule.value(from: node) else { return false }
            configuration[keyPath: keyPath] = value
            return true
        } readText: { [keyPath, rule] text, configuration in
            guard let value = rule.value(fromText: text) else { return false }
            configuration[keyPath: keyPath] = value
            return true
        } isValid: { [keyPath, rule] configuration in
            rule.accepts(configuration[keyPath: keyPath])
        } text: { [keyPath, rule] configuration in
            rule.text(of: configuration[keyPath: keyPath])
        }
        erased.nearest = rule.nearest
        return erased
    }
}

/// A setting whose value type is hidden: one row of `SiteConfiguration.settings`, what the
/// document reader, `validate()`, the starter file and the command line's flags are made from.
package struct AnySiteSetting: Sendable {
    /// The key inside its section, snake_case: `row_height`.
    let key: String
    /// The section holding the key (`layout`), or nil for a top-level key.
    let section: String?
    /// What a document may give, as a message ends: `a whole number from 1 to 100`.
    let expectation: String
    /// What a flag may give (lists are comma-separated there).
    package let textExpectation: String
    /// The flag that overrides it; nil for a setting only a configuration file sets.
    package let flag: SettingFlag?
    /// Its lines in the starter file; nil to leave it out.
    let starter: StarterLines?
    /// Sets the value from a node; false when the node has the wrong type or is out of range.
    let read: @Sendable (ConfigurationDocument, inout SiteConfiguration) -> Bool
    /// Sets the value from a flag's text; false when it is malformed or out of range.
    package let readText: @Sendable (String, inout SiteConfiguration) -> Bool
    let isValid: @Sendable (SiteConfiguration) -> Bool
    /// The value as help shows it (`240`), nil for "not set".
    let text: @Sendable (SiteConfiguration) -> String?
    /// The accepted value nearest to a refused text, when the setting takes a few names.
    package var nearest: (@Sendable (String) -> String?)? = nil

    /// The dotted path errors name: `layout.row_height`.
    var path: String { section.map { "\($0).\(key)" } ?? key }

    /// The flag's name after `--`: the key with hyphens (`row-height`); nil without a flag.
    package var flagName: String? { flag.map { _ in key.replacingOccurrences(of: "_", with: "-") } }

    /// The default as help shows it: the flag's own words, else the default value (`240`),
    /// nil when the default is "not set".
    package var defaultText: String? { flag?.defaultText ?? text(SiteConfiguration()) }

    /// The value as a message shows it, `null` for "not set".
    func show(_ configuration: SiteConfiguration) -> String { text(configuration) ?? "null" }
}
