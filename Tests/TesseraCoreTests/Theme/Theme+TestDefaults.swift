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

extension SiteContext {
    /// A site with the built-in theme's metrics.
    init(title: String, language: String, baseURL: String? = nil) {
        self.init(title: title, language: language, metrics: ThemeMetrics.builtIn, baseURL: baseURL)
    }
}
