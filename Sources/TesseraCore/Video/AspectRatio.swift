/// A ratio of two positive whole numbers, as containers store pixel aspect (`8:9`).
package struct AspectRatio: Sendable, Hashable, Codable, CustomStringConvertible {
    var numerator: Int
    var denominator: Int

    /// `nil` unless both are positive.
    package init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        self.numerator = numerator
        self.denominator = denominator
    }

    /// Whether the ratio is 1.
    package var isSquare: Bool { numerator == denominator }

    /// `value × numerator / denominator`, rounded, without overflow (clamped to `Int32.max`).
    func scaled(_ value: Int) -> Int {
        let product = Double(value) * Double(numerator) / Double(denominator)
        guard product.isFinite else { return Int(Int32.max) }
        return Int(min(max(product.rounded(), 0), Double(Int32.max)))
    }

    package var description: String { "\(numerator):\(denominator)" }
}
