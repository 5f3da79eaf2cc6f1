extension Tile {
    /// What the photo page shows about `photo` besides the image, as the viewer's details
    /// panel shows it: the same fields, in the photo page's order, only those it has, in
    /// the theme's `words` (the date written the language's way, as the photo page writes it).
    static func details(of photo: PlannedPhoto, words: ThemeWords) -> [ExtraField] {
        let meta = photo.info.metadata
        let lens = meta.lens.flatMap { $0.trimmingSpaces.isEmpty ? nil : $0.trimmingSpaces }
        let fields: [(String, String?)] = [
            ("title", photo.title), ("caption", photo.caption), ("date", meta.dateTaken.map(words.date)),
            ("artist", meta.artist),
            ("camera", meta.camera), ("lens", lens), ("exposure", meta.exposureLine(words)),
        ]
        return fields.compactMap { key, value in value.map { ExtraField(key: key, value: $0) } }
    }

    /// `displayImage` (`_media/a.jpg 2048w`) as the same file in `format` is named
    /// (`_media/a.avif 2048w`): what the viewer script takes for a `<source>` without
    /// `data-display`.
    static func display(_ displayImage: String, as format: RenditionFormat) -> String {
        guard let space = displayImage.lastIndex(of: " "),
            let dot = displayImage[..<space].lastIndex(of: "."),
            !displayImage[dot..<space].contains("/")
        else { return displayImage }
        return displayImage[..<dot] + "." + format.fileExtension + displayImage[space...]
    }
}
