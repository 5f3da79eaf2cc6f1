/// What a tile of a still with motion shows over its image: a mark, `GIF` for an animated
/// GIF and a ring (`◉`) for a Live or Motion Photo, as phone galleries mark them. The tile
/// stays the still: a grid of clips playing at once would spend a phone's data and
/// battery on what nobody is looking at; the photo page plays it.
struct TileMotion: Encodable, Sendable, Hashable {
    /// The mark's text.
    var mark: String
    /// Whether the motion is an animated GIF's.
    var loops: Bool

    init(_ motion: PlannedMotion) {
        loops = motion.loops
        mark = motion.loops ? "GIF" : "\u{25C9}"
    }
}
