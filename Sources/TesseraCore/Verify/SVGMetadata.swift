/// An SVG image's text, which may hold an XMP packet (`<metadata>`, as Illustrator and
/// exiftool write it) with a position in it. Only a position is reported: Inkscape writes
/// Dublin Core RDF in every file it saves, which tells nothing of where a photo was taken.
enum SVGMetadata {
    /// How far into the file its `<svg` element is looked for.
    static let headLength = 4096

    /// Whether the bytes are SVG markup: an `<svg` element within their first bytes, and no
    /// `<html` (a page holding an inline drawing is a page).
    static func isSVG(_ view: ByteView) -> Bool {
        let head = view.slice(0, headLength)
        var index = 0
        // A byte-order mark, then white space before the first `<`.
        if head.matches(0, "\u{FEFF}") { index = 3 }
        while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head.bytes[index]) { index += 1 }
        guard head.matches(index, "<") else { return false }
        return head.containsIgnoringCase("<svg") && !head.containsIgnoringCase("<html")
    }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        MetadataFinding.holdsPosition(view) ? [MetadataFinding(.location, "XMP metadata with a GPS position")] : []
    }
}
