/// A Markdown text as pages use it: HTML for the page itself, and plain text on one line
/// for `alt` and `<meta name="description">`, which cannot hold markup.
package struct RenderedMarkdown: Sendable, Hashable {
    /// Something in the text that had to be changed to render it, such as nesting too deep
    /// to show: the build goes on, and the user is told where.
    package struct Notice: Sendable, Hashable {
        /// 1-based, in the Markdown text given (not the file it came from).
        var line: Int
        var message: String

        package init(line: Int, message: String) {
            self.line = line
            self.message = message
        }
    }

    var html: String
    /// The words of the text without markup, link targets or line breaks.
    var plainText: String
    var notices: [Notice]

    package init(html: String, plainText: String, notices: [Notice] = []) {
        self.html = html
        self.plainText = plainText
        self.notices = notices
    }

    /// `text` on one line: every run of white space (line breaks too) becomes one space.
    package static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
