import Foundation
import TesseraTemplate

/// The port through which Core turns CommonMark (album descriptions, photo sidecars) into
/// HTML and plain text. `TesseraMarkdown` implements it with libcmark; `PlainTextMarkdown`
/// is the stand-in when no renderer is given.
///
/// An implementation reads any text in time linear in its length and bounds how deeply
/// the result nests, saying where it had to (`RenderedMarkdown.notices`).
package protocol MarkdownRendering: Sendable {
    /// The HTML and plain text of `markdown`. Unless `allowRawHTML`, HTML written in the
    /// text is replaced by a comment and `javascript:` links are dropped, so the HTML is
    /// safe to insert into a page as it is.
    func render(_ markdown: String, allowRawHTML: Bool) -> RenderedMarkdown
}

extension MarkdownRendering {
    /// The HTML of `markdown` alone.
    func html(fromMarkdown markdown: String, allowRawHTML: Bool) -> String {
        render(markdown, allowRawHTML: allowRawHTML).html
    }
}

/// A `MarkdownRendering` without Markdown: each paragraph escaped and wrapped in `<p>`.
struct PlainTextMarkdown: MarkdownRendering {
    init() {}

    func render(_ markdown: String, allowRawHTML: Bool) -> RenderedMarkdown {
        let html = markdown.components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
            .map { "<p>\(HTML.escape($0))</p>\n" }
            .joined()
        return RenderedMarkdown(html: html, plainText: RenderedMarkdown.oneLine(markdown))
    }
}
