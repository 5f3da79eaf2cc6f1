import TesseraCore

/// The first image directory (IFD0) of a TIFF file: its size, orientation, colour
/// profile, and whether the file is really a camera raw (NEF, DNG, ARW, CR2…), whose
/// first directory is only a small preview.
struct TIFFStructure {
    var size: PixelSize?
    /// The `Orientation` tag (EXIF numbering).
    var orientation: Orientation = .up
    /// Where the `Orientation` tag's value lies, to neutralise it before libgd decodes:
    /// libtiff's RGBA reader applies only the mirroring part of some orientations and
    /// libgd's scanline reader none, so Tessera turns the stored pixels itself.
    var orientationValueOffset: Int?
    /// Where the `InterColorProfile` (ICC) tag's bytes lie.
    var profileRange: Range<Int>?
    var isCameraRaw = false

    enum Outcome {
        case structure(TIFFStructure)
        /// The directory lies beyond the bytes given (writers often put it at the end).
        case needsMoreBytes
    }

    /// `bytes` with the `Orientation` tag, if any, set to 1 (stored pixels as they are).
    static func withoutOrientation(_ bytes: [UInt8]) -> [UInt8] {
        guard case .structure(let tiff)? = try? read(ByteReader(bytes)), let at = tiff.orientationValueOffset,
            at + 2 <= bytes.count
        else { return bytes }
        var copy = bytes
        let little = bytes[0] == 0x49
        copy[at] = little ? 1 : 0
        copy[at + 1] = little ? 0 : 1
        return copy
    }

    static func read(_ b: ByteReader) throws(PhotoProblem) -> Outcome {
        guard b.count >= 8 else { return .needsMoreBytes }
        let little = b[0] == 0x49
        func u16(_ i: Int) -> Int? { little ? b.le16(i) : b.be16(i) }
        func u32(_ i: Int) -> Int? { little ? b.le32(i) : b.be32(i) }
        guard let first = u32(4), first >= 8 else { throw .corrupt(.tiff, detail: DecoderVerdict.Detail.header) }
        guard let count = u16(first) else { return .needsMoreBytes }
        guard first + 2 + count * 12 <= b.count else { return .needsMoreBytes }
        // Canon's CR2 says so right after the header.
        var found = TIFFStructure()
        found.isCameraRaw = b.matches(Array("CR".utf8), at: 8)
        var width: Int?, height: Int?
        for entry in 0..<count {
            let at = first + 2 + entry * 12
            guard let tag = u16(at), let type = u16(at + 2), let values = u32(at + 4) else { break }
            // A SHORT sits in the first two bytes of the value field, a LONG fills it.
            let value = type == 3 ? u16(at + 8) : u32(at + 8)
            switch tag {
            case 0x0100: width = value
            case 0x0101: height = value
            case 0x0112:
                found.orientation = Orientation(exifValue: value)
                found.orientationValueOffset = at + 8
            case 0x8773:
                if let offset = u32(at + 8), values > 4, offset + values <= b.count {
                    found.profileRange = offset..<(offset + values)
                }
            // Reduced-resolution first image, sub-directories, DNG version: a raw file.
            case 0x00FE: if let value, value & 1 == 1 { found.isCameraRaw = true }
            case 0x014A, 0xC612: found.isCameraRaw = true
            default: break
            }
        }
        guard let width, let height else { throw .corrupt(.tiff, detail: DecoderVerdict.Detail.missingHeader) }
        found.size = PixelSize(width: width, height: height)
        return .structure(found)
    }
}
