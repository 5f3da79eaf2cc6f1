/// One file a build produces, and the fingerprint of what it is made from.
struct Product: Sendable, Hashable {
    /// Path relative to the site root.
    var path: String
    var fingerprint: String

    init(path: String, fingerprint: String) {
        self.path = path
        self.fingerprint = fingerprint
    }
}
