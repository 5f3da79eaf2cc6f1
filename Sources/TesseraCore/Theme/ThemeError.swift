import TesseraTemplate

/// Why the templates a site is rendered with cannot be used.
enum ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder given with `--templates` is not there.
    case folderMissing(String)
    /// A template cannot be parsed or rendered.
    case template(TemplateError)
    /// A file of the folder cannot be read, with the system's reason.
    case unreadable(String, reason: String)
    /// A file of the folder is not UTF-8 text; the line of the first bad byte.
    case notText(String, line: Int)
    /// A file or folder under the theme's `assets/` cannot be read, with the reason.
    case assetUnreadable(String, reason: String)
    /// The theme's `metrics.yaml` cannot be read: its file, line, key and what to write.
    case metrics(ConfigurationError)
    /// A theme asset has the path of a page or image of the site (an album named `assets`).
    case assetCollides(String)
    /// No built-in theme has this name: the name, the nearest one and all of them.
    case unknownTheme(String, nearest: String?, known: [String])
    /// A built-in theme's `theme.yaml` cannot be read, or its `extends:` goes round in a circle.
    case description(ConfigurationError)
    /// A words file (`words/en.yaml`) cannot be used: its path, the line, and why.
    case words(String, line: Int?, message: String)

    var description: String {
        switch self {
        case .folderMissing(let path):
            let what = FileSystem.exists(path) ? "is a file, not a folder" : "does not exist"
            return "the templates folder '\(path)' \(what); check --templates (taken from the working folder), "
                + "or name a built-in theme with --theme ('tessera themes' lists them)"
        case .template(let error): return error.description
        case .metrics(let error): return error.description
        case .unreadable(let path, let reason): return "cannot read the template '\(path)': \(reason)"
        case .notText(let path, let line): return "\(path):\(line): the template is not UTF-8 text; save it as UTF-8"
        case .assetUnreadable(let path, let reason): return "cannot read the theme asset '\(path)': \(reason)"
        case .assetCollides(let path):
            return "the theme asset '\(path)' would be written over a page or image of the site "
                + "(an album folder named 'assets'?); rename the asset or the album"
        case .unknownTheme(let name, let nearest, let known):
            return "there is no built-in theme '\(name)'"
                + (nearest.map { "; did you mean '\($0)'?" } ?? ".")
                + " The themes are " + known.joined(separator: ", ") + " ('tessera themes' describes them)"
        case .description(let error): return error.description
        case .words(let path, let line, let message):
            return "\(path)\(line.map { ":\($0)" } ?? ""): \(message)"
        }
    }
}
