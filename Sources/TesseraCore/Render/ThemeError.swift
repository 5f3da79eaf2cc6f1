import TesseraTemplate

/// Why the templates a site is rendered with cannot be used.
package enum ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder given with `--templates` is not there.
    case folderMissing(String)
    /// A template cannot be parsed or rendered.
    case template(TemplateError)
    /// A file of the folder cannot be read, with the system's reason.
    case unreadable(String, reason: String)
    /// A file of the folder is not UTF-8 text; the line of the first bad byte.
    case notText(String, line: Int)

    package var description: String {
        switch self {
        case .folderMissing(let path): return "template folder '\(path)' does not exist"
        case .template(let error): return error.description
        case .unreadable(let path, let reason): return "cannot read the template '\(path)': \(reason)"
        case .notText(let path, let line): return "\(path):\(line): the template is not UTF-8 text; save it as UTF-8"
        }
    }
}
