import Foundation

/// Writes an `Encodable` value as compact JSON with every object's keys sorted (by their
/// UTF-8 bytes) and `/` unescaped: what `JSONEncoder` with `.sortedKeys` and
/// `.withoutEscapingSlashes` writes, read back the same by `JSONDecoder`, without holding
/// the whole value as a tree first.
///
/// For the manifest (issue 22: memory grows with the library): `JSONEncoder` builds a tree
/// of boxed values of all of it before writing a byte, the largest thing a build holds at
/// its checkpoints (27 % of the heap at its peak for 5,000 photos). Here each value coded
/// by `encode(_:forKey:)` is written to bytes as soon as it has been coded, so what is held
/// at once is the bytes plus the containers along one path.
enum SortedJSONWriter {
    /// The JSON of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a number JSON cannot hold (NaN, infinity),
    ///   or what `value`'s own `encode(to:)` throws.
    static func bytes<Value: Encodable>(of value: Value) throws -> [UInt8] {
        let node = Node()
        try Writer.write(value, into: node, codingPath: [])
        var out: [UInt8] = []
        node.serialize(into: &out)
        return out
    }

    /// What one encoder was given: nothing yet, one scalar's JSON, or a container.
    fileprivate final class Node {
        enum Content {
            case empty
            case scalar([UInt8])
            case object([(key: String, value: Slot)])
            case array([Slot])
        }
        /// A member's value: its JSON, or a container still being filled (a nested one).
        enum Slot {
            case json([UInt8])
            case node(Node)
        }

        var content = Content.empty

        func serialize(into out: inout [UInt8]) {
            switch content {
            case .empty: out += Array("{}".utf8)
            case .scalar(let json): out += json
            case .array(let items):
                out.append(UInt8(ascii: "["))
                for (index, item) in items.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    Self.serialize(item, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            case .object(let members):
                out.append(UInt8(ascii: "{"))
                // Sorted by key, the last of a key coded twice winning, as in JSONEncoder.
                let order = members.indices.sorted { a, b in
                    let (x, y) = (members[a].key, members[b].key)
                    return x == y ? a < b : x.utf8.lexicographicallyPrecedes(y.utf8)
                }
                var first = true
                for (position, index) in order.enumerated() {
                    if position + 1 < order.count, members[order[position + 1]].key == members[index].key { continue }
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    Writer.appendString(members[index].key, to: &out)
                    out.append(UInt8(ascii: ":"))
                    Self.serialize(members[index].value, into: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
        }

        private static func serialize(_ slot: Slot, into out: inout [UInt8]) {
            switch slot {
            case .json(let json): out += json
            case .node(let node): node.serialize(into: &out)
            }
        }

        func append(_ slot: Slot, forKey key: String) {
            if case .object(var members) = content {
                content = .empty
                members.append((key, slot))
                content = .object(members)
            } else {
                content = .object([(key, slot)])
            }
        }

        func append(_ slot: Slot) {
            if case .array(var items) = content {
                content = .empty
                items.append(slot)
                content = .array(items)
            } else {
                content = .array([slot])
            }
        }

        var count: Int {
            switch content {
            case .array(let items): return items.count
            case .object(let members): return members.count
            default: return 0
            }
        }
    }

    /// The `Encoder` a value codes itself to, filling one node.
    fileprivate final class Writer: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(node: Node, codingPath: [any CodingKey]) {
            self.node = node
            self.codingPath = codingPath
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.content {} else { node.content = .object([]) }
            return KeyedEncodingContainer(KeyedWriter<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.content {} else { node.content = .array([]) }
            return UnkeyedWriter(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleWriter(node: node, codingPath: codingPath)
        }

        /// Codes `value` into `node`: a scalar directly, anything else through its own
        /// `encode(to:)` (with `URL` and `Data` written as `JSONEncoder` writes them).
        static func write<Value: Encodable>(_ value: Value, into node: Node, codingPath: [any CodingKey]) throws {
            if let json = try scalar(value, codingPath: codingPath) {
                node.content = .scalar(json)
            } else {
                try value.encode(to: Writer(node: node, codingPath: codingPath))
            }
        }

        /// `value` written now, with everything it holds: nothing of it is kept but bytes.
        static func json<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws -> [UInt8] {
            if let json = try scalar(value, codingPath: codingPath) { return json }
            let node = Node()
            try value.encode(to: Writer(node: node, codingPath: codingPath))
            var out: [UInt8] = []
            node.serialize(into: &out)
            return out
        }

        private static func scalar<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws -> [UInt8]? {
            switch value {
            case let text as String: return quoted(text)
            case let flag as Bool: return Array((flag ? "true" : "false").utf8)
            case let number as any BinaryInteger: return Array("\(number)".utf8)
            case let number as Double: return try self.number(number, codingPath: codingPath)
            case let number as Float: return try self.number(number, codingPath: codingPath)
            case let url as URL: return quoted(url.absoluteString)
            case let data as Data: return quoted(data.base64EncodedString())
            default: return nil
            }
        }

        static func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(
            _ value: Number, codingPath: [any CodingKey]
        ) throws -> [UInt8] {
            guard value.isFinite else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not valid in JSON"))
            }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            return Array(text.utf8)
        }

        static func quoted(_ text: String) -> [UInt8] {
            var out: [UInt8] = []
            appendString(text, to: &out)
            return out
        }

        static func appendString(_ text: String, to out: inout [UInt8]) {
            out.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
                case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    fileprivate struct KeyedWriter<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            node.append(.json(Array("null".utf8)), forKey: key.stringValue)
        }

        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
            node.append(.json(try Writer.json(value, codingPath: codingPath + [key])), forKey: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = Node()
            node.append(.node(child), forKey: key.stringValue)
            return Writer(node: child, codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = Node()
            node.append(.node(child), forKey: key.stringValue)
            return Writer(node: child, codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let child = Node()
            node.append(.node(child), forKey: "super")
            return Writer(node: child, codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let child = Node()
            node.append(.node(child), forKey: key.stringValue)
            return Writer(node: child, codingPath: codingPath + [key])
        }
    }

    fileprivate struct UnkeyedWriter: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        mutating func encodeNil() throws { node.append(.json(Array("null".utf8))) }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            node.append(.json(try Writer.json(value, codingPath: codingPath)))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<
            NestedKey
        > {
            let child = Node()
            node.append(.node(child))
            return Writer(node: child, codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = Node()
            node.append(.node(child))
            return Writer(node: child, codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let child = Node()
            node.append(.node(child))
            return Writer(node: child, codingPath: codingPath)
        }
    }

    fileprivate struct SingleWriter: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .scalar(Array("null".utf8)) }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            try Writer.write(value, into: node, codingPath: codingPath)
        }
    }
}
