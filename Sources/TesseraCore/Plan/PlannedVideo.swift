/// A video's web rendition as the pages show it.
struct PlannedVideo: Sendable, Hashable, Codable {
    /// The MP4, relative to the site root (`summer/_media/clip.mp4`).
    var path: String
    /// The published picture's size, known before it is made (`<video width height>`).
    var size: PixelSize
    /// Seconds, when the container says.
    var duration: Double?

    /// `m:ss`, or `h:mm:ss` from an hour, rounded to the second; nil without a duration.
    var clock: String? {
        guard let duration, duration.isFinite, duration >= 0, duration < 1e9 else { return nil }
        let seconds = Int(duration.rounded())
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
