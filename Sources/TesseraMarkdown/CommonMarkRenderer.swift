import CMark
import Foundation
import TesseraCore

/// CommonMark to HTML through libcmark. Raw HTML in the text is left out (cmark's safe
/// mode, its default since 0.29) unless the configuration allows it.
package struct CommonMarkRenderer: MarkdownRendering {
    package init() {}

    package func html(fromMarkdown markdown: String, allowRawHTML: Bool) -> String {
        // Smart punctuation ("quotes" → “quotes”) as photographers type them.
        var options = CMARK_OPT_SMART
        options |= allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_SAFE
        let bytes = Array(markdown.utf8)
        guard
            let rendered = bytes.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                        cmark_markdown_to_html($0, buffer.count, options)
                    }
                } ?? cmark_markdown_to_html("", 0, options)
            })
        else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
