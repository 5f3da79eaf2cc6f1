import CMark
import TesseraCore

extension CommonMarkTree {
    /// Takes out every link and image whose address a page must not carry — `javascript:`,
    /// `vbscript:`, `file:`, and `data:` but for a PNG, GIF, JPEG or WebP image, the
    /// addresses libcmark's safe mode blanks — keeping its words (a link's text, an
    /// image's description) where it stood, and returns a notice for each, naming its line.
    /// Safe mode alone left `<a href="">` and `<img src="">` (a broken image `tessera
    /// verify` then failed the site for) and said nothing.
    func removeUnsafeLinks() -> [RenderedMarkdown.Notice] {
        var unsafe: [(node: OpaquePointer, line: Int, url: String, isImage: Bool)] = []
        forEachNode { node, line in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE,
                let url = cmark_node_get_url(node).map({ String(cString: $0) }), Self.isUnsafe(url)
            {
                unsafe.append((node, line, url, type == CMARK_NODE_IMAGE))
            }
        }
        // Innermost first: a link inside an image's description is moved out with it.
        var notices: [RenderedMarkdown.Notice] = []
        for found in unsafe.reversed() {
            while let child = cmark_node_first_child(found.node) {
                guard cmark_node_insert_before(found.node, child) == 1 else { break }
            }
            if cmark_node_first_child(found.node) == nil { cmark_node_free(found.node) }
            let shown = found.url.count > 40 ? String(found.url.prefix(39)) + "…" : found.url
            notices.append(
                RenderedMarkdown.Notice(
                    line: found.line,
                    message: "the \(found.isImage ? "image" : "link") to '\(shown)' is left out of the page "
                        + "(its words are kept): a page must not run or load what such an address holds"))
        }
        return notices.reversed()
    }

    /// Whether libcmark's safe mode would blank `url` (its `_scan_dangerous_url`).
    static func isUnsafe(_ url: String) -> Bool {
        let lowered = url.lowercased()
        if lowered.hasPrefix("data:") {
            return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains {
                lowered.hasPrefix($0)
            }
        }
        return ["javascript:", "vbscript:", "file:"].contains { lowered.hasPrefix($0) }
    }
}
