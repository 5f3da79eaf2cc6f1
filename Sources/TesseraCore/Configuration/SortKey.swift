/// What photos (or albums) are ordered by: `name` (natural order, `IMG_2` before `IMG_10`)
/// or `date` (taken, else the file's time). Written as `sort:` in `tessera.yaml` and in an
/// album's `index.md`.
enum SortKey: String, Sendable, Hashable, Codable, CaseIterable {
    case name
    case date
}
