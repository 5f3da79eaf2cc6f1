import Foundation

extension ConfigurationDocument: Decodable {
    /// Reads a JSON configuration. JSON records no lines, so errors name the key only;
    /// keys are sorted, so the first error reported does not depend on hashing.
    static func json(_ data: Data, file: String) throws(ConfigurationError) -> ConfigurationDocument {
        do {
            return try JSONDecoder().decode(ConfigurationDocument.self, from: data)
        } catch {
            let detail = (error as? DecodingError).map(Self.describe) ?? "\(error)"
            throw ConfigurationError(file: file, reason: .malformed(detail))
        }
    }

    package init(from decoder: any Decoder) throws {
        if let map = try? decoder.container(keyedBy: AnyKey.self) {
            let keys = map.allKeys.sorted { $0.stringValue < $1.stringValue }
            var entries: [Entry] = []
            for key in keys {
                entries.append(
                    Entry(key: key.stringValue, value: try map.decode(ConfigurationDocument.self, forKey: key)))
            }
            self.init(.map(entries))
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [ConfigurationDocument] = []
            while !list.isAtEnd { items.append(try list.decode(ConfigurationDocument.self)) }
            self.init(.list(items))
        } else {
            let scalar = try decoder.singleValueContainer()
            if scalar.decodeNil() {
                self.init(.null)
            } else if let flag = try? scalar.decode(Bool.self) {
                self.init(.bool(flag))
            } else if let number = try? scalar.decode(Double.self) {
                self.init(.number(number))
            } else {
                self.init(.text(try scalar.decode(String.self)))
            }
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
