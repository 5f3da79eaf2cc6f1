/// A value held behind a reference, never changed once made (a new one replaces it), so
/// every copy of a struct that holds it shares one copy of its bytes, safely across threads.
/// Coded, compared and hashed as the value itself: a field held this way is written to the
/// manifest and to every fingerprint exactly as it was held inline.
///
/// For the big, mostly-read parts of what a photo's record carries (its metadata, a video's
/// facts, a motion), which the manifest, the read stage's results, the writer's record and
/// the plan each copy: inline, they made a manifest record 1,424 bytes (issue 22: memory
/// grew with the library).
final class SharedValue<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    let value: Value

    init(_ value: Value) { self.value = value }

    init(from decoder: any Decoder) throws { value = try Value(from: decoder) }

    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }

    static func == (lhs: SharedValue, rhs: SharedValue) -> Bool { lhs === rhs || lhs.value == rhs.value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
