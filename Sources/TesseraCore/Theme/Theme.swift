import TesseraTemplate

/// Everything a site's look is made of: the page templates, the stylesheet and the script,
/// the assets published beside them, and the page geometry the Swift side estimates image
/// sizes from.
///
/// The built-in `default` theme is compiled into the binary (generated from
/// `Templates/default/` by `make templates`), so an installed `tessera` needs no files
/// beside it. A user's templates folder (`--templates`) overrides any file of it; each file
/// the folder does not have is the built-in theme's (`Theme+Loading.swift`).
struct Theme: Sendable {
    /// The template names a theme must provide, without the `.mustache` extension.
    static let pageNames = ["album", "photo", "notfound", "head", "breadcrumbs", "footer"]
    /// The stylesheet's file name in a theme folder.
    static let stylesheetName = "style.css"
    /// The file name of the rules every theme's pages need (the default theme's, unless a
    /// theme or folder has its own), published before `style.css`.
    static let baseStylesheetName = "base.css"
    /// The script's file name in a theme folder (published as `tessera.js`).
    static let scriptName = "script.js"

    /// The built-in theme this is, or whose files a templates folder overrides (`default`).
    let name: String
    /// The folder whose files override the built-in theme's; nil for the built-in theme.
    let folder: String?
    /// The page templates, parsed.
    var templates: TemplateLibrary
    /// The rules every theme's pages need (`base.css`: the kept scrollbar room, the
    /// description's folding, the photo page's photo box, the caption's lists), published before `stylesheet`.
    var baseStylesheet: String
    /// The theme's stylesheet, its look (the grid's rules are appended when the site is written).
    var stylesheet: String
    /// The theme's script, published as `tessera.js`.
    var script: String
    /// The theme's `assets/**` files by path in the site (`assets/fonts/body.woff2`), each
    /// published byte for byte. Not part of `fingerprint`: a page links to an asset by its
    /// path, so editing one rewrites that file and no page.
    var assets: [String: [UInt8]]
    /// The page geometry `sizes`, `loading` and `fetchpriority` are estimated from.
    var metrics: ThemeMetrics
    /// The words every page is written with (`words/<language>.yaml`), counted by its plural rules.
    var words: ThemeWords
    /// The site's `language:` had no word file (the pages are in English): the warning to show.
    var unknownLanguage: String? { words.unknownLanguage }
    /// A hash of every template's text, the stylesheets and the script: pages made with
    /// another theme are made again. (The metrics reach a page through its model, which is
    /// fingerprinted itself.)
    let fingerprint: String
    /// Names the templates use that no page model provides, partials that do not exist, an
    /// inline script a Content-Security-Policy would block, and control characters dropped
    /// from a file (see `TextFile`): they render as nothing, which is rarely what was meant.
    var warnings: [TemplateWarning]

    /// A theme of `files` (path in the theme folder → text, as `Templates/default/` holds
    /// them), `assets` and `metrics` (read from its `metrics.yaml` by `Theme+Loading`);
    /// `words` (read from its `words/<language>.yaml`); `folder` names the user's folder in messages.
    ///
    /// - Throws: `ThemeError.template` when a template cannot be parsed.
    init(
        name: String = DefaultTemplates.defaultTheme, files: [String: String],
        assets: [String: [UInt8]] = Theme.defaultAssets, metrics: ThemeMetrics, words: ThemeWords,
        folder: String? = nil
    ) throws(ThemeError) {
        let sources = Self.templateSources(in: files)
        do {
            templates = try TemplateLibrary(sources: sources)
        } catch {
            throw .template(Self.located(error, in: folder))
        }
        self.name = name
        self.folder = folder
        baseStylesheet = files[Self.baseStylesheetName] ?? ""
        stylesheet = files[Self.stylesheetName] ?? ""
        script = files[Self.scriptName] ?? ""
        self.assets = assets
        self.metrics = metrics
        self.words = words
        var hash = StableHash()
        for name in sources.keys.sorted() {
            hash.combine(name)
            hash.combine(sources[name] ?? "")
        }
        hash.combine(baseStylesheet)
        hash.combine(stylesheet)
        hash.combine(script)
        fingerprint = hash.hexDigest
        warnings =
            Self.lint(templates, folder: folder) + Self.inlineScripts(in: sources, folder: folder) + words.warnings
    }

    /// The page templates among a theme's files: template name (no `.mustache`) → source,
    /// for every `.mustache` file at the top of the folder.
    static func templateSources(in files: [String: String]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: files.compactMap { name, text in
                name.hasSuffix(".mustache") && !name.contains("/")
                    ? (String(name.dropLast(".mustache".count)), text) : nil
            })
    }
}

extension Theme {
    /// A template's mistake named by its file in the user's folder (`DIR/album.mustache`),
    /// where the template comes from there; a built-in one keeps its name (`album`).
    static func located(_ error: TemplateError, in folder: String?) -> TemplateError {
        guard let folder, FileSystem.exists("\(folder)/\(error.file).mustache") else { return error }
        var located = error
        located.file = "\(folder)/\(error.file).mustache"
        return located
    }
}
