/// What a writer did with the products of the plans it carried, by kind, and what it
/// removed: `SiteWriter.finish` returns it.
struct WriteReport: Sendable, Equatable {
    /// One kind's products.
    struct Tally: Sendable, Equatable {
        /// Made, and written because the file's bytes changed (or it was missing).
        var written = 0
        /// Made again, but the file already held exactly these bytes: left as it was.
        var unchanged = 0
        /// Up to date by the plan: not made, and the file stays as it is.
        var kept = 0
        /// Not made: linked (or copied) from a file of an earlier build made from the same
        /// recipe under another name (its photo or album was renamed or moved).
        var linked = 0
    }

    /// Each kind's products; a kind no plan listed has none.
    var tallies: [Product.Kind: Tally] = [:]
    /// Files earlier builds made that no plan of this build listed, or whose product was
    /// not made (its photo failed to decode): deleted, by site-relative path.
    var removed: [String] = []

    /// The tally of one kind.
    subscript(kind: Product.Kind) -> Tally { tallies[kind] ?? Tally() }

    /// The build report's "generated": every image made (it was encoded, even when its
    /// bytes came out the same) and every other file whose bytes changed.
    var generated: Int {
        tallies.reduce(0) { sum, entry in
            sum + entry.value.written + (entry.key == .image ? entry.value.unchanged : 0)
        }
    }

    /// The build report's "reused": every product kept or linked, and every file other than
    /// an image that was made again into the bytes it already held.
    var reused: Int {
        tallies.reduce(0) { sum, entry in
            sum + entry.value.kept + entry.value.linked + (entry.key == .image ? 0 : entry.value.unchanged)
        }
    }
}
