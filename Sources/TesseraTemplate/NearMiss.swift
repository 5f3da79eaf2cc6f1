/// Finds the name someone probably meant when they wrote one that does not exist: a
/// template variable, a configuration key, a command-line option or subcommand.
package enum NearMiss {
    /// The candidate closest to `name` by edit distance (a swap of two neighbours counts as
    /// one edit), if it is close enough to be a typo and keeps some of `name`'s letters (so `c`
    /// does not suggest `a`); ties go to the alphabetically first. `limit` narrows "close
    /// enough" to at most that many edits.
    package static func nearest(
        to name: String, among candidates: some Sequence<String>, within limit: Int = .max
    ) -> String? {
        let limit = min(limit, max(1, min(3, name.count / 3 + 1)))
        var best: (distance: Int, name: String)?
        for candidate in Set(candidates).sorted() where candidate != name {
            let distance = editDistance(Array(name), Array(candidate))
            if distance <= limit, distance < min(name.count, candidate.count), distance < (best?.distance ?? .max) {
                best = (distance, candidate)
            }
        }
        return best?.name
    }

    /// Insertions, deletions, substitutions and adjacent swaps turning `a` into `b`
    /// (the optimal-string-alignment distance).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
