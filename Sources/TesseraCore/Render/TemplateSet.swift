import Foundation

/// The page templates, the stylesheet and the script a site is rendered with.
///
/// The defaults are compiled into the binary (generated from `Templates/` by
/// `make templates`), so an installed `tessera` needs no files beside it; a user may copy
/// `Templates/`, change it and pass the folder with `--templates`.
package struct TemplateSet: Sendable {
    /// The template names a set must provide, without the `.mustache` extension.
    package static let pageNames = ["album", "photo", "head", "breadcrumbs", "footer"]
    /// The stylesheet's file name in a template folder.
    package static let stylesheetName = "style.css"
    /// The script's file name in a template folder (published as `tessera.js`).
    package static let scriptName = "script.js"

    package var library: TemplateLibrary
    package var stylesheet: String
    package var script: String
    /// A hash of every template's text, the stylesheet and the script: pages made with other
    /// templates are made again.
    package let fingerprint: String
    /// Names the templates use that no page model provides, and partials that do not
    /// exist: they render as nothing, which is rarely what was meant.
    package let warnings: [TemplateWarning]

    /// The built-in templates as files of a template folder (`album.mustache`, …,
    /// `style.css`, `script.js`), for `tessera init --templates`.
    package static var builtInFiles: [(name: String, text: String)] {
        pageNames.map { ($0 + ".mustache", DefaultTemplates.sources[$0] ?? "") } + [
            (stylesheetName, DefaultTemplates.stylesheet), (scriptName, DefaultTemplates.script),
        ]
    }

    /// The built-in templates.
    package static func defaults() throws(ThemeError) -> TemplateSet {
        try TemplateSet(sources: DefaultTemplates.sources, stylesheet: DefaultTemplates.stylesheet)
    }

    /// Templates read from a folder holding `album.mustache`, `photo.mustache`, … and
    /// `style.css` and `script.js`; a file missing there is taken from the defaults.
    package static func load(from folder: URL) throws(ThemeError) -> TemplateSet {
        var sources = DefaultTemplates.sources
        var stylesheet = DefaultTemplates.stylesheet
        guard FileSystem.isDirectory(folder.path) else {
            throw .folderMissing(folder.path)
        }
        for name in pageNames {
            let url = folder.appendingPathComponent(name + ".mustache")
            if let text = try? String(contentsOf: url, encoding: .utf8) { sources[name] = text }
        }
        if let css = try? String(contentsOf: folder.appendingPathComponent(stylesheetName), encoding: .utf8) {
            stylesheet = css
        }
        let script =
            (try? String(contentsOf: folder.appendingPathComponent(scriptName), encoding: .utf8))
            ?? DefaultTemplates.script
        return try TemplateSet(sources: sources, stylesheet: stylesheet, script: script, folder: folder.path)
    }

    init(
        sources: [String: String], stylesheet: String, script: String = DefaultTemplates.script,
        folder: String? = nil
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
