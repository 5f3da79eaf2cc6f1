@testable import TesseraLayout

/// What a browser does with the grid's stylesheet and one tile style per photo, in one
/// container width: resolve the custom properties the way the stylesheet's fallbacks do,
/// then run the flexbox algorithm (wrap when the next basis and gap overflow the line, share
/// the free space by `flex-grow`, scaled down when the factors sum below 1).
struct FlexSimulation {
    struct Line: Equatable {
        var indices: [Int]
        var widths: [Double]
    }

    var styles: [[String: Double]]
    var breakpoints: [Double]
    var gap: Double

    init(grid: ResponsiveGrid) {
        styles = grid.ratios.indices.map { Self.parse(grid.tileStyle($0)) }
        breakpoints = grid.breakpoints
        gap = grid.options.gap
    }

    /// The breakpoint whose `@container (min-width)` rule wins at `width` (the first below it).
    func breakpoint(at width: Double) -> Int {
        breakpoints.lastIndex { $0 <= width } ?? 0
    }

    func lines(at width: Double) -> [Line] {
        let index = breakpoint(at: width)
        var lines: [Line] = []
        var current: [(index: Int, basis: Double, grow: Double)] = []
        var used = 0.0
        func close() {
            let free = width - used
            let growSum = current.reduce(0) { $0 + $1.grow }
            let widths = current.map { item -> Double in
                guard free > 0, growSum > 0 else { return item.basis }
                return item.basis + (growSum < 1 ? free * item.grow : free * item.grow / growSum)
            }
            lines.append(Line(indices: current.map(\.index), widths: widths))
            current = []
            used = 0
        }
        for (photo, style) in styles.enumerated() {
            let share = Self.latest("f", index, in: style)
            let gaps = Self.latest("k", index, in: style)
            let part = style["p\(String(index, radix: 36))"] ?? 0
            let basis = (share + part) * (width - gaps * gap - 1)
            let grow = share * 1000
            let outer = current.isEmpty ? basis : used + gap + basis
            if !current.isEmpty && outer > width { close() }
            used = current.isEmpty ? basis : used + gap + basis
            current.append((photo, basis, grow))
        }
        if !current.isEmpty { close() }
        return lines
    }

    /// `var(--x3, var(--x2, … var(--x0, 0)))`.
    private static func latest(_ letter: String, _ index: Int, in style: [String: Double]) -> Double {
        for step in stride(from: index, through: 0, by: -1) {
            if let value = style[letter + String(step, radix: 36)] { return value }
        }
        return 0
    }

    private static func parse(_ style: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].hasPrefix("--"), let value = Double(parts[1]) else { continue }
            values[String(parts[0].dropFirst(2))] = value
        }
        return values
    }
}
