import Foundation
import TesseraTemplate

/// The page templates, the stylesheet and the script a site is rendered with.
///
/// The defaults are the built-in `default` theme, compiled into the binary (generated from
/// `Templates/default/` by `make templates`), so an installed `tessera` needs no files
/// beside it; a user may copy `Templates/default/`, change it and pass the folder with
/// `--templates`.
package struct TemplateSet: Sendable {
    /// The template names a set must provide, without the `.mustache` extension.
    static let pageNames = ["album", "photo", "head", "breadcrumbs", "footer"]
    /// The stylesheet's file name in a template folder.
    static let stylesheetName = "style.css"
    /// The script's file name in a template folder (published as `tessera.js`).
    static let scriptName = "script.js"

    var library: TemplateLibrary
    var stylesheet: String
    var script: String
    /// The theme's `assets/**` files by path in the site (`assets/fonts/body.woff2`), each
    /// published byte for byte. Not part of `fingerprint`: a page links to an asset by its
    /// path, so editing one rewrites that file and no page.
    var assets: [String: [UInt8]]
    /// A hash of every template's text, the stylesheet and the script: pages made with other
    /// templates are made again.
    let fingerprint: String
    /// Names the templates use that no page model provides, and partials that do not
    /// exist: they render as nothing, which is rarely what was meant.
    /// Also a control character dropped from a template file (see `TextFile`).
    package private(set) var warnings: [TemplateWarning]

    /// The default theme's text files as files of a template folder (`album.mustache`, …,
    /// `style.css`, `script.js`, then any other file of `Templates/default/` outside
    /// `assets/`), for `tessera init --templates`.
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

    /// The built-in templates.
    package static func defaults() throws(ThemeError) -> TemplateSet {
        try TemplateSet(sources: DefaultTemplates.sources, stylesheet: DefaultTemplates.stylesheet)
    }

    /// Templates read from a folder holding `album.mustache`, `photo.mustache`, … and
    /// `style.css` and `script.js`; a file missing there is taken from the defaults. Each
    /// file is read as `TextFile` reads text (a byte-order mark dropped, `\r\n` and `\r`
    /// read as `\n`). Every file under its `assets/` is read byte for byte and published at
    /// the same path (the built-in theme's assets stay unless the folder has one there).
    ///
    /// - Throws: `ThemeError` when the folder is missing, a file in it cannot be read or is
    ///   not UTF-8 text, a template cannot be parsed, or an asset cannot be read.
    package static func load(from folder: URL) throws(ThemeError) -> TemplateSet {
        var sources = DefaultTemplates.sources
        var stylesheet = DefaultTemplates.stylesheet
        guard FileSystem.isDirectory(folder.path) else {
            throw .folderMissing(folder.path)
        }
        var repairs: [TemplateWarning] = []
        func read(_ name: String) throws(ThemeError) -> String? {
            let path = folder.appendingPathComponent(name).path
            guard FileSystem.exists(path) else { return nil }
            let file: TextFile
            switch FileSystem.readFile(path) {
            case .success(let bytes): file = TextFile(bytes: bytes)
            case .failure(let failure): throw .unreadable(path, reason: failure.description)
            }
            for repair in file.repairs {
                if case .invalidEncoding(let line) = repair { throw .notText(path, line: line) }
                repairs.append(TemplateWarning(file: path, line: repair.line, column: 1, message: repair.message))
            }
            return file.text
        }
        for name in pageNames {
            if let text = try read(name + ".mustache") { sources[name] = text }
        }
        if let css = try read(stylesheetName) { stylesheet = css }
        let script = try read(scriptName) ?? DefaultTemplates.script
        let assets = defaultAssets.merging(try readAssets(in: folder.path)) { $1 }
        var set = try TemplateSet(
            sources: sources, stylesheet: stylesheet, script: script, assets: assets, folder: folder.path)
        set.warnings = repairs + set.warnings
        return set
    }

    init(
        sources: [String: String], stylesheet: String, script: String = DefaultTemplates.script,
        assets: [String: [UInt8]] = defaultAssets, folder: String? = nil
    ) throws(ThemeError) {
        do {
            library = try TemplateLibrary(sources: sources)
        } catch {
            var located = error
            if let folder { located.file = "\(folder)/\(error.file).mustache" }
            throw .template(located)
        }
        self.stylesheet = stylesheet
        self.script = script
        self.assets = assets
        var hash = StableHash()
        for name in sources.keys.sorted() {
            hash.combine(name)
            hash.combine(sources[name] ?? "")
        }
        hash.combine(stylesheet)
        hash.combine(script)
        fingerprint = hash.hexDigest
        warnings = Self.check(library, folder: folder) + Self.inlineScripts(in: sources, folder: folder)
    }

    /// Each page template checked against the names its page model provides.
    private static func check(_ library: TemplateLibrary, folder: String?) -> [TemplateWarning] {
        let pages: [(name: String, subject: String, schema: TemplateSchema?)] = [
            ("album", "the album page", try? TemplateSchema(example: AlbumPage.example)),
            ("photo", "the photo page", try? TemplateSchema(example: PhotoPage.example)),
        ]
        var seen = Set<TemplateWarning>()
        return pages.flatMap { page in
            page.schema.map { library.lint(page.name, against: $0, subject: page.subject) } ?? []
        }.compactMap { warning in
            var located = warning
            if let folder { located.file = "\(folder)/\(warning.file).mustache" }
            return seen.insert(located).inserted ? located : nil
        }
    }
}
