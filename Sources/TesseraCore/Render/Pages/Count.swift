/// A number of things, with what a template needs to say it in words
/// (`{{value}} photo{{^one}}s{{/one}}`).
public struct Count: Encodable, Sendable, Hashable {
    /// The number.
    public var value: Int
    /// Whether the number is exactly one.
    public var one: Bool

    public init(_ value: Int) {
        self.value = value
        one = value == 1
    }
}
