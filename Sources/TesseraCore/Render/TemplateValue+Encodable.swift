import Foundation

// Temporary bridge until the template encoder lands: Encodable → JSON → TemplateValue.
extension TemplateValue: Decodable {
    /// The template value of an `Encodable` page model.
    static func encoding<Value: Encodable>(_ value: Value) -> TemplateValue {
        let data = (try? JSONEncoder().encode(value)) ?? Data("{}".utf8)
        return (try? JSONDecoder().decode(TemplateValue.self, from: data)) ?? .null
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([TemplateValue].self) {
            self = .list(items)
        } else {
            self = .object(try container.decode([String: TemplateValue].self))
        }
    }
}
