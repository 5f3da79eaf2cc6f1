/// A stable digest of any value, from its structure as `Mirror` shows it: every stored
/// field, by construction, of a value that is not `Encodable` (the theme's words, which
/// reach every page's model). A dictionary's or set's entries are taken in a sorted order,
/// so the digest is the same in every process (Swift seeds each process's hashing afresh).
enum ReflectedDigest {
    /// The digest of `value` as 16 hexadecimal digits.
    static func of(_ value: Any) -> String {
        var hash = StableHash()
        hash.combine(text(of: value))
        return hash.hexDigest
    }

    /// `value` written out whole: its type, then each child labelled, in brackets, so no
    /// two different values are written alike.
    private static func text(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        let type = String(reflecting: mirror.subjectType)
        guard !mirror.children.isEmpty else {
            let leaf = String(reflecting: value)
            return "\(type)#\(leaf.utf8.count):\(leaf)"
        }
        var children = mirror.children.map { child in "\(child.label ?? "_")=\(text(of: child.value))" }
        if mirror.displayStyle == .dictionary || mirror.displayStyle == .set { children.sort() }
        let body = children.joined(separator: ",")
        return "\(type)#\(children.count)(\(body))"
    }
}
