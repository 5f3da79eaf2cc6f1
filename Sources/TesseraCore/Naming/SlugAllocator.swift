/// Hands out slugs that are unique within one folder, ignoring case, so `Beach.jpg`
/// and `beach.JPG` become `beach` and `beach-2` even on case-insensitive disks.
struct SlugAllocator: Sendable {
    private var taken: Set<String>

    /// - Parameter reserved: names that may not be handed out (e.g. `index`).
    init(reserved: Set<String> = []) {
        taken = Set(reserved.map { $0.lowercased() })
    }

    /// A slug based on `base`, with `-2`, `-3`, … appended until unused.
    mutating func claim(_ base: String) -> String {
        var candidate = base
        var n = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(base)-\(n)"
            n += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
