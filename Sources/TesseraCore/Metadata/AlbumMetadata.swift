/// What an album's `index.md` says: its title, description, cover, order and whether it is
/// listed. Whatever it leaves out falls back to the site's settings and the folder.
struct AlbumMetadata: Sendable, Hashable {
    var title: String?
    /// The body as HTML (sanitized unless `allow_html`); nil when the body is empty.
    var descriptionHTML: String?
    /// The body as plain text on one line, for `<meta name="description">`.
    var summary: String?
    /// A photo's file name in the album, a path into a sub-album (`Coast/Pier.jpg`) or a
    /// sub-album's folder name (its cover); `thumbnail` in sigal's files.
    var cover: String?
    /// The line of `cover:`, for the warning when it names nothing.
    var coverLine: Int?
    /// The album's own date (`2024-07-01`, or `2024-07-01 12:00:00` with a time), in the
    /// form photos' dates take whatever form it was written in (`CalendarDate.normalised`):
    /// orders albums by date.
    var date: String?
    var sort: SortKey?
    var reverse: Bool?
    /// How this album's sub-albums are ordered, from a `sort:` in sigal's form
    /// (`meta.order`, `-name`, `filename`), which in sigal orders the sub-albums.
    var albumSort: SortKey?
    var reverseAlbums: Bool?
    /// File names to put first, in this order; the other photos follow.
    var order: [String]
    var orderLine: Int?
    /// sigal's `Order: 03`: a number, not a file name, that places the album among its
    /// siblings when they are sorted by `order` (sigal's `albums_sort_attr = "meta.order"`).
    var orderValue: String?
    var hidden: Bool
    /// Whether this album and those below it offer their photos' originals (`originals:`);
    /// nil to follow the album above, else the site.
    var originals: OriginalsPolicy?
    /// Whether this album and those below it link a ZIP of their photos (`zip:`); nil to
    /// follow the album above, else the site.
    var zip: Bool?
    /// Every other field, as written, for templates.
    var extra: [ExtraField]
    var warnings: [MetadataWarning]

    /// The keys this type reads; any other is kept in `extra`.
    static let knownKeys: Set<String> = [
        "title", "cover", "thumbnail", "date", "sort", "reverse", "order", "hidden", "originals", "zip",
    ]

    init(
        title: String? = nil, descriptionHTML: String? = nil, summary: String? = nil, cover: String? = nil,
        date: String? = nil, sort: SortKey? = nil, reverse: Bool? = nil, order: [String] = [], hidden: Bool = false,
        extra: [ExtraField] = [], warnings: [MetadataWarning] = []
    ) {
        self.title = title
        self.descriptionHTML = descriptionHTML
        self.summary = summary
        self.cover = cover
        self.date = date
        self.sort = sort
        self.reverse = reverse
        self.order = order
        self.hidden = hidden
        self.extra = extra
        self.warnings = warnings
    }

    /// Reads a parsed `index.md`; a field with a value it cannot use is a warning, and the
    /// default stands.
    init(_ note: MetadataNote, file: String, markdown: any MarkdownRendering, allowHTML: Bool) {
        self.init()
        warnings = note.warnings
        title = note.field("title").map(\.value.text).nonEmpty
        if let field = note.field("cover", or: "thumbnail") {
            cover = Optional(field.value.text).nonEmpty
            coverLine = field.line
        }
        if let field = note.field("date"), let written = Optional(field.value.text).nonEmpty {
            date = CalendarDate.normalised(written: written)
            if date == nil {
                warnings.append(
                    MetadataWarning(
                        file: file, line: field.line,
                        message: "date '\(written)' is not a date Tessera reads; write the year first, "
                            + "as 2019-04-01 (or 2019-04-01 12:00); the album's earliest photo's date stands"))
            }
        }
        if let field = note.field("sort") {
            let text = field.value.text
            if let key = SortKey(rawValue: text.lowercased().trimmingSpaces) {
                sort = key
            } else if let sigal = SortKey.sigal(text) {
                albumSort = sigal.key
                reverseAlbums = sigal.reverse
            } else {
                warnings.append(
                    MetadataWarning(
                        file: file, line: field.line,
                        message: "sort '\(text)' is not one Tessera knows; write 'name', 'date' or 'order' "
                            + "(sigal's 'meta.order' and a leading '-' order the sub-albums)"))
            }
        }
        reverse = Self.flag(note.field("reverse"), file: file, warnings: &warnings)
        hidden = Self.flag(note.field("hidden"), file: file, warnings: &warnings) ?? false
        zip = Self.flag(note.field("zip"), file: file, warnings: &warnings)
        if let field = note.field("originals") {
            if let policy = OriginalsPolicy(rawValue: field.value.text.lowercased()) {
                originals = policy
            } else {
                warnings.append(
                    MetadataWarning(
                        file: file, line: field.line,
                        message:
                            "originals '\(field.value.text)' is not one Tessera knows; write 'none', 'stripped' or 'as-is'"
                    ))
            }
        }
        if let field = note.field("order") {
            let list = field.value.list
            if list.count == 1, Double(list[0].trimmingSpaces) != nil {
                orderValue = list[0].trimmingSpaces
            } else {
                order = list
                orderLine = field.line
            }
        }
        extra = ExtraField.others(in: note, known: Self.knownKeys)
        warnings += ExtraField.misspelt(in: note, known: Self.knownKeys, file: file)
        if !note.body.isEmpty {
            let body = markdown.render(note.body, allowRawHTML: allowHTML)
            descriptionHTML = body.html
            summary = body.plainText
            warnings += body.notices.map { MetadataWarning(note, $0, file: file) }
        }
    }

    /// `true`/`false` (also `yes`/`no`), or nil with a warning.
    static func flag(_ field: MetadataNote.Field?, file: String, warnings: inout [MetadataWarning]) -> Bool? {
        guard let field else { return nil }
        switch field.value.text.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default:
            warnings.append(
                MetadataWarning(
                    file: file, line: field.line,
                    message: "'\(field.writtenKey)' must be true or false, not '\(field.value.text)'; it is ignored"))
            return nil
        }
    }
}

extension Optional where Wrapped == String {
    /// nil for an empty or blank text.
    var nonEmpty: String? {
        guard let text = self?.trimmingSpaces, !text.isEmpty else { return nil }
        return text
    }
}
