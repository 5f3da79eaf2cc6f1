extension DefaultTemplates {
    /// The theme a site uses unless its templates folder overrides a file of it
    /// (`Templates/default/`).
    static let defaultTheme = "default"

    /// The default theme's page templates: template name (no `.mustache`) → Mustache source.
    static let sources: [String: String] = Dictionary(
        uniqueKeysWithValues: (textFiles[defaultTheme] ?? [:]).compactMap { name, text in
            name.hasSuffix(".mustache") && !name.contains("/") ? (String(name.dropLast(".mustache".count)), text) : nil
        })

    /// The default theme's stylesheet (the grid's rules are appended when the site is written).
    static let stylesheet = textFiles[defaultTheme]?[TemplateSet.stylesheetName] ?? ""

    /// The default theme's script (published as `tessera.js`: the photo page's keys and swipes).
    static let script = textFiles[defaultTheme]?[TemplateSet.scriptName] ?? ""
}
