import Foundation
import TesseraCore

/// Reading ffprobe's JSON without trusting its shapes: tag values and names come from the
/// file, and an unexpected type in one field must cost that field, not the whole report.
extension KeyedDecodingContainer {
    /// A string, or a number or boolean written as text; `nil` for anything else.
    func text(_ key: Key) -> String? {
        (try? decodeIfPresent(LenientText.self, forKey: key))??.value
    }

    /// A whole number given as a number or as numeric text, within `Int32`'s range.
    func integer(_ key: Key) -> Int? {
        guard let value = number(key), value.rounded() == value, abs(value) <= Double(Int32.max) else { return nil }
        return Int(value)
    }

    /// A finite number given as a number or as numeric text (ffprobe writes most as text).
    func number(_ key: Key) -> Double? {
        guard let text = text(key), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// An object of tags, keeping the values that are text or numbers.
    func tags(_ key: Key) -> [String: String] {
        guard let tags = try? decodeIfPresent([String: LenientText].self, forKey: key) else { return [:] }
        return tags.compactMapValues(\.value)
    }

    /// An array whose elements are decoded one by one; those that fail are left out.
    func list<Element: Decodable>(_ key: Key, of type: Element.Type) -> [Element] {
        guard let elements = try? decodeIfPresent([Lenient<Element>].self, forKey: key) else { return [] }
        return elements.compactMap(\.value)
    }
}

/// Any JSON value; its text when it is a string, number or boolean.
struct LenientText: Decodable {
    let value: String?

    init(from decoder: any Decoder) throws {
        guard let single = try? decoder.singleValueContainer() else {
            value = nil
            return
        }
        if let string = try? single.decode(String.self) {
            value = string
        } else if let integer = try? single.decode(Int.self) {
            value = String(integer)
        } else if let double = try? single.decode(Double.self), double.isFinite {
            value = String(double)
        } else if let bool = try? single.decode(Bool.self) {
            value = bool ? "1" : "0"
        } else {
            value = nil
        }
    }
}

/// An element that may fail to decode without failing its array.
struct Lenient<Wrapped: Decodable>: Decodable {
    let value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}

/// A JSON key that is whatever the document says.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
