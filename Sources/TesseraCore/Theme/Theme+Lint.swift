import TesseraTemplate

extension Theme {
    /// Each page template checked against the names its page model provides, each warning
    /// once, located in `folder` when the theme comes from one.
    static func lint(_ library: TemplateLibrary, folder: String?) -> [TemplateWarning] {
        let pages: [(name: String, subject: String, schema: TemplateSchema?)] = [
            ("album", "the album page", try? TemplateSchema(example: AlbumPage.example)),
            ("photo", "the photo page", try? TemplateSchema(example: PhotoPage.example)),
            ("notfound", "the 404 page", try? TemplateSchema(example: NotFoundPage.example)),
        ]
        var seen = Set<TemplateWarning>()
        return pages.flatMap { page in
            page.schema.map { library.lint(page.name, against: $0, subject: page.subject) } ?? []
        }.compactMap { warning in
            var located = warning
            if let folder { located.file = "\(folder)/\(warning.file).mustache" }
            return seen.insert(located).inserted ? located : nil
        }
    }
}
