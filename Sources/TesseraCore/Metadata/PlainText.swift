import Foundation

/// Markdown reduced to plain text on one line, for `alt` and `<meta name="description">`,
/// which cannot hold markup.
enum PlainText {
    /// The text of `markdown` without emphasis marks, link targets or line breaks.
    static func summary(ofMarkdown markdown: String) -> String {
        var text = markdown
        // [label](target) → label; ![alt](src) → alt.
        if let links = try? NSRegularExpression(pattern: #"!?\[([^\]]*)\]\([^)]*\)"#) {
            text = links.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1")
        }
        if let tags = try? NSRegularExpression(pattern: #"<[^>]+>"#) {
            text = tags.stringByReplacingMatches(
                in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
        }
        let marks = CharacterSet(charactersIn: "*_`#>")
        text = String(text.unicodeScalars.filter { !marks.contains($0) }.map(Character.init))
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
