/// How large one rendition of every photo is: a role, a bound on its size and the suffix
/// its file name carries. `RenditionLadder` gives a site's list, largest first.
struct RenditionTarget: Sendable, Hashable, Codable {
    /// The side that is bounded.
    enum Bound: Sendable, Hashable, Codable {
        /// The longest edge, in pixels.
        case longEdge(Int)
        /// The height, in pixels.
        case height(Int)
    }

    var role: Rendition.Role
    var bound: Bound
    /// Appended to the photo's slug: `beach.thumb.jpg` has `.thumb`.
    var suffix: String
    /// The site's formats it is not made in (AVIF, for the display image).
    var excludedFormats: Set<RenditionFormat>

    init(role: Rendition.Role, bound: Bound, suffix: String, excludedFormats: Set<RenditionFormat> = []) {
        self.role = role
        self.bound = bound
        self.suffix = suffix
        self.excludedFormats = excludedFormats
    }

    /// The scale that brings `upright` within the bound; never above 1 (never enlarged).
    func scale(for upright: PixelSize) -> Double {
        switch bound {
        case .longEdge(let edge): return min(1, Double(edge) / Double(max(upright.width, upright.height)))
        case .height(let height): return min(1, Double(height) / Double(upright.height))
        }
    }
}
