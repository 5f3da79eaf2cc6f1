import TesseraYAML

@testable import TesseraCore

extension ThemeWords {
    /// The built-in theme's English words, read as a build reads them.
    static func english() throws -> ThemeWords {
        try ThemeWords.builtIn(documents: YAMLDocumentParser())
    }
}
