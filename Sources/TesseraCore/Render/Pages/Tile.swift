/// One photo in an album's justified grid.
public struct Tile: Encodable, Sendable, Hashable {
    /// The photo page's URL, relative to the album page.
    public var href: String
    /// The thumbnail's URL.
    public var src: String
    /// The thumbnail at 1x and 2x.
    public var srcset: String
    /// The photo's own width, so the tile keeps the photo's exact shape.
    public var width: Int
    /// The photo's own height.
    public var height: Int
    /// What the tile's image stands for, for screen readers and when it cannot load.
    public var alt: String
    /// The tile's place in the rows at every breakpoint (CSS custom properties). Filled in
    /// when the page is rendered, from the tiles' shapes and the layout settings.
    public var style: String = ""
    /// How wide the tile is drawn at each screen width (`<img sizes>`), from its rows;
    /// filled in with `style`.
    public var sizes: String = ""
    /// `eager` for tiles on the first screen of a phone or a laptop, `lazy` for the rest.
    /// Filled in with `style`.
    public var loading: String = "lazy"
    /// `high` for the one image that most likely paints first; absent for the others.
    public var fetchPriority: String?
}
