/// The name a user probably meant when they typed one that does not exist: a misspelt
/// option (`--ouput`), subcommand (`biuld`) or configuration key (`row_heigth`).
package enum NearMiss {
    /// The candidate closest to `name` within a small edit distance (at most 2, or a third
    /// of the name for long names), if any; the first of equally close candidates wins.
    package static func suggestion(for name: String, in candidates: [String]) -> String? {
        let limit = max(2, name.count / 3)
        let scored = candidates.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance: insertions, deletions and substitutions of one character each.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
