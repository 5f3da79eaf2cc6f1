import Foundation
import TesseraYAML

@testable import TesseraCore

extension Theme {
    /// The built-in theme, its YAML read with libyaml as `tessera build` reads it.
    static func defaults() throws(ThemeError) -> Theme {
        try defaults(documents: YAMLDocumentParser())
    }

    /// A templates folder over the built-in theme, read as `tessera build --templates` reads it.
    static func load(from folder: URL) throws(ThemeError) -> Theme {
        try load(from: folder, documents: YAMLDocumentParser())
    }
}

extension ThemeMetrics {
    /// The built-in theme's metrics (`Templates/default/metrics.yaml`). Every test needs them, so
    /// a broken built-in file stops the test run at once, saying why.
    static let builtIn: ThemeMetrics = {
        do { return try Theme.defaults().metrics } catch {
            preconditionFailure("the built-in theme's metrics.yaml does not read: \(error)")
        }
    }()
}

extension ThemeWords {
    /// The built-in theme's words (`Templates/default/words/en.yaml`); a broken built-in file
    /// stops the test run at once, saying why.
    static let builtInEnglish: ThemeWords = {
        do { return try Theme.defaults().words } catch {
            preconditionFailure("the built-in theme's words/en.yaml does not read: \(error)")
        }
    }()
}

extension SiteContext {
    /// A site with the built-in theme's metrics and words.
    init(title: String, language: String, words: ThemeWords = .builtInEnglish, baseURL: String? = nil) {
        self.init(title: title, language: language, metrics: ThemeMetrics.builtIn, words: words, baseURL: baseURL)
    }
}
