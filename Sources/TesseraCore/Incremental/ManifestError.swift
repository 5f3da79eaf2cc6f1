/// A manifest that exists but cannot be read. Guessing would risk deleting or overwriting
/// the user's files, so the build stops.
package struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The manifest's path.
    package var path: String
    /// What went wrong reading it.
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String {
        "cannot read the manifest '\(path)' (\(reason)); delete it only if the folder holds "
            + "nothing of yours, then build again"
    }
}
