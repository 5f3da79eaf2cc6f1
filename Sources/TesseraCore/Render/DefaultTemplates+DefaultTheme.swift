extension DefaultTemplates {
    /// The theme a site uses unless its templates folder overrides a file of it
    /// (`Templates/default/`).
    static let defaultTheme = "default"

    /// The default theme's page templates: template name (no `.mustache`) → Mustache source.
    static let sources = Theme.templateSources(in: textFiles[defaultTheme] ?? [:])

    /// The default theme's stylesheet (the grid's rules are appended when the site is written).
    static let stylesheet = textFiles[defaultTheme]?[Theme.stylesheetName] ?? ""

    /// The default theme's script (published as `tessera.js`: the photo page's keys and swipes).
    static let script = textFiles[defaultTheme]?[Theme.scriptName] ?? ""
}
