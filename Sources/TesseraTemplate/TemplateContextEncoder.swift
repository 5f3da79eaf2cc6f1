import Foundation

/// Turns any `Encodable` value (a typed page model) into the `TemplateValue` a template renders.
///
/// Structs and dictionaries become objects, arrays become lists, strings, numbers and
/// booleans stay what they are, and an enum with a raw value becomes that raw value. A `nil`
/// optional is left out of its object, so `{{#caption}}…{{/caption}}` means "if there is a
/// caption". A `URL` becomes its absolute string, a `Date` its ISO 8601 text and a `Decimal`
/// a number (Foundation would otherwise encode these three as objects or raw seconds).
struct TemplateContextEncoder: Sendable {
    /// An encoder with no options: the mapping above is the only one.
    init() {}

    /// The template context `value` encodes to; errors are those `value`'s `encode(to:)` throws.
    func encode<Value: Encodable>(_ value: Value) throws -> TemplateValue {
        let root = EncodedNode()
        try root.store(value, codingPath: [])
        return root.templateValue
    }
}

/// One value under construction: containers hand out child nodes and fill them in later,
/// which is why this is a class (an `Encoder`'s containers share it).
private final class EncodedNode {
    enum Content {
        case empty
        case value(TemplateValue)
        case object([String: EncodedNode])
        case list([EncodedNode])
    }

    var content = Content.empty

    /// What was encoded here; object members that encoded to `null` are left out.
    var templateValue: TemplateValue {
        switch content {
        case .empty: return .null
        case .value(let value): return value
        case .list(let items): return .list(items.map(\.templateValue))
        case .object(let members):
            var object: [String: TemplateValue] = [:]
            for (key, node) in members {
                let value = node.templateValue
                if value != .null { object[key] = value }
            }
            return .object(object)
        }
    }

    /// Encodes `value` into this node, mapping the types templates show as text first.
    func store<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
        switch value {
        case let url as URL: content = .value(.string(url.absoluteString))
        case let date as Date: content = .value(.string(date.formatted(.iso8601)))
        case let decimal as Decimal: content = .value(.number(Double(decimal.description) ?? .nan))
        default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// The member node for `key`, made (and this node turned into an object) if needed.
    func member(_ key: String) -> EncodedNode {
        var members: [String: EncodedNode] = [:]
        if case .object(let existing) = content { members = existing }
        if let node = members[key] { return node }
        let node = EncodedNode()
        members[key] = node
        content = .object(members)
        return node
    }

    /// A new node appended to this list (this node turned into a list if needed).
    func appendItem() -> EncodedNode {
        var items: [EncodedNode] = []
        if case .list(let existing) = content { items = existing }
        let node = EncodedNode()
        items.append(node)
        content = .list(items)
        return node
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func becomeList() {
        if case .list = content { return }
        content = .list([])
    }
}

/// A coding key for list positions and `super`.
private struct ContextCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.becomeList()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .value(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(.number(Double(decimal: value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(Double(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(Double(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.member(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.becomeList()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.member("super"), codingPath: codingPath + [ContextCodingKey(stringValue: "super")])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }

    private func set(_ value: TemplateValue, _ key: Key) { node.member(key.stringValue).content = .value(value) }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]
    var count: Int {
        if case .list(let items) = node.content { return items.count }
        return 0
    }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(.number(value)) }
    mutating func encode(_ value: Float) throws { append(.number(Double(decimal: value))) }
    mutating func encode(_ value: Int) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { append(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { append(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { append(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        try node.appendItem().store(value, codingPath: codingPath + [ContextCodingKey(intValue: index)])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    )
        -> KeyedEncodingContainer<NestedKey>
    {
        let index = count
        let child = node.appendItem()
        child.becomeObject()
        return KeyedEncodingContainer(
            KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [ContextCodingKey(intValue: index)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = count
        let child = node.appendItem()
        child.becomeList()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [ContextCodingKey(intValue: index)])
    }

    mutating func superEncoder() -> any Encoder {
        let index = count
        return NodeEncoder(node: node.appendItem(), codingPath: codingPath + [ContextCodingKey(intValue: index)])
    }

    private func append(_ value: TemplateValue) { node.appendItem().content = .value(value) }
}

private struct SingleValueNodeContainer: SingleValueEncodingContainer {
    let node: EncodedNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .value(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .value(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .value(.number(value)) }
    mutating func encode(_ value: Float) throws { node.content = .value(.number(Double(decimal: value))) }
    mutating func encode(_ value: Int) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int8) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt8) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt32) throws { node.content = .value(.number(Double(value))) }
    mutating func encode(_ value: UInt64) throws { node.content = .value(.number(Double(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}

extension Double {
    /// `value` as the `Double` its shortest decimal text names, so `Float(1.1)` shows as `1.1`
    /// rather than `1.100000023841858`.
    fileprivate init(decimal value: Float) {
        self = Double("\(value)") ?? Double(value)
    }
}
