/// An image as a page's `<img>` shows it.
public struct ImageSource: Encodable, Sendable, Hashable {
    /// The image's URL, relative to the page.
    public var src: String
    /// The `srcset` attribute: the same image in other sizes (`a.jpg 1x, b.jpg 2x` or `a.jpg 480w, …`).
    public var srcset: String
    /// Width for the `width` attribute, in pixels.
    public var width: Int
    /// Height for the `height` attribute, in pixels.
    public var height: Int
    /// The `sizes` attribute, when `srcset` lists widths.
    public var sizes: String?
    /// Width ÷ height as a CSS number, so a page can give the image its box before it
    /// loads (the photo page's `--r`).
    public var aspect: String?
}
