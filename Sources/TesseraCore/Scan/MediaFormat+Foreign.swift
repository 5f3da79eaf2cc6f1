/// Image formats Tessera recognises but does not publish, so such files are reported as
/// skipped ("unsupported format: BMP") instead of passing silently as "not a photo".
extension MediaFormat {
    /// The name of a known image format Tessera does not read, from a file's first bytes.
    static func foreignName<Bytes: Collection<UInt8>>(sniffing bytes: Bytes) -> String? {
        let b = Array(bytes.prefix(sniffLength))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            b.count >= offset + prefix.count && Array(b[offset..<offset + prefix.count]) == prefix
        }
        func starts(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts("BM") { return "BMP" }
        if starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B]) { return "BigTIFF" }
        if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "JPEG XL" }
        if starts([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) {
            return "JPEG 2000"
        }
        if starts("8BPS") { return "Photoshop (PSD)" }
        if starts("icns") { return "Apple icon (ICNS)" }
        if starts([0, 0, 1, 0]) || starts([0, 0, 2, 0]) { return "Windows icon (ICO)" }
        if starts("DDS ") { return "DirectDraw Surface (DDS)" }
        if starts([0x01, 0xDA]) { return "SGI" }
        if starts("BLP1") || starts("BLP2") { return "BLP" }
        if starts("qoif") { return "QOI" }
        if starts("gd2\0") { return "GD2" }
        if starts("/* XPM */") { return "XPM" }
        if starts("#define ") { return "XBM" }
        if b.count >= 4, b[0] == 0x0A, b[1] <= 5, b[2] <= 1 { return "PCX" }
        if starts([0x11, 0xAF], at: 4) || starts([0x12, 0xAF], at: 4) { return "FLI animation" }
        if b.count >= 2, b[0] == 0x50, (0x31...0x37).contains(b[1]) { return "Netpbm" }
        return nil
    }

    /// File extensions that say "this is an image", lower-case: such a file whose content
    /// is no known format is reported as "not an image" rather than passed over. They are
    /// the table's photo and raw rows' extensions and those of the foreign formats above.
    static let imageExtensions: Set<String> = Set(
        allCases.filter { $0.kind != .video }.flatMap(\.row.extensions) + foreignExtensions)

    /// File extensions that say "this is a video", lower-case: the table's video rows' and
    /// those of video formats no row holds. Such a file whose content is no video format
    /// the table knows is reported, never passed over as "not a photo".
    static let videoExtensions: Set<String> = Set(
        allCases.filter { $0.kind == .video }.flatMap(\.row.extensions)
            + ["mpg", "mpeg", "m2v", "vob", "mod", "tod", "wmv", "asf", "flv", "f4v", "ogv", "rm", "rmvb", "dv", "mxf"])

    /// Extensions of image formats that are no row of the table.
    static let foreignExtensions = [
        "bmp", "dib", "tga", "jxl", "jp2", "j2k", "psd", "ico", "icns", "dds", "sgi", "rgb", "blp", "xpm", "xbm",
        "pcx", "fli", "flc", "gd", "gd2", "qoi", "pbm", "pgm", "ppm", "pnm",
    ]
}
