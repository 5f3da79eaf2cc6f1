/// A number of things, with what a template needs to say it in words
/// (`{{value}} photo{{^one}}s{{/one}}`).
package struct Count: Encodable, Sendable, Hashable {
    /// The number.
    package var value: Int
    /// Whether the number is exactly one.
    package var one: Bool

    package init(_ value: Int) {
        self.value = value
        one = value == 1
    }
}
