/// An image as a page's `<img>` shows it.
package struct ImageSource: Encodable, Sendable, Hashable {
    /// The image's URL, relative to the page.
    package var src: String
    /// The `srcset` attribute: the same image in other sizes (`a.jpg 1x, b.jpg 2x` or `a.jpg 480w, …`).
    package var srcset: String
    /// Width for the `width` attribute, in pixels.
    package var width: Int
    /// Height for the `height` attribute, in pixels.
    package var height: Int
    /// The `sizes` attribute, when `srcset` lists widths.
    package var sizes: String?
    /// Width ÷ height as a CSS number, so a page can give the image its box before it
    /// loads (the photo page's `--r`).
    package var aspect: String?
}
