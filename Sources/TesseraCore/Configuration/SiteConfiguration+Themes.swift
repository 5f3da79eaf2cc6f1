extension SiteConfiguration {
    /// The built-in themes `theme:` names, `default` first, each with the line on what it
    /// is for (its `theme.yaml`'s `description:`), for `tessera themes`; their
    /// `theme.yaml` files read with `documents`.
    ///
    /// - Throws: `BuildError` when a built-in `theme.yaml` is broken (a bug of this build,
    ///   which no build could use either).
    package static func themes(documents: any DocumentParsing) throws(BuildError) -> [(name: String, summary: String)] {
        do throws(ThemeError) {
            return try ThemeDescription.builtIn(documents: documents).map { ($0.name, $0.summary) }
        } catch {
            throw .templates(error)
        }
    }
}
