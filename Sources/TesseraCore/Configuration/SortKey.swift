/// What photos (or albums) are ordered by: `name` (natural order, `IMG_2` before `IMG_10`),
/// `date` (taken, else the file's time) or `order` (each one's `order:` value, as sigal's
/// `meta.order`: numbers by value, `-10` before `03`, then text in natural order; those
/// without one first, as sigal puts them). Written as `sort:` in `tessera.yaml` and in an
/// album's `index.md`.
enum SortKey: String, Sendable, Hashable, Codable, CaseIterable {
    case name
    case date
    case order

    /// sigal's spelling of a sort key (`filename`, `name`, `date`, `meta.order`), with a
    /// leading `-` for reversed; nil for one Tessera has no key for.
    static func sigal(_ text: String) -> (key: SortKey, reverse: Bool)? {
        var name = text.trimmingSpaces.lowercased()
        let reverse = name.hasPrefix("-")
        if reverse { name.removeFirst() }
        switch name {
        case "filename", "name": return (.name, reverse)
        case "date": return (.date, reverse)
        case "meta.order", "order": return (.order, reverse)
        default: return nil
        }
    }

    /// Whether `a` sorts before `b` as `order:` values: numbers by value before text,
    /// text in natural order.
    static func orderValue(_ a: String, precedes b: String) -> Bool {
        switch (Double(a.trimmingSpaces), Double(b.trimmingSpaces)) {
        case (let x?, let y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return NaturalOrder.precedes(a, b)
        }
    }

    /// `items` by their `order:` values (stable: equal values keep their order); items
    /// without one come first.
    static func byOrderValue<Item>(_ items: [Item], value: (Item) -> String?) -> [Item] {
        items.enumerated().map { (value: value($0.element), offset: $0.offset, item: $0.element) }
            .sorted { a, b in
                switch (a.value, b.value) {
                case (nil, nil): return a.offset < b.offset
                case (nil, .some): return true
                case (.some, nil): return false
                case (let x?, let y?):
                    if orderValue(x, precedes: y) { return true }
                    if orderValue(y, precedes: x) { return false }
                    return a.offset < b.offset
                }
            }
            .map(\.item)
    }
}
