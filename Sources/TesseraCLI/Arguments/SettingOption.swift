import Foundation
import TesseraCore

/// A flag that overrides one setting of the site configuration, made from the setting's row
/// in `SiteConfiguration.settings`: its name is the key spelled as a flag (`row_height` →
/// `--row-height`), and its rule is the setting's, so the flag and a configuration file
/// accept exactly the same values.
struct SettingOption: Sendable {
    let declaration: CommandSpec.OptionDeclaration
    private let setting: AnySiteSetting

    /// The setting's flag; nil for a setting only a configuration file sets.
    init?(_ setting: AnySiteSetting) {
        guard let flag = setting.flag, let name = setting.flagName else { return nil }
        declaration = CommandSpec.OptionDeclaration(
            long: name, valueName: flag.valueName, help: flag.help, defaultValue: setting.defaultText)
        self.setting = setting
    }

    /// The flags of every setting that has one, in the table's order: the order help lists them.
    static let all: [SettingOption] = SiteConfiguration.settings.compactMap(SettingOption.init)

    /// `configuration` with every setting given on the command line replaced by the flag's
    /// value: the one place where flags override the configuration. A value the setting's
    /// rule refuses is a usage error naming the flag and what it accepts.
    static func apply(
        _ options: [SettingOption], from arguments: ParsedArguments, to configuration: SiteConfiguration
    ) throws(UsageError) -> SiteConfiguration {
        var configuration = configuration
        for option in options {
            guard let text = arguments.values[option.declaration.long] else { continue }
            guard option.setting.readText(text, &configuration) else {
                throw UsageError.invalidValue(
                    text, for: option.declaration.long, expected: option.setting.textExpectation,
                    nearest: option.setting.nearest?(text))
            }
        }
        return configuration
    }
}
