/// What a tile of a still with motion knows of it, for the mark the theme draws over its
/// image (the default theme writes `GIF` for an animated GIF and a ring, `◉`, for a Live
/// or Motion Photo, as phone galleries mark them: the mark is the template's, no word of
/// it is Tessera's). The tile stays the still: a grid of clips playing at once would spend
/// a phone's data and battery on what nobody is looking at; the photo page plays it.
struct TileMotion: Encodable, Sendable, Hashable {
    /// Whether the motion is an animated GIF's, which loops (`{{#loops}}GIF{{/loops}}`);
    /// false for a Live or Motion Photo's.
    var loops: Bool

    init(_ motion: PlannedMotion) {
        loops = motion.loops
    }
}
