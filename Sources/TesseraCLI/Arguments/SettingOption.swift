import Foundation
import TesseraCore

/// A flag that overrides one setting of the site configuration. Its name is the setting's
/// key spelled as a flag (`row_height` → `--row-height`), and its rule is the setting's, so
/// the flag and a configuration file accept exactly the same values.
struct SettingOption: Sendable {
    let declaration: CommandSpec.OptionDeclaration
    private let apply: @Sendable (ParsedArguments, inout SiteConfiguration) throws(UsageError) -> Void

    /// - Parameter defaultText: shown as `(default: …)`; the setting's default when nil.
    init<Value>(_ setting: SiteSetting<Value>, valueName: String, help: String, defaultText: String? = nil) {
        let option = Option(
            setting.key.replacingOccurrences(of: "_", with: "-"), valueName: valueName, help: help,
            defaultText: defaultText ?? setting.defaultText, rule: setting.rule)
        declaration = option.declaration
        apply = { arguments, configuration throws(UsageError) in
            if let value = try arguments.value(of: option) { configuration[keyPath: setting.keyPath] = value }
        }
    }

    /// `configuration` with every setting given on the command line replaced by the flag's
    /// value: the one place where flags override the configuration.
    static func apply(
        _ options: [SettingOption], from arguments: ParsedArguments, to configuration: SiteConfiguration
    ) throws(UsageError) -> SiteConfiguration {
        var configuration = configuration
        for option in options { try option.apply(arguments, &configuration) }
        return configuration
    }
}
