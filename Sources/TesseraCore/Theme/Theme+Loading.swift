import Foundation
import TesseraTemplate

extension Theme {
    /// The built-in themes' names (`Templates/<name>/`): `default` first, the others by name.
    static var builtInNames: [String] {
        [DefaultTemplates.defaultTheme]
            + DefaultTemplates.textFiles.keys.filter { $0 != DefaultTemplates.defaultTheme }.sorted()
    }

    /// The built-in default theme's text files, in the order a templates folder is read and
    /// `tessera init --templates` writes them: `album.mustache`, …, `base.css`, `style.css`, `script.js`,
    /// then every other file of `Templates/default/` outside `assets/`, by name (its
    /// `theme.yaml`, which describes the built-in theme, left out).
    static var builtInFiles: [(name: String, text: String)] {
        ordered(DefaultTemplates.textFiles[DefaultTemplates.defaultTheme] ?? [:])
    }

    /// The default theme's assets (`assets/…`, copied byte for byte), for
    /// `tessera init --templates`.
    static var builtInAssets: [(name: String, bytes: [UInt8])] {
        defaultAssets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The built-in default theme, its `metrics.yaml` read with `documents` (Core reads no
    /// YAML itself), its words those of `language` (see `ThemeWords.builtIn`).
    ///
    /// - Throws: `ThemeError` when a built-in file is broken (a bug of this build).
    static func defaults(
        documents: any DocumentParsing, language: String = ThemeWords.defaultLanguage
    ) throws(ThemeError) -> Theme {
        try load(theme: DefaultTemplates.defaultTheme, folder: nil, documents: documents, language: language)
    }

    /// The default theme with a templates folder's files over it (`load(theme:folder:documents:)`).
    static func load(
        from folder: URL, documents: any DocumentParsing, language: String = ThemeWords.defaultLanguage
    ) throws(ThemeError) -> Theme {
        try load(theme: DefaultTemplates.defaultTheme, folder: folder, documents: documents, language: language)
    }

    /// The theme a site is built with: its `theme:` with its templates `folder` over it, in
    /// the words of its `language:`.
    ///
    /// - Throws: `ThemeError` as `load(theme:folder:documents:language:)` does.
    static func site(
        _ configuration: SiteConfiguration, folder: URL?, documents: any DocumentParsing
    ) throws(ThemeError) -> Theme {
        try load(theme: configuration.theme, folder: folder, documents: documents, language: configuration.language)
    }

    /// Built-in theme `name`, laid over the themes it extends, with a templates folder's
    /// files over it all.
    ///
    /// The layers, each over the ones before: the built-in theme `name` extends (its
    /// `theme.yaml`'s `extends:`, down to `default`, which has every file), then `name`'s
    /// own folder (only the files it changes), then `folder`. A file a layer has replaces the
    /// one below; `metrics.yaml` is layered by key (each layer may give only some keys);
    /// assets by path. Each file of the folder is read as `TextFile` reads text (a byte-order
    /// mark dropped, `\r\n` and `\r` read as `\n`), its assets byte for byte; only files the
    /// built-in layers have are read from it. The words are the built-in ones of `language`
    /// with the folder's `words/<language>.yaml` over them (`ThemeWords.load`).
    ///
    /// - Throws: `ThemeError.unknownTheme` for a name no built-in theme has; otherwise when
    ///   the folder is missing, a file in it cannot be read or is not UTF-8 text, a template
    ///   cannot be parsed, `metrics.yaml` has an unknown key or a bad value, or an asset
    ///   cannot be read.
    static func load(
        theme name: String, folder: URL?, documents: any DocumentParsing,
        language: String = ThemeWords.defaultLanguage
    ) throws(ThemeError)
        -> Theme
    {
        if let folder, !FileSystem.isDirectory(folder.path) {
            throw .folderMissing(folder.path)
        }
        var files: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var metricsLayers: [ThemeMetrics.Layer] = []
        for layer in try builtInLayers(of: name, documents: documents) {
            var own = DefaultTemplates.textFiles[layer] ?? [:]
            own[ThemeDescription.fileName] = nil
            files.merge(own) { $1 }
            assets.merge(DefaultTemplates.assetFiles[layer] ?? [:]) { $1 }
            if let text = own[ThemeMetrics.fileName] {
                let file = "Templates/\(layer)/\(ThemeMetrics.fileName) (built in)"
                do {
                    metricsLayers.append(.init(document: try documents.parse(text, file: file), file: file))
                } catch {
                    throw .metrics(error)
                }
            }
        }
        var repairs: [TemplateWarning] = []
        if let folder {
            for (fileName, _) in ordered(files) {
                let path = folder.appendingPathComponent(fileName).path
                guard FileSystem.exists(path) else { continue }
                let file = try readText(at: path)
                repairs += file.warnings
                files[fileName] = file.text
                if fileName == ThemeMetrics.fileName {
                    do {
                        metricsLayers.append(.init(document: try documents.parse(file.text, file: path), file: path))
                    } catch {
                        throw .metrics(error)
                    }
                }
            }
            assets.merge(try readAssets(in: folder.path)) { $1 }
            repairs += unreadFiles(in: folder, read: Set(files.keys), theme: name)
        }
        var theme = try Theme(
            name: name, files: files, assets: assets, metrics: metrics(metricsLayers),
            words: try ThemeWords.load(from: folder, language: language, theme: name, documents: documents),
            folder: folder?.path)
        theme.warnings = repairs + theme.warnings
        return theme
    }

    /// The built-in themes `name` is made of, the one every other extends first and `name`
    /// last (`["default", "portfolio"]`).
    ///
    /// - Throws: `ThemeError.unknownTheme` for a name no built-in theme has,
    ///   `ThemeError.description` for a `theme.yaml` that cannot be read or whose `extends:`
    ///   goes round in a circle.
    static func builtInLayers(of name: String, documents: any DocumentParsing) throws(ThemeError) -> [String] {
        let known = builtInNames
        var layers: [String] = []
        var next: String? = name
        while let current = next {
            guard known.contains(current) else {
                throw .unknownTheme(current, nearest: NearMiss.nearest(to: current, among: known), known: known)
            }
            guard !layers.contains(current) else {
                throw .description(
                    ConfigurationError(
                        file: "Templates/\(current)/\(ThemeDescription.fileName) (built in)", key: "extends",
                        reason: .invalidValue(
                            found: "'\(layers[0])'", expected: "a theme that does not extend this one")))
            }
            layers.insert(current, at: 0)
            next = try ThemeDescription.builtIn(current, documents: documents).extends
        }
        return layers
    }

    /// `files` in the order a templates folder is read: `album.mustache`, …, `base.css`,
    /// `style.css`, `script.js`, then the others by name; the `theme.yaml` of a built-in
    /// theme left out.
    private static func ordered(_ files: [String: String]) -> [(name: String, text: String)] {
        let first = pageNames.map { $0 + ".mustache" } + [baseStylesheetName, stylesheetName, scriptName]
        let rest = files.keys.filter { !first.contains($0) && $0 != ThemeDescription.fileName }.sorted()
        return (first + rest).compactMap { name in files[name].map { (name, $0) } }
    }

    /// A warning for each file of a templates folder that looks meant for the theme but that
    /// no theme reads: `Footer.mustache`, `styles.css`, `words/fr.yml` were left out
    /// without a word, even under `--strict`; so were a `theme.yaml` (the folder goes over
    /// the built-in theme `theme:` names, whatever it says it extends) and files in a
    /// sub-folder other than `assets/` and `words/` (`Assets/`, `css/`, `partials/`).
    private static func unreadFiles(in folder: URL, read: Set<String>, theme: String) -> [TemplateWarning] {
        let themed: Set<String> = ["mustache", "css", "js", "yaml", "yml"]
        var warnings: [TemplateWarning] = []
        let description = folder.appendingPathComponent(ThemeDescription.fileName).path
        if FileSystem.exists(description) {
            warnings.append(
                TemplateWarning(
                    file: description, line: 1, column: 1,
                    message: "a templates folder's \(ThemeDescription.fileName) is not read: its files go over "
                        + "the built-in theme '\(theme)' (the `theme:` setting), whatever this file says it "
                        + "extends; to build on another, set `theme:` in tessera.yaml (tessera themes lists them)"))
        }
        let readFolders = [assetsFolder, "words"]
        for name in FileSystem.entries(of: folder.path).sorted()
        where !name.hasPrefix(".") && !readFolders.contains(name)
            && holdsThemeFiles(folder.appendingPathComponent(name).path, kinds: themed.union(fonts))
        {
            let hint = NearMiss.nearest(to: name, among: readFolders).map { "did you mean '\($0)/'? " } ?? ""
            warnings.append(
                TemplateWarning(
                    file: folder.appendingPathComponent(name).path, line: 1, column: 1,
                    message: "no theme reads the folder '\(name)/', so its files are left out; \(hint)"
                        + "(templates, style.css and script.js go at the top, files the pages link to in "
                        + "'assets/', words in 'words/')"))
        }
        for name in FileSystem.entries(of: folder.path).sorted()
        where !read.contains(name) && !name.hasPrefix(".") && name != ThemeDescription.fileName {
            let path = folder.appendingPathComponent(name).path
            guard themed.contains((name as NSString).pathExtension.lowercased()), !FileSystem.isDirectory(path)
            else { continue }
            let hint = NearMiss.nearest(to: name, among: read).map { "did you mean '\($0)'? " } ?? ""
            warnings.append(
                TemplateWarning(
                    file: path, line: 1, column: 1,
                    message: "no theme reads a file '\(name)', so it is left out; \(hint)"
                        + "(files the pages link to go in 'assets/')"))
        }
        let words = folder.appendingPathComponent("words")
        for name in FileSystem.entries(of: words.path).sorted() where !name.hasPrefix(".") && !name.hasSuffix(".yaml") {
            let stem = (name as NSString).deletingPathExtension
            warnings.append(
                TemplateWarning(
                    file: words.appendingPathComponent(name).path, line: 1, column: 1,
                    message: "words files are named '<language>.yaml', so this one is not read"
                        + (name.hasSuffix(".yml") ? "; rename it '\(stem).yaml'" : "")))
        }
        return warnings
    }

    /// Font files, which a theme's stylesheet links to from `assets/`.
    private static let fonts: Set<String> = ["woff2", "woff", "ttf", "otf"]

    /// Whether `path` is a folder holding, within a few levels and a few hundred entries, a
    /// file whose extension is one of `kinds`: a folder of screenshots or notes beside a
    /// theme is no mistake worth a warning.
    private static func holdsThemeFiles(_ path: String, kinds: Set<String>) -> Bool {
        guard FileSystem.isDirectory(path) else { return false }
        var folders = [(path, 0)]
        var seen = 0
        while let (folder, depth) = folders.popLast(), seen < 500 {
            for name in FileSystem.entries(of: folder) where !name.hasPrefix(".") {
                seen += 1
                let child = folder + "/" + name
                if kinds.contains((name as NSString).pathExtension.lowercased()), !FileSystem.isDirectory(child) {
                    return true
                }
                if depth < 3, FileSystem.isDirectory(child), !FileSystem.isSymbolicLink(child) {
                    folders.append((child, depth + 1))
                }
            }
        }
        return false
    }

    /// The metrics of `layers`, each over the ones before.
    private static func metrics(_ layers: [ThemeMetrics.Layer]) throws(ThemeError) -> ThemeMetrics {
        do { return try ThemeMetrics(layers) } catch { throw .metrics(error) }
    }
}
