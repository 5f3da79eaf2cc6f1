import CMark
import TesseraCore

/// CommonMark to HTML and plain text through libcmark. Raw HTML in the text, and links and
/// images to `javascript:` and the like, are left out (cmark's safe mode, its default since
/// 0.29) unless the configuration allows raw HTML, with a notice for each piece left out.
///
/// The text is parsed once; the HTML is libcmark's rendering of the tree and the plain text
/// is read from the same tree, so both say the same words (entities decoded, escapes
/// removed, link targets left out) in time linear in the text. Nesting deeper than
/// `maxNesting` is flattened first, with a notice naming the line.
package struct CommonMarkRenderer: MarkdownRendering {
    /// How many lists and block quotes may nest, and how many emphases, links and images:
    /// far more than any description needs, few enough that no page holds a tree a browser
    /// struggles with (10,000 nested lists made a build take 31 s and 1.9 GB).
    package static let maxNesting = 32

    package init() {}

    package func render(_ markdown: String, allowRawHTML: Bool) -> RenderedMarkdown {
        // Smart punctuation ("quotes" → “quotes”) as photographers type them.
        var options = CMARK_OPT_SMART
        options |= allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_SAFE
        guard let tree = CommonMarkTree(parsing: markdown, options: options) else {
            return RenderedMarkdown(html: "", plainText: RenderedMarkdown.oneLine(markdown))
        }
        var notices = tree.flattenNesting(deeperThan: Self.maxNesting)
        if !allowRawHTML { notices += tree.rawHTMLNotices() + tree.removeUnsafeLinks() }
        return RenderedMarkdown(html: tree.html(), plainText: tree.plainText(), notices: notices)
    }
}
