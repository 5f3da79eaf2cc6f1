/// Why watching for changes could not start, in a sentence that says what to do.
package struct FolderWatcherError: Error, Equatable, CustomStringConvertible {
    package enum Reason: Equatable, Sendable {
        /// Neither the path nor the folder that would hold it exists.
        case missing(path: String)
        /// The system's limit on watches (or inotify instances) is reached.
        case tooManyWatches(path: String)
        case cannotWatch(path: String, errno: Int32)
    }

    package let reason: Reason

    package var description: String {
        switch reason {
        case .missing(let path):
            "cannot watch '\(path)': neither it nor its folder exists; check the path, or serve with --no-watch"
        case .tooManyWatches(let path):
            "cannot watch '\(path)': the system's inotify limit is reached; raise fs.inotify.max_user_watches "
                + "(sysctl) or serve with --no-watch"
        case .cannotWatch(let path, let code):
            "cannot watch '\(path)': error \(code); check its permissions, or serve with --no-watch"
        }
    }
}
