/// What a published image or video file carries that it should not: the entry point over
/// untrusted bytes, which picks the parser by the file's first bytes (never its name).
enum MediaMetadata {
    /// A file's kind as its first bytes say.
    enum Kind: String, Sendable, Codable {
        case jpeg, png, gif, webp, tiff, heif, movie, matroska
        /// Fujifilm's RAF: a header, then a JPEG preview carrying the camera's EXIF.
        case raf
        /// A ZIP archive, whose stored images and videos are looked into.
        case zip
        /// JPEG XL in its container, whose `Exif` and `xml ` boxes are looked into.
        case jxl
        /// An SVG drawing: text, which may hold an XMP packet.
        case svg

        /// Whether it is a video rather than an image.
        var isVideo: Bool { self == .movie || self == .matroska }
    }

    /// The kind of media the bytes start with, or nil for anything else.
    static func kind(of bytes: UnsafeRawBufferPointer) -> Kind? {
        let view = ByteView(bytes)
        if JPEGMetadata.isJPEG(view) { return .jpeg }
        if PNGMetadata.isPNG(view) { return .png }
        if GIFMetadata.isGIF(view) { return .gif }
        if WebPMetadata.isWebP(view) { return .webp }
        if TIFFDirectory.header(view) != nil { return .tiff }
        if view.matches(0, "FUJIFILMCCD-RAW") { return .raf }
        if ISOMediaMetadata.isISOMedia(view) { return ISOMediaMetadata.isImage(view) ? .heif : .movie }
        if MatroskaMetadata.isMatroska(view) { return .matroska }
        if ZipMetadata.isZip(view) { return .zip }
        if JXLMetadata.isJXL(view) { return .jxl }
        if SVGMetadata.isSVG(view) { return .svg }
        return nil
    }

    /// Everything the file carries that a reader such as exiftool would show: positions
    /// first. Empty for a clean file and for bytes that are no media file.
    ///
    /// - Parameter inflate: zlib for a PNG's compressed text chunks; without it they are
    ///   reported by their keyword, not looked into.
    static func findings(
        in bytes: UnsafeRawBufferPointer, inflate: PNGMetadata.Inflater? = nil
    ) -> [MetadataFinding] {
        let view = ByteView(bytes)
        let found: [MetadataFinding]
        switch kind(of: bytes) {
        case .jpeg: found = JPEGMetadata.findings(view)
        case .png: found = PNGMetadata.findings(view, inflate: inflate)
        case .gif: found = GIFMetadata.findings(view)
        case .webp: found = WebPMetadata.findings(view)
        case .tiff: found = TIFFTags.findings(inFile: view)
        case .heif, .movie: found = ISOMediaMetadata.findings(view)
        case .matroska: found = MatroskaMetadata.findings(view)
        case .raf: found = rafFindings(view)
        case .zip: found = ZipMetadata.findings(view, inflate: inflate)
        case .jxl: found = JXLMetadata.findings(view)
        case .svg: found = SVGMetadata.findings(view)
        case nil: found = []
        }
        return found.filter { $0.kind == .location } + found.filter { $0.kind != .location }
    }

    /// A RAF's JPEG preview (its offset and length at bytes 84 and 88, big-endian), read as
    /// a JPEG: where the camera writes its EXIF, a position among it.
    static func rafFindings(_ view: ByteView) -> [MetadataFinding] {
        guard let offset = view.uintbe(84, width: 4), let length = view.uintbe(88, width: 4), offset >= 92,
            offset < view.count
        else { return [] }
        let preview = view.slice(offset, min(length, view.count - offset))
        return JPEGMetadata.isJPEG(preview) ? JPEGMetadata.findings(preview) : []
    }

    /// The kind of media an array of bytes starts with.
    static func kind(of bytes: [UInt8]) -> Kind? {
        bytes.withUnsafeBytes { kind(of: $0) }
    }

    /// The bytes entry point, for tests and the fuzz targets.
    static func findings(in bytes: [UInt8], inflate: PNGMetadata.Inflater? = nil) -> [MetadataFinding] {
        bytes.withUnsafeBytes { findings(in: $0, inflate: inflate) }
    }
}
