import TesseraCore

/// The first image directory (IFD0) of a TIFF file: its size, orientation and colour
/// profile. Whether the file is really a camera raw (NEF, DNG, ARW, CR2…) is Core's
/// `RawSignature`'s to say, before the file reaches Imaging.
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
    /// The `PhotometricInterpretation` tag: 0 WhiteIsZero, 1 BlackIsZero, 2 RGB, 3 a palette…
    var photometric: Int?

    enum Outcome {
        case structure(TIFFStructure)
        /// The directory lies beyond the bytes given (writers often put it at the end).
        case needsMoreBytes
    }

    /// The first directory of the whole file `bytes`; nil when it cannot be read.
    static func parsed(_ bytes: [UInt8]) -> TIFFStructure? {
        guard case .structure(let tiff)? = try? read(ByteReader(bytes)) else { return nil }
        return tiff
    }

    /// `bytes`, the file this directory was read from, with the `Orientation` tag, if any,
    /// set to 1 (stored pixels as they are).
    func withoutOrientation(_ bytes: [UInt8]) -> [UInt8] {
        guard let at = orientationValueOffset, at + 2 <= bytes.count else { return bytes }
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

        guard let directory = entries(at: first) else { return .needsMoreBytes }
        var found = TIFFStructure()
        found.size = extent(of: directory)
        guard found.size != nil else { throw .corrupt(.tiff, detail: DecoderVerdict.Detail.missingHeader) }
        for entry in directory {
            switch entry.tag {
            case 0x0106:
                found.photometric = value(entry.type, at: entry.at)
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
                // Sub-images (pyramids; raw files never come here): their directory must be
                // within the file, or the file is cut short.
                guard let pointer = u32(entry.at) else { break }
                let offset = entry.count == 1 ? pointer : u32(pointer)
                guard let offset, entries(at: offset) != nil else { return .needsMoreBytes }
            default: break
            }
        }
        return .structure(found)
    }
}
