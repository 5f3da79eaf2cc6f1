/// One photo in an album's justified grid.
struct Tile: Encodable, Sendable, Hashable {
    /// The photo page's URL, relative to the album page.
    var href: String
    /// The thumbnail's URL.
    var src: String
    /// The thumbnail files by width (`a.thumb.jpg 540w, a.thumb2x.jpg 1080w`).
    var srcset: String
    /// The thumbnail in other formats, best first (`<source>`s before the `<img>`); empty
    /// when the site makes JPEG only.
    var sources: [PictureSource] = []
    /// The photo's own width, so the tile keeps the photo's exact shape.
    var width: Int
    /// The photo's own height.
    var height: Int
    /// What the tile's image stands for, for screen readers and when it cannot load.
    var alt: String
    /// What the tile shows: `photo`, `video` for a clip, or `raw` for a camera raw developed
    /// by Tessera (a raw beside its JPEG is that `photo`). For a template that marks a clip
    /// or a raw.
    var kind: String
    /// The tile's place in the rows at every breakpoint (CSS custom properties), from the
    /// album's layout: the tiles' shapes and the layout settings.
    var style: String
    /// How wide the tile is drawn at each screen width (`<img sizes>`), from its rows and
    /// the theme's page padding.
    var sizes: String
    /// `eager` for tiles on the first screen of a phone or a laptop, `lazy` for the rest.
    var loading: String
    /// A video's play mark and duration; absent for a photo.
    var video: TileVideo?
    /// `high` for the tile a phone's or a laptop's first screen shows largest (what the
    /// browser reports as Largest Contentful Paint); absent for the others.
    var fetchPriority: String?
    /// The photo's display image with its width (`_media/a.jpg 2048w`), for the viewer
    /// script, which adds it to `srcset` when it shows the photo full screen
    /// (`data-display`); each of `sources` is the same file in its own format.
    var displayImage: String = ""
    /// What the photo page says about the photo, for the viewer's details panel, as `key`
    /// (`title`, `caption`, `date`, `artist`, `camera`, `lens`, `exposure`) and `value`,
    /// only those the photo has (`data-{{key}}="{{value}}"`).
    var details: [ExtraField] = []
    /// A still's motion mark (a Live or Motion Photo, an animated GIF); absent for the others.
    var motion: TileMotion? = nil
}
