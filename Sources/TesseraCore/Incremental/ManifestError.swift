/// A manifest that exists but cannot be read. Guessing would risk deleting or overwriting
/// the user's files, so the build stops.
public struct ManifestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The manifest's path.
    public var path: String
    /// What went wrong reading it.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "cannot read the manifest '\(path)' (\(reason)); delete it only if the folder holds "
            + "nothing of yours, then build again"
    }
}
