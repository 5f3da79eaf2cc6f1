/// A number of things, with what a template needs to say it in words
/// (`{{value}} photo{{^one}}s{{/one}}`).
struct Count: Encodable, Sendable, Hashable {
    /// The number.
    var value: Int
    /// Whether the number is exactly one.
    var one: Bool

    init(_ value: Int) {
        self.value = value
        one = value == 1
    }
}
