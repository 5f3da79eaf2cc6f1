import CMark
import Foundation

/// One parsed CommonMark text: libcmark's node tree, owned here and nowhere else.
///
/// libcmark's nodes hold the addresses of their parent, siblings and children between
/// calls, so the tree stays where libcmark allocated it: this class holds its root, frees
/// it exactly once in `deinit`, and no node pointer leaves its methods. Walks follow those
/// parent, child and sibling pointers in loops of our own, never by recursion (no text can
/// make a walk use more stack) and never with `cmark_iter`, which must not see the tree
/// change under it as `flattenNesting` changes it.
final class CommonMarkTree {
    private let root: OpaquePointer
    private let options: Int32

    /// Parses `markdown`; nil only when libcmark runs out of memory. libcmark copies the
    /// text while it parses: the tree does not point into `markdown`.
    init?(parsing markdown: String, options: Int32) {
        let parsed = markdown.utf8CString.withUnsafeBufferPointer { text in
            cmark_parse_document(text.baseAddress, text.count - 1, options)
        }
        guard let parsed else { return nil }
        root = parsed
        self.options = options
    }

    deinit {
        cmark_node_free(root)
    }

    /// The tree as HTML, by libcmark's renderer.
    func html() -> String {
        guard let rendered = cmark_render_html(root, options) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// The node after `node` in document order: its first child when `descending`, else
    /// the next sibling of it or of its nearest ancestor that has one; nil at the end.
    /// `leaving` is called with each ancestor the walk climbs out of.
    func successor(
        of node: OpaquePointer, descending: Bool, leaving: (OpaquePointer) -> Void = { _ in }
    ) -> OpaquePointer? {
        if descending, let child = cmark_node_first_child(node) { return child }
        var current = node
        while true {
            if let sibling = cmark_node_next(current) { return sibling }
            guard let parent = cmark_node_parent(current), parent != root else { return nil }
            leaving(parent)
            current = parent
        }
    }

    /// Calls `body` with each node in document order and the line it is on (an inline node,
    /// which libcmark gives no line, is on the line of the block before it). `body` must
    /// not change the tree.
    func forEachNode(_ body: (_ node: OpaquePointer, _ line: Int) -> Void) {
        var line = 1
        var node = firstNode
        while let current = node {
            let start = Int(cmark_node_get_start_line(current))
            if start > 0 { line = start }
            body(current, line)
            node = successor(of: current, descending: true)
        }
    }

    /// The first node of the text, nil for an empty one.
    var firstNode: OpaquePointer? { cmark_node_first_child(root) }

    /// Whether `node` is the root, which holds the whole text.
    func isRoot(_ node: OpaquePointer) -> Bool { node == root }
}
