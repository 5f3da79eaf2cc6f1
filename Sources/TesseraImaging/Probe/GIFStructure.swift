import TesseraCore

/// Walks a GIF's blocks up to the end of its first image before libgd decodes it.
///
/// libgd decodes a GIF cut short without a word, filling the missing rows with the
/// background: a half-copied file would be published half empty. The first frame is what
/// Tessera publishes, so its data must be complete.
enum GIFStructure {
    /// Where the first image lies on the GIF's logical screen (the picture's size): GIF
    /// optimisers trim a frame to what it changes, and a badge may sit on a larger canvas.
    /// libgd decodes the image alone, at the image's own size.
    struct FirstImage: Equatable {
        var screen: PixelSize
        var left: Int
        var top: Int
        var size: PixelSize

        /// The image covers exactly the whole screen, the usual case.
        var fillsScreen: Bool { left == 0 && top == 0 && size == screen }
        /// The image lies within the screen, so placing it there loses none of it.
        var liesWithinScreen: Bool {
            left + size.width <= screen.width && top + size.height <= screen.height
        }
    }

    /// Throws `truncated GIF` when the file ends before the first image's data does, and
    /// `corrupt GIF: damaged file structure` for a block GIF does not define.
    @discardableResult
    static func check(_ bytes: [UInt8]) throws(PhotoProblem) -> FirstImage {
        let b = ByteReader(bytes)
        guard bytes.count >= 13 else { throw .truncated(.gif) }
        var i = 13 + colorTableLength(flags: b[10])
        while true {
            guard i < bytes.count else { throw .truncated(.gif) }
            switch b[i] {
            case 0x21:  // extension: label, then data sub-blocks
                i = try skipSubBlocks(b, from: i + 2, count: bytes.count)
            case 0x2C:  // image descriptor, optional local colour table, LZW code size, data
                guard i + 10 <= bytes.count, let left = b.le16(i + 1), let top = b.le16(i + 3),
                    let width = b.le16(i + 5), let height = b.le16(i + 7), let screenWidth = b.le16(6),
                    let screenHeight = b.le16(8)
                else { throw .truncated(.gif) }
                i += 10 + colorTableLength(flags: b[i + 9]) + 1
                _ = try skipSubBlocks(b, from: i, count: bytes.count)
                return FirstImage(
                    screen: PixelSize(width: screenWidth, height: screenHeight), left: left, top: top,
                    size: PixelSize(width: width, height: height))
            default:  // a trailer before any image, or no block GIF defines
                throw .corrupt(.gif, detail: DecoderVerdict.Detail.structure)
            }
        }
    }

    /// Bytes of a colour table announced by a flags byte (bit 7 set: 3 × 2^(n+1) bytes).
    private static func colorTableLength(flags: UInt8) -> Int {
        flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1)
    }

    /// The offset just after a chain of sub-blocks (length byte, data) and its 0 terminator.
    private static func skipSubBlocks(_ b: ByteReader, from start: Int, count: Int) throws(PhotoProblem) -> Int {
        var i = start
        while true {
            guard i < count else { throw .truncated(.gif) }
            let length = Int(b[i])
            if length == 0 { return i + 1 }
            i += 1 + length
        }
    }
}
