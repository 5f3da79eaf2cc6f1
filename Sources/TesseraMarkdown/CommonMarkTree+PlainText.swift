import CMark
import TesseraCore

extension CommonMarkTree {
    /// The words of the text on one line: text and code as written, line breaks and block
    /// boundaries as spaces (list items after the first with a `;` unless the one before
    /// ends with a mark of its own), images by their alt text, links by their text; inline
    /// HTML left out, and HTML blocks by the words a browser would show between their tags
    /// (the words stay, whether the page keeps the HTML or not; never a script's, a style's
    /// or a comment's text, which are no words). One pass over the tree.
    func plainText() -> String {
        var text = ""
        var node = firstNode
        // Inside an inline `<script>` … `</script>` of a paragraph: its text is no words.
        var hiddenElement: String?
        while let current = node {
            let type = cmark_node_get_type(current)
            switch type {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                if hiddenElement == nil { text += literal(current) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            case CMARK_NODE_CODE_BLOCK:
                text += " " + literal(current) + " "
            case CMARK_NODE_HTML_BLOCK:
                text += " " + Self.shownText(literal(current)) + " "
            case CMARK_NODE_HTML_INLINE:
                let tag = Self.tag(literal(current))
                if let name = hiddenElement {
                    if tag?.name == name && tag?.closes == true { hiddenElement = nil }
                } else if let tag, !tag.closes, !tag.selfCloses, Self.hiddenContent.contains(tag.name) {
                    hiddenElement = tag.name
                }
            case CMARK_NODE_ITEM:
                // Items after the first read as a list does aloud: `milk; eggs`, unless the
                // item before ends its own sentence.
                if cmark_node_previous(current) != nil, !Self.endsClause(text) { text += ";" }
                text += " "
            default:
                // A paragraph, heading or item starts: its words are not the last block's.
                if type.rawValue <= CMARK_NODE_LAST_BLOCK.rawValue {
                    text += " "
                    hiddenElement = nil
                }
            }
            node = successor(of: current, descending: true)
        }
        return RenderedMarkdown.oneLine(text)
    }

    /// Whether `text`, less trailing white space, ends with a mark that closes a clause.
    private static func endsClause(_ text: String) -> Bool {
        guard let last = text.last(where: { !$0.isWhitespace }) else { return true }
        return ".!?;:,…。！？；：،؛".contains(last)
    }

    private func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// What a browser shows of `html`: the text between its tags, without the content of
    /// elements whose text is code or data (`<script>`, `<style>`, `<textarea>`,
    /// `<template>`, `<noscript>`, `<title>`) nor comments. One pass: once a `<` has no `>`
    /// after it, no later one has either.
    static func shownText(_ html: String) -> String {
        var kept = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            let afterOpen = rest.index(after: open)
            kept += rest[..<open]
            if rest[afterOpen...].hasPrefix("!--") {
                guard let end = rest[afterOpen...].range(of: "-->") else { return kept }
                rest = rest[end.upperBound...]
                continue
            }
            guard let close = rest[afterOpen...].firstIndex(of: ">") else { return kept + rest[open...] }
            if close == afterOpen { kept += "<>" }  // `<>` is no tag
            let opened = tag(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
            if let opened, !opened.closes, !opened.selfCloses, hiddenContent.contains(opened.name) {
                // Up to its end tag (`</script>`, not `</scripts>`), or the end of the block.
                guard let endClose = endTag(of: opened.name, in: rest) else { return kept }
                rest = rest[rest.index(after: endClose)...]
            }
        }
        return kept + rest
    }

    /// A tag's name, lower-cased (up to a space, `/` or `>`), and whether it closes an
    /// element (`</b>`) or closes itself (`<br/>`); nil for text that is no tag.
    static func tag(_ html: String) -> (name: String, closes: Bool, selfCloses: Bool)? {
        guard html.hasPrefix("<") else { return nil }
        var rest = html.dropFirst()
        let closes = rest.hasPrefix("/")
        if closes { rest = rest.dropFirst() }
        let name = rest.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }.lowercased()
        guard let first = name.first, first.isLetter else { return nil }
        return (name, closes, html.hasSuffix("/>"))
    }

    /// Where the `>` of `name`'s end tag is in `text`: `</name` then a space, `/` or `>`.
    private static func endTag(of name: String, in text: Substring) -> String.Index? {
        var rest = text
        while let start = rest.range(of: "</" + name, options: .caseInsensitive) {
            let after = rest[start.upperBound...]
            if let next = after.first, next.isWhitespace || next == "/" || next == ">" {
                return after.firstIndex(of: ">")
            }
            rest = after
        }
        return nil
    }

    /// Elements whose content a browser never shows as text.
    private static let hiddenContent: Set<String> = ["script", "style", "textarea", "template", "noscript", "title"]
}
