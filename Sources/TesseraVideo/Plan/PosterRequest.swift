import TesseraCore

/// Which frame becomes a video's poster, and how large.
package struct PosterRequest: Sendable, Hashable, Codable {
    /// Seconds into the clip; `nil` for about a second in (a tenth of clips shorter than
    /// ten seconds), past any black frames there.
    package var time: Double?
    /// The longest edge of the picture; `nil` for the displayed size.
    var longestEdge: Int?

    package init(time: Double? = nil, longestEdge: Int? = nil) {
        self.time = time
        self.longestEdge = longestEdge
    }

    /// The time the search for a frame starts at: `time` if given, else a second in, or a
    /// tenth of a shorter clip; within the clip.
    package func startTime(for info: VideoInfo) -> Double {
        let duration = info.duration.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let wanted = time ?? min(1, (duration ?? 0) * 0.1)
        guard wanted.isFinite, wanted > 0 else { return 0 }
        guard let duration else { return wanted }
        return min(wanted, duration * 0.9)
    }

    /// The poster's size: the displayed size, fitted into `longestEdge` if given.
    package func size(for info: VideoInfo) -> PixelSize {
        let display = info.displaySize
        let longest = max(display.width, display.height)
        guard let edge = longestEdge, edge > 0, longest > edge else { return display }
        let scale = Double(edge) / Double(longest)
        return PixelSize(
            width: max(1, Int((Double(display.width) * scale).rounded())),
            height: max(1, Int((Double(display.height) * scale).rounded())))
    }
}
