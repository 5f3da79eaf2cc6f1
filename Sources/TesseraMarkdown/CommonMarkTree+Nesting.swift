import CMark
import TesseraCore

extension CommonMarkTree {
    /// What nests: lists and block quotes inside each other, and emphasis, links and
    /// images inside each other (list items go with their list).
    private enum Nesting {
        case block, inline

        init?(_ type: cmark_node_type) {
            switch type {
            case CMARK_NODE_LIST, CMARK_NODE_BLOCK_QUOTE: self = .block
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG, CMARK_NODE_LINK, CMARK_NODE_IMAGE: self = .inline
            default: return nil
            }
        }
    }

    /// Flattens every list or block quote nested inside more than `limit` others into the
    /// one around it, and every emphasis, link or image inside more than `limit` others
    /// likewise: the deeper levels are gone, every word they held is kept, in order. One
    /// notice for each kind, at the line of the first level cut.
    ///
    /// One pass: a node moves at most once, into the container at the limit, which is
    /// never deeper than `limit` levels, so libcmark's checks on each move stay short.
    func flattenNesting(deeperThan limit: Int) -> [RenderedMarkdown.Notice] {
        var depth = (block: 0, inline: 0)
        var cut: (block: Int?, inline: Int?) = (nil, nil)
        func enter(_ node: OpaquePointer, by step: Int) {
            switch Nesting(cmark_node_get_type(node)) {
            case .block: depth.block += step
            case .inline: depth.inline += step
            case nil: break
            }
        }
        var node = firstNode
        while let current = node {
            let nesting = Nesting(cmark_node_get_type(current))
            let tooDeep =
                switch nesting {
                case .block: depth.block >= limit
                case .inline: depth.inline >= limit
                case nil: false
                }
            if tooDeep, let dissolved = dissolve(current) {
                if nesting == .block, cut.block == nil { cut.block = dissolved.line }
                if nesting == .inline, cut.inline == nil { cut.inline = dissolved.line }
                node =
                    dissolved.next
                    ?? dissolved.parent.flatMap { parent in
                        if isRoot(parent) { return nil }
                        enter(parent, by: -1)
                        return successor(of: parent, descending: false) { enter($0, by: -1) }
                    }
                continue
            }
            if cmark_node_first_child(current) != nil { enter(current, by: 1) }
            node = successor(of: current, descending: true) { enter($0, by: -1) }
        }
        var notices: [RenderedMarkdown.Notice] = []
        if let line = cut.block {
            notices.append(
                RenderedMarkdown.Notice(
                    line: line,
                    message: "lists and block quotes are nested more than \(limit) levels deep; the deeper ones "
                        + "are shown at level \(limit), with all their text"))
        }
        if let line = cut.inline {
            notices.append(
                RenderedMarkdown.Notice(
                    line: line,
                    message: "emphasis and links are nested more than \(limit) levels deep; the deeper ones are "
                        + "left out and their text is kept"))
        }
        return notices
    }

    /// Moves what `node` holds (a list: what its items hold) to just before it, then frees
    /// it. Returns the line it started on and the node to visit next (the first one moved,
    /// else the one after it; nil when it was the last in `parent`), or nil, leaving it in
    /// place, when libcmark refuses a move.
    private func dissolve(
        _ node: OpaquePointer
    ) -> (line: Int, next: OpaquePointer?, parent: OpaquePointer?)? {
        let line = Self.line(of: node)
        let previous = cmark_node_previous(node)
        let parent = cmark_node_parent(node)
        var containers = [node]
        if cmark_node_get_type(node) == CMARK_NODE_LIST {
            containers = []
            var item = cmark_node_first_child(node)
            while let current = item {
                containers.append(current)
                item = cmark_node_next(current)
            }
        }
        for container in containers {
            while let child = cmark_node_first_child(container) {
                guard cmark_node_insert_before(node, child) == 1 else { return nil }
            }
        }
        cmark_node_free(node)
        // A tight list shows an item's paragraphs without `<p>`: the ones moved into its
        // item would run together, so the list becomes a loose one.
        if let parent, cmark_node_get_type(parent) == CMARK_NODE_ITEM, let list = cmark_node_parent(parent) {
            cmark_node_set_list_tight(list, 0)
        }
        let next = previous.map(cmark_node_next) ?? parent.flatMap(cmark_node_first_child)
        return (line, next, parent)
    }

    /// The line a node starts on, or its nearest ancestor's when libcmark kept none for it.
    private static func line(of node: OpaquePointer) -> Int {
        var current: OpaquePointer? = node
        while let candidate = current {
            let line = Int(cmark_node_get_start_line(candidate))
            if line > 0 { return line }
            current = cmark_node_parent(candidate)
        }
        return 1
    }
}
