/// An image as a page's `<picture>` shows it: the `<img>`, a JPEG, and the same image in
/// smaller formats for browsers that take them.
struct ImageSource: Encodable, Sendable, Hashable {
    /// The image's URL, relative to the page.
    var src: String
    /// The `srcset` attribute: the same image in other sizes (`a.jpg 1x, b.jpg 2x` or `a.jpg 480w, …`).
    var srcset: String
    /// Width for the `width` attribute, in pixels.
    var width: Int
    /// Height for the `height` attribute, in pixels.
    var height: Int
    /// The `sizes` attribute, when `srcset` lists widths.
    var sizes: String?
    /// Width ÷ height as a CSS number, so a page can give the image its box before it
    /// loads (the photo page's `--r`).
    var aspect: String?
    /// The same image in other formats, best first (`<source>`s before the `<img>`); empty
    /// when the site makes JPEG only.
    var sources: [PictureSource] = []
}
