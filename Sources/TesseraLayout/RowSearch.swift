/// The two row-breaking strategies over one set of ratios and probes.
struct RowSearch {
    var ratios: [Double]
    var probes: [RowProbe]
    var rowCost: RowCost
    var lastRowSlack: Double
    /// For each tile index, the latest required row start at or before it (0 when none):
    /// no row crosses a required start, so each is a row start at every probe.
    private let rowStartFloor: [Int]
    private let prefix: [Double]

    init(ratios: [Double], probes: [RowProbe], rowCost: RowCost, lastRowSlack: Double, rowStarts: [Int] = []) {
        var floor = [Int](repeating: 0, count: ratios.count + 1)
        let required = Set(rowStarts.filter { $0 > 0 && $0 < ratios.count })
        for index in floor.indices.dropFirst() {
            floor[index] = required.contains(index) ? index : floor[index - 1]
        }
        rowStartFloor = floor
        self.ratios = ratios
        self.probes = probes
        self.rowCost = rowCost
        self.lastRowSlack = lastRowSlack
        var prefix = [0.0]
        prefix.reserveCapacity(ratios.count + 1)
        for ratio in ratios { prefix.append(prefix[prefix.count - 1] + ratio) }
        self.prefix = prefix
    }

    /// Shortest path over break positions: `best[j]` is the cheapest way to set photos `0..<j`
    /// in justified rows; the last row is priced separately. Ties keep the first candidate
    /// found, which is the shortest row ending at `j`.
    func optimal() -> [RowPlan] {
        let count = ratios.count
        var best = [Double](repeating: .infinity, count: count + 1)
        var start = [Int](repeating: 0, count: count + 1)
        best[0] = 0
        for end in 1..<count {
            forEachRow(endingAt: end) { first, narrowest in
                let price = best[first] + justifiedPrice(first..<end, narrowest: narrowest)
                if price < best[end] {
                    best[end] = price
                    start[end] = first
                }
            }
        }
        var bestTotal = Double.infinity
        var lastPlan = RowPlan(range: 0..<count, justified: true, leftAlignedHeight: 0)
        forEachRow(endingAt: count) { first, narrowest in
            let (price, plan) = lastRow(first..<count, narrowest: narrowest)
            if best[first] + price < bestTotal {
                bestTotal = best[first] + price
                lastPlan = plan
            }
        }
        var plans = [lastPlan]
        var end = lastPlan.range.lowerBound
        while end > 0 {
            plans.append(RowPlan(range: start[end]..<end, justified: true, leftAlignedHeight: 0))
            end = start[end]
        }
        return plans.reversed()
    }

    /// Flickr-like: adds photos to a row until its height drops to `greedyTolerance × H` or below.
    func greedy() -> [RowPlan] {
        let probe = probes[0]
        var plans: [RowPlan] = []
        var first = 0
        for end in 1..<ratios.count {
            let height = rowCost.justifiedHeight(
                count: end - first, ratioSum: prefix[end] - prefix[first],
                containerWidth: probe.containerWidth)
            if height <= RowBreaker.greedyTolerance * probe.targetRowHeight {
                plans.append(RowPlan(range: first..<end, justified: true, leftAlignedHeight: 0))
                first = end
            }
        }
        let narrowest = ratios[first...].min() ?? 1
        plans.append(lastRow(first..<ratios.count, narrowest: narrowest).plan)
        return plans
    }

    // MARK: - Private

    /// Calls `body(first, narrowest ratio)` for every candidate row `first..<end`, shortest first,
    /// stopping at `maxRowLength` photos or once the row is absurdly short at every probe.
    private func forEachRow(endingAt end: Int, _ body: (Int, Double) -> Void) {
        var narrowest = Double.infinity
        var first = end - 1
        let earliest = rowStartFloor[end - 1]
        while first >= earliest && end - first <= RowBreaker.maxRowLength {
            narrowest = min(narrowest, ratios[first])
            body(first, narrowest)
            let sum = prefix[end] - prefix[first]
            let length = end - first
            let absurd = probes.allSatisfy {
                rowCost.justifiedHeight(count: length, ratioSum: sum, containerWidth: $0.containerWidth)
                    < $0.targetRowHeight / 16
            }
            if length >= 2 && absurd { break }
            first -= 1
        }
    }

    private func justifiedPrice(_ range: Range<Int>, narrowest: Double) -> Double {
        let sum = prefix[range.upperBound] - prefix[range.lowerBound]
        return probes.reduce(0) {
            $0 + rowCost.justified(count: range.count, ratioSum: sum, narrowestRatio: narrowest, at: $1)
        }
    }

    /// The cheaper of "justified" and "left-aligned at min(H, available width / Σ ratio)" at the
    /// narrowest probe; a left-aligned row scales with the container width from there on.
    private func lastRow(_ range: Range<Int>, narrowest: Double) -> (price: Double, plan: RowPlan) {
        let justified = justifiedPrice(range, narrowest: narrowest)
        let justifiedPlan = RowPlan(range: range, justified: true, leftAlignedHeight: 0)
        let sum = prefix[range.upperBound] - prefix[range.lowerBound]
        let narrowestProbe = probes[0]
        let fullHeight = rowCost.justifiedHeight(
            count: range.count, ratioSum: sum,
            containerWidth: narrowestProbe.containerWidth)
        guard fullHeight > narrowestProbe.targetRowHeight else { return (justified, justifiedPlan) }
        let available = narrowestProbe.containerWidth - Double(range.count - 1) * rowCost.gap - lastRowSlack
        let height = min(narrowestProbe.targetRowHeight, max(available, 1e-9) / sum)
        // Wider probes see the row as the stylesheet draws it: the same share of the width
        // left after the gaps and the slack.
        let left = probes.reduce(0) {
            let scale =
                ($1.containerWidth - Double(range.count - 1) * rowCost.gap - lastRowSlack) / max(available, 1e-9)
            return $0
                + rowCost.leftAligned(
                    count: range.count, ratioSum: sum, narrowestRatio: narrowest,
                    height: height * scale, at: $1)
        }
        guard left < justified else { return (justified, justifiedPlan) }
        return (left, RowPlan(range: range, justified: false, leftAlignedHeight: height))
    }
}
