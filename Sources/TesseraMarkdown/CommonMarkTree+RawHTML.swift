import CMark
import TesseraCore

extension CommonMarkTree {
    /// One notice for each piece of raw HTML in the text (a block, or an inline tag other
    /// than a closing one), which safe mode leaves out: the line it starts on, its first
    /// words, and the setting that keeps it. A closing tag goes with its opening one.
    func rawHTMLNotices() -> [RenderedMarkdown.Notice] {
        var notices: [RenderedMarkdown.Notice] = []
        forEachNode { node, line in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
                let literal = cmark_node_get_literal(node).map({ String(cString: $0) })
            else { return }
            let words = literal.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !words.isEmpty, !words.hasPrefix("</") {
                let shown = words.count > 60 ? String(words.prefix(59)) + "…" : words
                notices.append(
                    RenderedMarkdown.Notice(
                        line: line,
                        message: "raw HTML '\(shown)' is left out of the page; set 'allow_html: true' in "
                            + "tessera.yaml to keep it"))
            }
        }
        return notices
    }
}
