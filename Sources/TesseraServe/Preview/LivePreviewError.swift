/// Why a live preview could not start: the server or the watcher, each saying what to do.
package enum LivePreviewError: Error, Equatable, CustomStringConvertible {
    case server(PreviewServerError)
    case watcher(FolderWatcherError)

    package var description: String {
        switch self {
        case .server(let error): error.description
        case .watcher(let error): error.description
        }
    }
}
