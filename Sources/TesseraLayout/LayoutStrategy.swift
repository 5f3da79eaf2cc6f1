/// How rows are broken.
package enum LayoutStrategy: String, Sendable, Codable, CaseIterable {
    /// Shortest path over every break position: the rows that minimise the total row cost.
    case optimal
    /// Flickr-like baseline: closes a row as soon as its height drops to 1.25 × target or below.
    case greedy
}
