/// The `EXIF` and `XMP ` chunks of a WebP file (RIFF), each chunk's size checked.
enum WebPMetadata {
    static func isWebP(_ view: ByteView) -> Bool { view.matches(0, "RIFF") && view.matches(8, "WEBP") }

    static func findings(_ view: ByteView) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        let riffEnd = min(view.count, (view.u32le(4) ?? 0) + 8)
        var index = 12
        while index + 8 <= riffEnd, let size = view.u32le(index + 4) {
            let type = view.text(index, 4)
            let data = view.slice(index + 8, size)
            switch type {
            case "EXIF": found.append(TIFFTags.exifFinding(data, in: "EXIF chunk"))
            case "XMP ": found.append(MetadataFinding.xmp(data, "XMP chunk"))
            default: break
            }
            guard size <= riffEnd - index - 8 else { break }
            index += 8 + size + (size & 1)
        }
        if riffEnd < view.count {
            found.append(MetadataFinding(.trailer, "\(view.count - riffEnd) bytes after the end of the image (RIFF)"))
        }
        return found
    }
}
