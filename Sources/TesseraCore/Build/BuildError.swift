/// Why a build could not run at all (as opposed to one photo being skipped): the error of
/// the stage that stopped it.
package enum BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    case scan(ScanError)
    case manifest(ManifestError)
    case templates(ThemeError)
    case write(WriteError)

    package var description: String {
        switch self {
        case .scan(let error): return error.description
        case .manifest(let error): return error.description
        case .templates(let error): return error.description
        case .write(let error): return error.description
        }
    }
}
