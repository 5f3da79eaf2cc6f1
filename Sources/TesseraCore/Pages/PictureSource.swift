/// One `<source>` of a `<picture>`: the image in a format not every browser shows (AVIF,
/// WebP), which a browser takes when it supports `type`; otherwise it goes on to the next
/// source, and in the end to the `<img>` inside, the JPEG. It is drawn at the `<img>`'s
/// `sizes`.
struct PictureSource: Encodable, Sendable, Hashable {
    /// The format's media type, for the `type` attribute: `image/avif`, `image/webp`.
    var type: String
    /// The `srcset` attribute: the same files as the `<img>`'s `srcset`, in this format.
    var srcset: String
    /// On an album's tile: the photo's display image in this format with its width
    /// (`_media/a.avif 2048w`), which the viewer script adds to `srcset` when it shows the
    /// photo full screen (`data-display`). Nil when it is the tile's `displayImage` with
    /// this format's extension (as Tessera names files), which the script then takes, and
    /// on other pages; `"none"` when the photo has no display image in this format.
    var display: String? = nil

    /// `display` of a source whose format has no display image (AVIF is made for
    /// thumbnails only): the viewer shows the photo from the next source instead.
    static let noDisplayImage = "none"
}
