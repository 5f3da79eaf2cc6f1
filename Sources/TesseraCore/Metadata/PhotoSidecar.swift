/// What a photo's sidecar (`Beach.md` or `Beach.jpg.md`) says: a title, a caption (its
/// body) and whether the photo is listed.
struct PhotoSidecar: Sendable, Hashable {
    var title: String?
    /// The body as plain text on one line: the tile's `alt` and the page's meta description.
    var caption: String?
    /// The body as HTML (sanitized unless `allow_html`).
    var captionHTML: String?
    var hidden: Bool
    /// sigal's `Order: 02`: places the photo when its album is sorted by `order`.
    var orderValue: String?
    var extra: [ExtraField]
    var warnings: [MetadataWarning]

    static let knownKeys: Set<String> = ["title", "hidden", "order"]

    init(
        title: String? = nil, caption: String? = nil, captionHTML: String? = nil, hidden: Bool = false,
        extra: [ExtraField] = [], warnings: [MetadataWarning] = []
    ) {
        self.title = title
        self.caption = caption
        self.captionHTML = captionHTML
        self.hidden = hidden
        self.extra = extra
        self.warnings = warnings
    }

    init(_ note: MetadataNote, file: String, markdown: any MarkdownRendering, allowHTML: Bool) {
        self.init()
        warnings = note.warnings
        title = note.field("title").map(\.value.text).nonEmpty
        hidden = AlbumMetadata.flag(note.field("hidden"), file: file, warnings: &warnings) ?? false
        orderValue = note.field("order").map(\.value.text).nonEmpty
        extra = ExtraField.others(in: note, known: Self.knownKeys)
        warnings += ExtraField.misspelt(in: note, known: Self.knownKeys, file: file)
        if !note.body.isEmpty {
            let body = markdown.render(note.body, allowRawHTML: allowHTML)
            caption = body.plainText
            captionHTML = body.html
            warnings += body.notices.map { MetadataWarning(note, $0, file: file) }
        }
    }
}
