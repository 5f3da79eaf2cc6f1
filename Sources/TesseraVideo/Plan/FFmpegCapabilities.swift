import TesseraCore

/// What the installed ffmpeg can do that the plans depend on, read once from
/// `ffmpeg -version`, `-filters` and `-encoders`.
package struct FFmpegCapabilities: Sendable, Hashable {
    /// The version as ffmpeg prints it, e.g. `5.1.9-0+deb12u1`.
    package var version: String
    /// zimg's `zscale` and the `tonemap` filter: HDR to SDR by linear light (Debian's
    /// ffmpeg has both).
    package var toneMapsWithZimg: Bool
    /// The `colorspace` filter, the fallback for HDR without zimg.
    package var hasColorspaceFilter: Bool
    package var hasLibx264: Bool
    /// `-fps_mode` (ffmpeg 5.1 and later); older ones only know `-vsync`.
    package var hasFPSMode: Bool

    package init(
        version: String, toneMapsWithZimg: Bool, hasColorspaceFilter: Bool, hasLibx264: Bool, hasFPSMode: Bool
    ) {
        self.version = version
        self.toneMapsWithZimg = toneMapsWithZimg
        self.hasColorspaceFilter = hasColorspaceFilter
        self.hasLibx264 = hasLibx264
        self.hasFPSMode = hasFPSMode
    }

    /// Debian 12's ffmpeg 5.1, for plans made without running it.
    package static let debian12 = FFmpegCapabilities(
        version: "5.1", toneMapsWithZimg: true, hasColorspaceFilter: true, hasLibx264: true, hasFPSMode: true)

    /// Reads the three listings ffmpeg prints.
    package static func parse(version: String, filters: String, encoders: String) -> FFmpegCapabilities {
        let number =
            version.split(separator: "\n").first.flatMap { line -> Substring? in
                let words = line.split(separator: " ")
                guard let at = words.firstIndex(of: "version"), at + 1 < words.count else { return nil }
                return words[at + 1]
            }.map(String.init) ?? "unknown"
        func listed(_ name: String, in listing: String) -> Bool {
            listing.split(separator: "\n").contains { $0.split(separator: " ").dropFirst().first == Substring(name) }
        }
        let parts = number.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let major = parts.first ?? 0
        let minor = parts.count > 1 ? parts[1] : 0
        // Builds from git say `N-12345-gabcdef`: new enough.
        let fromGit = number.first == "N"
        return FFmpegCapabilities(
            version: number,
            toneMapsWithZimg: listed("zscale", in: filters) && listed("tonemap", in: filters),
            hasColorspaceFilter: listed("colorspace", in: filters),
            hasLibx264: listed("libx264", in: encoders),
            hasFPSMode: fromGit || major > 5 || (major == 5 && minor >= 1))
    }
}
