/// A number of things, said in the theme's words: `{{text}}` ("12 photos", the text the
/// language's plural rules choose), or built by hand from `{{value}}` and `{{category}}`.
struct Count: Encodable, Sendable, Hashable {
    /// The number.
    var value: Int
    /// Whether the number is exactly one. Kept for templates written before `category` and
    /// `text` (`{{value}} photo{{^one}}s{{/one}}`); English only.
    var one: Bool
    /// The number's CLDR plural category in the page's language: `zero`, `one`, `two`,
    /// `few`, `many` or `other`.
    var category: String
    /// The number with its noun, from the theme's words (`12 photos`).
    var text: String

    init(_ value: Int, category: String, text: String) {
        self.value = value
        one = value == 1
        self.category = category
        self.text = text
    }
}
