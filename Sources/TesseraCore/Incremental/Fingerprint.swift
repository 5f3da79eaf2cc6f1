import Foundation

/// A stable digest of the value a product is made from, so that whatever a page or image
/// shows is in its fingerprint by construction: nothing is listed by hand.
public enum Fingerprint {
    /// The format of fingerprints; bumped when the digest itself changes.
    public static let version = "fingerprint-2"

    /// The digest of `value` (as JSON with sorted keys) together with `context`: the
    /// generator, the templates and any setting that shapes the product besides the value.
    public static func of<Value: Encodable>(_ value: Value, context: [String]) -> String {
        var hash = StableHash()
        hash.combine(version)
        for part in context { hash.combine(part) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every planned value is plain data; encoding cannot fail.
        hash.combine(bytes: (try? encoder.encode(value)) ?? Data())
        return hash.hexDigest
    }
}
