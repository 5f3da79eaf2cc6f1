import Foundation
import TesseraTemplate

extension Theme {
    /// The built-in default theme's text files, in the order a templates folder is read and
    /// `tessera init --templates` writes them: `album.mustache`, …, `style.css`, `script.js`,
    /// then every other file of `Templates/default/` outside `assets/`, by name.
    package static var builtInFiles: [(name: String, text: String)] {
        let files = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme] ?? [:]
        let first = pageNames.map { $0 + ".mustache" } + [stylesheetName, scriptName]
        let rest = files.keys.filter { !first.contains($0) }.sorted()
        return (first + rest).compactMap { name in files[name].map { (name, $0) } }
    }

    /// The default theme's assets (`assets/…`, copied byte for byte), for
    /// `tessera init --templates`.
    package static var builtInAssets: [(name: String, bytes: [UInt8])] {
        defaultAssets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The built-in default theme, its `metrics.yaml` read with `documents` (Core reads no
    /// YAML itself), its words those of `language` (a site's `language:`; see
    /// `ThemeWords.builtIn`).
    ///
    /// - Throws: `ThemeError` when a built-in file is broken (a bug of this build).
    package static func defaults(
        documents: any DocumentParsing, language: String = ThemeWords.defaultLanguage
    ) throws(ThemeError) -> Theme {
        try Theme(
            files: DefaultTemplates.textFiles[DefaultTemplates.defaultTheme] ?? [:],
            metrics: metrics([try builtInMetrics(documents)]),
            words: try ThemeWords.builtIn(language: language, documents: documents))
    }

    /// The theme a site is built with: the templates `folder` over the built-in theme when
    /// there is one, else the built-in theme, in the words of the site's `language:`.
    ///
    /// - Throws: `ThemeError` as `load(from:documents:language:)` and `defaults` do.
    package static func site(
        _ configuration: SiteConfiguration, folder: URL?, documents: any DocumentParsing
    ) throws(ThemeError) -> Theme {
        guard let folder else { return try defaults(documents: documents, language: configuration.language) }
        return try load(from: folder, documents: documents, language: configuration.language)
    }

    /// The built-in theme's `metrics.yaml`, parsed.
    private static func builtInMetrics(_ documents: any DocumentParsing) throws(ThemeError) -> ThemeMetrics.Layer {
        let file = "Templates/\(DefaultTemplates.defaultTheme)/\(ThemeMetrics.fileName) (built in)"
        let text = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme]?[ThemeMetrics.fileName] ?? ""
        do { return ThemeMetrics.Layer(document: try documents.parse(text, file: file), file: file) } catch {
            throw .metrics(error)
        }
    }

    /// The metrics of `layers`, each over the ones before.
    private static func metrics(_ layers: [ThemeMetrics.Layer]) throws(ThemeError) -> ThemeMetrics {
        do { return try ThemeMetrics(layers) } catch { throw .metrics(error) }
    }

    /// The default theme with a templates folder's files over it: every file of the built-in
    /// theme (`album.mustache`, …, `style.css`, `script.js`, and the others `builtInFiles`
    /// lists) that the folder has is the folder's, each one it lacks the built-in one's.
    /// Each file is read as `TextFile` reads text (a byte-order mark dropped, `\r\n` and
    /// `\r` read as `\n`). Every file under its `assets/` is read byte for byte and
    /// published at the same path (the built-in theme's assets stay unless the folder has
    /// one there). The folder's `metrics.yaml`, read with `documents`, may give only some
    /// keys: the others are the built-in theme's. Its words are `language`'s (see
    /// `ThemeWords.load`).
    ///
    /// - Throws: `ThemeError` when the folder is missing, a file in it cannot be read or is
    ///   not UTF-8 text, a template cannot be parsed, `metrics.yaml` has an unknown key or a
    ///   bad value, or an asset cannot be read.
    package static func load(
        from folder: URL, documents: any DocumentParsing, language: String = ThemeWords.defaultLanguage
    ) throws(ThemeError) -> Theme {
        guard FileSystem.isDirectory(folder.path) else {
            throw .folderMissing(folder.path)
        }
        var files = DefaultTemplates.textFiles[DefaultTemplates.defaultTheme] ?? [:]
        var repairs: [TemplateWarning] = []
        var metricsLayers = [try builtInMetrics(documents)]
        for (name, _) in builtInFiles {
            let path = folder.appendingPathComponent(name).path
            guard FileSystem.exists(path) else { continue }
            let file: TextFile
            switch FileSystem.readFile(path) {
            case .success(let bytes): file = TextFile(bytes: bytes)
            case .failure(let failure): throw .unreadable(path, reason: failure.description)
            }
            for repair in file.repairs {
                if case .invalidEncoding(let line) = repair { throw .notText(path, line: line) }
                repairs.append(TemplateWarning(file: path, line: repair.line, column: 1, message: repair.message))
            }
            files[name] = file.text
            if name == ThemeMetrics.fileName {
                do {
                    metricsLayers.append(.init(document: try documents.parse(file.text, file: path), file: path))
                } catch {
                    throw .metrics(error)
                }
            }
        }
        let assets = defaultAssets.merging(try readAssets(in: folder.path)) { $1 }
        var theme = try Theme(
            files: files, assets: assets, metrics: metrics(metricsLayers),
            words: try ThemeWords.load(from: folder, language: language, documents: documents), folder: folder.path)
        theme.warnings = repairs + theme.warnings
        return theme
    }
}
