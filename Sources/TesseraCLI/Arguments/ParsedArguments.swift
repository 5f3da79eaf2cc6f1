/// The arguments of one command after parsing, checked against its `CommandSpec`.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func flag(_ long: String) -> Bool { flags.contains(long) }

    func value(_ long: String) -> String? { values[long] }

    /// The option's value as a whole number within `range`, or its default.
    func integer(_ long: String, default fallback: Int, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let text = values[long] else { return fallback }
        guard let n = Int(text), range.contains(n) else {
            throw UsageError("The value '\(text)' is invalid for '--\(long)': expected a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return n
    }

    /// The option's value as a number within `range`, or its default.
    func number(_ long: String, default fallback: Double, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let text = values[long] else { return fallback }
        guard let x = Double(text), x.isFinite, range.contains(x) else {
            throw UsageError("The value '\(text)' is invalid for '--\(long)': expected a number from \(range.lowerBound.optionText) to \(range.upperBound.optionText).")
        }
        return x
    }
}

extension Double {
    /// The number as a user would type it: `240`, not `240.0`; `1.5` as is.
    var optionText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
