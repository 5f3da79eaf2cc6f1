import Foundation

/// The port through which Core turns CommonMark (album descriptions, photo sidecars) into
/// HTML. `TesseraMarkdown` implements it with libcmark; `PlainTextMarkdown` is the stand-in
/// when no renderer is given.
package protocol MarkdownRendering: Sendable {
    /// The HTML of `markdown`. Unless `allowRawHTML`, HTML written in the text is replaced
    /// by a comment and `javascript:` links are dropped, so the result is safe to insert
    /// into a page as it is.
    func html(fromMarkdown markdown: String, allowRawHTML: Bool) -> String
}

/// A `MarkdownRendering` without Markdown: each paragraph escaped and wrapped in `<p>`.
package struct PlainTextMarkdown: MarkdownRendering {
    package init() {}

    package func html(fromMarkdown markdown: String, allowRawHTML: Bool) -> String {
        markdown.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map { "<p>\(HTML.escape($0))</p>\n" }
            .joined()
    }
}
