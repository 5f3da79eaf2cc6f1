/// One file a build produces, and the fingerprint of what it is made from.
public struct Product: Sendable, Hashable {
    /// Path relative to the site root.
    public var path: String
    public var fingerprint: String

    public init(path: String, fingerprint: String) {
        self.path = path
        self.fingerprint = fingerprint
    }
}
