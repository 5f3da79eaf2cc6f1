import TesseraCore

/// ffprobe's frame rates, written as fractions (`30000/1001`).
enum FrameRate {
    /// Frames per second; nil for `0/0`, unparsable or absurd (over 1000) values.
    static func parse(_ text: String?) -> Double? {
        guard let parts = text?.split(separator: "/", omittingEmptySubsequences: false), !parts.isEmpty,
            parts.count <= 2, let numerator = Double(parts[0])
        else { return nil }
        let denominator = parts.count == 2 ? Double(parts[1]) : 1
        guard let denominator, denominator > 0, numerator > 0 else { return nil }
        let rate = numerator / denominator
        return rate.isFinite && rate <= 1000 ? rate : nil
    }

    /// Whether the average rate strays more than 1 % from the base rate (ffprobe's
    /// `r_frame_rate`, the rate all timestamps fit), as it does when a phone drops its rate
    /// in dim light.
    static func isVariable(base: Double?, average: Double?) -> Bool {
        guard let base, let average else { return false }
        return abs(average - base) / base > 0.01
    }
}
