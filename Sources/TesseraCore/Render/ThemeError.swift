/// Why the templates a site is rendered with cannot be used.
package enum ThemeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder given with `--templates` is not there.
    case folderMissing(String)
    /// A template cannot be parsed or rendered.
    case template(TemplateError)

    package var description: String {
        switch self {
        case .folderMissing(let path): return "template folder '\(path)' does not exist"
        case .template(let error): return error.description
        }
    }
}
