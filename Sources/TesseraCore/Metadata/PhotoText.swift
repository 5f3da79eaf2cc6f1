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

    /// What cameras write into `ImageDescription` when the photographer wrote nothing.
    static let cameraDefaults: Set<String> = [
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "DIGITAL CAMERA", "DCIM", "SAMSUNG", "DEFAULT", "IMAGE", "PICTURE",
    ]

    init(sidecar: PhotoSidecar?, metadata: PhotoMetadata) {
        let exif = metadata.caption.nonEmpty.flatMap { Self.cameraDefaults.contains($0.uppercased()) ? nil : $0 }
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
