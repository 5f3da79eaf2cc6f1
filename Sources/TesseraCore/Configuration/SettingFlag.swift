/// The command-line flag that overrides a setting, as `--help` shows it. Its name is the
/// setting's key spelled as a flag (`row_height` → `--row-height`), and it accepts what the
/// setting's rule accepts.
package struct SettingFlag: Sendable {
    /// The value's placeholder in help: `PX`.
    package let valueName: String
    /// What the flag does, as help says it.
    package let help: String
    /// Shown as `(default: …)` instead of the default value (`the input folder's name`).
    let defaultText: String?

    init(_ valueName: String, help: String, defaultText: String? = nil) {
        self.valueName = valueName
        self.help = help
        self.defaultText = defaultText
    }
}
