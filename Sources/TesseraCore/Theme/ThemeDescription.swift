import TesseraTemplate

/// What a built-in theme's `theme.yaml` says about it: the line `tessera themes` prints, and
/// the theme it is laid over, so its folder holds only the files it changes.
struct ThemeDescription: Sendable, Hashable {
    /// The file in a theme's folder (`Templates/portfolio/theme.yaml`).
    static let fileName = "theme.yaml"

    /// The theme's name: its folder's (`portfolio`).
    var name: String
    /// One line on what the theme is for.
    var summary: String
    /// The theme whose files this one's go over (`default`); nil for a theme of its own.
    var extends: String?

    /// The description in `text`, the `theme.yaml` of theme `name`, read with `documents`;
    /// `file` names it in messages.
    ///
    /// - Throws: `ThemeError.description` when the file is not a map of `description:` (a
    ///   text) and, optionally, `extends:` (a theme's name), naming the line and key.
    init(name: String, text: String, file: String, documents: any DocumentParsing) throws(ThemeError) {
        self.name = name
        let document: ConfigurationDocument
        do { document = try documents.parse(text, file: file) } catch { throw .description(error) }
        guard case .map(let entries) = document.value else {
            throw .description(
                ConfigurationError(
                    file: file, line: document.line,
                    reason: .invalidValue(found: document.summary, expected: "a map with 'description:'")))
        }
        var summary: String?
        for entry in entries {
            guard case .text(let text) = entry.value.value else {
                throw .description(
                    ConfigurationError(
                        file: file, line: entry.line, key: entry.key,
                        reason: .invalidValue(found: entry.value.summary, expected: "a text")))
            }
            switch entry.key {
            case "description": summary = text
            case "extends": extends = text
            default:
                let known = ["description", "extends"]
                throw .description(
                    ConfigurationError(
                        file: file, line: entry.line, key: entry.key,
                        reason: .unknownKey(suggestion: NearMiss.nearest(to: entry.key, among: known), known: known)))
            }
        }
        guard let summary else {
            throw .description(
                ConfigurationError(
                    file: file, line: document.line, key: "description",
                    reason: .invalidValue(found: "nothing", expected: "one line on what the theme is for")))
        }
        self.summary = summary
    }

    /// Every built-in theme's description, in `Theme.builtInNames`' order.
    ///
    /// - Throws: `ThemeError.description` when a built-in `theme.yaml` is broken (a bug of
    ///   this build).
    static func builtIn(documents: any DocumentParsing) throws(ThemeError) -> [ThemeDescription] {
        var descriptions: [ThemeDescription] = []
        for name in Theme.builtInNames {
            descriptions.append(try builtIn(name, documents: documents))
        }
        return descriptions
    }

    /// The description of built-in theme `name`.
    static func builtIn(_ name: String, documents: any DocumentParsing) throws(ThemeError) -> ThemeDescription {
        let text = DefaultTemplates.textFiles[name]?[fileName] ?? ""
        return try ThemeDescription(
            name: name, text: text, file: "Templates/\(name)/\(fileName) (built in)", documents: documents)
    }
}
