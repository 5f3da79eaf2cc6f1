/// A stable digest of the value a product is made from, so that whatever a page or image
/// shows is in its fingerprint by construction: nothing is listed by hand.
enum Fingerprint {
    /// The format of fingerprints; bumped when the digest itself changes.
    static let version = "fingerprint-3"

    /// The digest of `value`, every field of it, together with `context`: the generator,
    /// the templates and any setting that shapes the product besides the value.
    static func of<Value: Encodable>(_ value: Value, context: [String]) -> String {
        let encoder = DigestEncoder()
        encoder.hash.combine(version)
        for part in context { encoder.hash.combine(part) }
        // Planned values are plain data: nothing in them throws while encoding.
        var container = encoder.singleValueContainer()
        try? container.encode(value)
        return encoder.hash.hexDigest
    }
}
