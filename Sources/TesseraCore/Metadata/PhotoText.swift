import TesseraTemplate

/// A photo's title and caption, each from the first source that has one:
/// sidecar > XMP > IPTC > EXIF `ImageDescription` > nothing. Never the file name.
struct PhotoText: Sendable, Hashable, Codable {
    var title: String?
    /// Plain text.
    var caption: String?
    /// The caption as HTML: the sidecar's rendered Markdown, else the escaped caption.
    var captionHTML: String?

    init(title: String? = nil, caption: String? = nil, captionHTML: String? = nil) {
        self.title = title
        self.caption = caption
        self.captionHTML = captionHTML
    }

    /// What cameras write into `ImageDescription` when the photographer wrote nothing, in
    /// capitals with runs of spaces as one (besides `… DIGITAL CAMERA` and `<…>`: see
    /// `isCameraDefault`).
    static let cameraDefaults: Set<String> = [
        "SONY DSC", "DCIM", "SAMSUNG", "DEFAULT", "IMAGE", "PICTURE", "EXIF_JPEG_PICTURE", "EXIF JPEG PICTURE",
        "SAMSUNG CAMERA PICTURES", "UNTITLED", "CAMERA",
    ]

    /// Whether an EXIF `ImageDescription` is a camera's own text rather than a caption:
    /// one of `cameraDefaults`; a maker's name before `DIGITAL CAMERA`, in capitals as
    /// cameras write it (`KONICA MINOLTA DIGITAL CAMERA`, `KODAK …`, `CASIO …`; a sentence
    /// about "my new digital camera" stays); or Samsung's model in angle brackets
    /// (`<Digimax i50 MP3, Samsung #1 MP3>`).
    static func isCameraDefault(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace)
        let spaced = words.joined(separator: " ")
        let capitals = spaced.uppercased()
        if cameraDefaults.contains(capitals) { return true }
        if capitals == spaced, capitals.hasSuffix("DIGITAL CAMERA"), words.count <= 4 {
            return true
        }
        return capitals.hasPrefix("<") && capitals.hasSuffix(">") && capitals.contains("SAMSUNG")
    }

    init(sidecar: PhotoSidecar?, metadata: PhotoMetadata) {
        let exif = metadata.caption.nonEmpty.flatMap { Self.isCameraDefault($0) ? nil : $0 }
        title = sidecar?.title ?? metadata.xmpTitle.nonEmpty ?? metadata.iptcTitle.nonEmpty
        if let caption = sidecar?.caption {
            self.caption = caption
            captionHTML = sidecar?.captionHTML
        } else {
            caption = metadata.xmpDescription.nonEmpty ?? metadata.iptcCaption.nonEmpty ?? exif
            captionHTML = caption.map { "<p>\(HTML.escape($0))</p>" }
        }
        // A caption that only repeats the title is said once.
        if caption == title {
            caption = nil
            captionHTML = nil
        }
    }
}
