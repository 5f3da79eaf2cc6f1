/// A manifest that exists but cannot be trusted. Guessing would risk deleting or
/// overwriting the user's files, so the build stops before anything is read or deleted.
struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The manifest's path.
    var path: String
    var reason: Reason

    enum Reason: Sendable, Equatable {
        /// The file is not a manifest at all (not JSON, fields missing): what went wrong.
        case unreadable(String)
        /// It lists a path no build of Tessera makes (outside the folder, a hidden file, a
        /// control character): the path, and what is wrong with it.
        case foreignEntry(String, refusal: String)
    }

    init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    var description: String {
        switch reason {
        case .unreadable(let why):
            return "cannot read the manifest '\(path)' (\(why)); delete it only if the folder holds "
                + "nothing of yours, then build again"
        case .foreignEntry(let entry, let refusal):
            // The entry is shown escaped: it may hold control characters meant for the terminal.
            return "the manifest '\(path)' was not written by Tessera or is damaged: it lists "
                + "\(String(reflecting: entry)), \(refusal); nothing was read or deleted. If the folder holds "
                + "nothing of yours, delete the manifest and build again; otherwise build into an empty folder with -o"
        }
    }
}
