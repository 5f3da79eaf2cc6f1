import TesseraCore

/// The first image directory (IFD0) of a TIFF file: its size, orientation, colour
/// profile, and whether the file is really a camera raw (NEF, DNG, ARW, CR2…), whose
/// first directory is only a small preview of a larger sub-image.
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
    /// Where the `XMLPacket` (XMP) tag's bytes lie, when within the bytes read.
    var xmpRange: Range<Int>?
    /// The `XMLPacket` tag points past the bytes read (writers often put it at the end).
    var xmpLiesBeyond = false
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

        /// The entries of the directory at `start`: tag, type, count, value field offset.
        func entries(at start: Int) -> [(tag: Int, type: Int, count: Int, at: Int)]? {
            guard let count = u16(start), start + 2 + count * 12 <= b.count else { return nil }
            return (0..<count).compactMap { entry in
                let at = start + 2 + entry * 12
                guard let tag = u16(at), let type = u16(at + 2), let values = u32(at + 4) else { return nil }
                return (tag, type, values, at + 8)
            }
        }
        // A SHORT sits in the first two bytes of the value field, a LONG fills it.
        func value(_ type: Int, at: Int) -> Int? { type == 3 ? u16(at) : u32(at) }
        func extent(of directory: [(tag: Int, type: Int, count: Int, at: Int)]) -> PixelSize? {
            guard let w = directory.first(where: { $0.tag == 0x0100 }).flatMap({ value($0.type, at: $0.at) }),
                let h = directory.first(where: { $0.tag == 0x0101 }).flatMap({ value($0.type, at: $0.at) })
            else { return nil }
            return PixelSize(width: w, height: h)
        }

        // Sides are 32-bit numbers: two near 4 Gi overflow `Int` when multiplied.
        func area(_ size: PixelSize) -> Int {
            let (area, overflow) = size.width.multipliedReportingOverflow(by: size.height)
            return overflow ? .max : area
        }

        guard let directory = entries(at: first) else { return .needsMoreBytes }
        var found = TIFFStructure()
        found.size = extent(of: directory)
        guard let size = found.size else { throw .corrupt(.tiff, detail: DecoderVerdict.Detail.missingHeader) }
        // Canon's CR2 says so right after the header; DNG by its version tag.
        found.isCameraRaw = b.matches(Array("CR".utf8), at: 8) || directory.contains { $0.tag == 0xC612 }
        for entry in directory {
            switch entry.tag {
            case 0x0112:
                found.orientation = Orientation(exifValue: value(entry.type, at: entry.at))
                found.orientationValueOffset = entry.at
            case 0x8773:
                if let offset = u32(entry.at), entry.count > 4, offset + entry.count <= b.count {
                    found.profileRange = offset..<(offset + entry.count)
                }
            case 0x02BC:
                guard let offset = u32(entry.at), entry.count > 4 else { break }
                if offset + entry.count <= b.count {
                    found.xmpRange = offset..<(offset + entry.count)
                } else {
                    found.xmpLiesBeyond = true
                }
            case 0x014A:
                // Sub-images (NEF, ARW, and pyramids): a raw file when the first sub-image is
                // larger than the first image, which is then only its preview.
                guard let pointer = u32(entry.at) else { break }
                let offset = entry.count == 1 ? pointer : u32(pointer)
                guard let offset else { return .needsMoreBytes }
                guard let sub = entries(at: offset) else { return .needsMoreBytes }
                if let subSize = extent(of: sub), area(subSize) > area(size) { found.isCameraRaw = true }
            default: break
            }
        }
        return .structure(found)
    }
}
