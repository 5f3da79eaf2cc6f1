/// How many tiles an album's page holds within the page budget `tessera verify` checks (64
/// KiB of HTML, gzipped). A tile carries its photo's words (`data-title`, `data-caption`,
/// `alt`) and names (its page, its images): 500 photos with a four-word title and a
/// sentence each made a page of 70 KiB at the default `page_size`, which the build wrote
/// without a word and `verify` then failed. An album's pages are as many tiles as
/// `page_size` allows, or fewer where a run of that many of its tiles would weigh more
/// than the budget by this estimate.
enum AlbumPageWeight {
    /// What a tile's markup weighs gzipped, besides its words and names, with room:
    /// measured, 500 tiles without words at the default settings (AVIF beside JPEG, three
    /// `sizes` steps) made a page of 38 KiB, about 76 bytes a tile.
    static let tileBytes = 85.0
    /// What each format a tile offers beyond the default's two adds, with room: a `<source>`
    /// with its `srcset` and `sizes` (measured: WebP beside AVIF and JPEG, about 8 bytes).
    static let formatBytes = 10.0
    /// What each `sizes` step of the theme beyond the default's three adds, with room: one
    /// more width in every `sizes` (measured: about 4 bytes a step, up to 20 steps).
    static let stepBytes = 5.0
    /// What a byte of a tile's words and names weighs gzipped, with room: measured, 0.44
    /// for English sentences, 0.30 for Japanese ones. (Its `alt`, the title or caption
    /// again, costs gzip next to nothing.)
    static let textByteCost = 0.5
    /// The tiles' share of the 64 KiB budget: the rest is the page's own (head, header,
    /// links to the other pages) and room for what the estimate misses.
    static let tilesBudget = 54_000.0

    /// A tile's estimated weight, gzipped, in a theme of `sizesSteps` steps.
    static func weight(of photo: PlannedPhoto, sizesSteps: Int = 3) -> Double {
        let words = [photo.title, photo.caption, photo.page].reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        let formats = Set(photo.renditions.map(\.format)).count
        let markup = tileBytes + formatBytes * Double(formats - 2) + stepBytes * Double(sizesSteps - 3)
        return max(markup, tileBytes / 2) + textByteCost * Double(words)
    }

    /// The most tiles a page of `photos` may hold, up to `limit`: the largest count whose
    /// every run of that many consecutive tiles (a page may start at any of them) is within
    /// `tilesBudget`; at least one. `sizesSteps`: how many the theme's metrics list
    /// (`ThemeMetrics.weighedSizesSteps`).
    static func pageSize(for photos: [PlannedPhoto], atMost limit: Int, sizesSteps: Int = 3) -> Int {
        let weights = photos.map { weight(of: $0, sizesSteps: sizesSteps) }
        let total = weights.reduce(0, +)
        func fits(_ size: Int) -> Bool {
            guard size < weights.count else { return total <= tilesBudget }
            var sum = weights[0..<size].reduce(0, +)
            if sum > tilesBudget { return false }
            for end in size..<weights.count {
                sum += weights[end] - weights[end - size]
                if sum > tilesBudget { return false }
            }
            return true
        }
        var (low, high) = (1, min(limit, max(1, weights.count)))
        if fits(high) { return limit }
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
