/// One file a build produces, and the fingerprint of what it is made from.
package struct Product: Sendable, Hashable {
    /// Path relative to the site root.
    package var path: String
    package var fingerprint: String

    package init(path: String, fingerprint: String) {
        self.path = path
        self.fingerprint = fingerprint
    }
}
