/// An `Encoder` that feeds a value straight into a `StableHash`, field by field, without
/// building JSON: fingerprinting every page and image of a large site must cost little.
///
/// Keys are mixed in with their values, in the order the type encodes them (declaration
/// order for synthesized conformances), so a renamed, added or reordered field changes
/// the digest; an absent optional contributes nothing, as in JSON.
final class DigestEncoder: Encoder {
    var hash = StableHash()
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        hash.combine("{")
        return KeyedEncodingContainer(Keyed<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        hash.combine("[")
        return Unkeyed(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(encoder: self) }

    /// Mixes in one scalar with a tag for its kind, so `1` and `"1"` differ.
    fileprivate func mix(_ tag: String, _ text: String) {
        hash.combine(tag)
        hash.combine(text)
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: DigestEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) {
            encoder.mix("k", key.stringValue)
            encoder.mix("n", "")
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.mix("k", key.stringValue)
            var single = Single(encoder: encoder)
            try single.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            encoder.mix("k", key.stringValue)
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder.mix("k", key.stringValue)
            return encoder.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            encoder.mix("k", key.stringValue)
            return encoder
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: DigestEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count = 0

        mutating func encodeNil() {
            count += 1
            encoder.mix("n", "")
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            count += 1
            var single = Single(encoder: encoder)
            try single.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            count += 1
            return encoder.container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            return encoder.unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: DigestEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() { encoder.mix("n", "") }
        mutating func encode(_ value: Bool) { encoder.mix("b", value ? "1" : "0") }
        mutating func encode(_ value: String) { encoder.mix("s", value) }
        mutating func encode(_ value: Double) { encoder.mix("d", "\(value)") }
        mutating func encode(_ value: Float) { encoder.mix("d", "\(value)") }
        mutating func encode(_ value: Int) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: Int8) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: Int16) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: Int32) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: Int64) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: UInt) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: UInt8) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: UInt16) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: UInt32) { encoder.mix("i", String(value)) }
        mutating func encode(_ value: UInt64) { encoder.mix("i", String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            switch value {
            case let text as String: encode(text)
            case let number as Int: encode(number)
            case let number as Double: encode(number)
            case let flag as Bool: encode(flag)
            default:
                // A composite value ends where its container's closing mark says.
                try value.encode(to: encoder)
                encoder.hash.combine("}")
            }
        }
    }
}
