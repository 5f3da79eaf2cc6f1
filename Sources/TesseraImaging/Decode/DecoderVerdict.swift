import TesseraCore

/// Turns what libgd, libpng, libjpeg, libwebp and libavif say when they give up into a
/// `PhotoProblem` a person understands: "corrupt PNG: damaged data (checksum mismatch)",
/// not "gd-png: fatal libpng error: IDAT: CRC error; setjmp returns error condition 3".
///
/// The decoders' own words are matched by phrase; anything not recognised becomes the
/// plain "the decoder could not read it" rather than leaking a C library's message.
enum DecoderVerdict {
    /// The fixed phrases that follow `corrupt FORMAT: `, so tests can tell a translated
    /// verdict from a leaked library message.
    enum Detail {
        static let checksum = "damaged data (checksum mismatch)"
        static let structure = "damaged file structure"
        static let header = "damaged header"
        static let missingHeader = "the image header is missing"
        static let pixels = "damaged image data"
        static let unreadable = "the decoder could not read it"
        /// A HEIF grid or overlay whose canvas is larger than its `ispe` (`HEIFFile.init`,
        /// `HEIFFile.canvasLimit`).
        static let canvasBeyondStatedSize = "its tiles make a picture larger than the file's stated size"
        /// A HEIF's item table cannot be followed to its primary image's size
        /// (`HEIFItems.PrimaryCanvas.unreadable`).
        static let unreadableItemTable = "its table of images cannot be read to the picture's size"

        /// The header states a size no real image has (zero, or absurdly long).
        static func impossibleSize(_ size: PixelSize) -> String {
            "the header gives an impossible size, \(size)"
        }

        static func noMemory(_ size: PixelSize) -> String {
            "not enough memory for a \(size) image"
        }
    }

    /// The verdict for a decoder that failed (or warned of damage) with `messages`.
    static func problem(_ format: MediaFormat, messages: [String]) -> PhotoProblem {
        let text = messages.joined(separator: "; ").lowercased()
        func has(_ phrases: String...) -> Bool { phrases.contains { text.contains($0) } }

        // libjpeg refused memory ("Insufficient memory (case 4)": an allocation that failed,
        // under `ulimit -v` say): that says nothing of the file, which was called a damaged
        // header. (libgd's "cannot allocate" comes of a damaged file's sizes, and stays so.)
        if format == .jpeg, has("insufficient memory") {
            return .unreadable(
                "there was not enough memory to decode it (\(messages.joined(separator: "; "))): "
                    + "free some, or lift the limit (ulimit), then build again")
        }

        if has(
            "premature end of jpeg file", "truncated", "unexpected end", "not enough data",
            "read error", "unexpected eof")
        {
            return .truncated(format)
        }
        if format == .jpeg {
            if has("unsupported jpeg data precision 12", "unsupported jpeg data precision 16") {
                return .unsupported("12-bit JPEG")
            }
            if has("unsupported jpeg process") { return .unsupported("lossless or hierarchical JPEG") }
            if has("maximum supported image dimension") {
                return .unsupported("JPEG wider or taller than 65,500 pixels")
            }
            if has(
                "premature end of data segment", "bad huffman code", "corrupt jpeg data",
                "inconsistent progression", "arithmetic", "invalid progressive")
            {
                return .corrupt(format, detail: Detail.pixels)
            }
            if text.isEmpty { return .corrupt(format, detail: Detail.unreadable) }
            return .corrupt(format, detail: Detail.header)
        }
        if has("crc error", "incorrect data check") { return .corrupt(format, detail: Detail.checksum) }
        if has(
            "invalid chunk type", "out of place", "duplicate", "missing plte", "unknown critical chunk",
            "too many idat", "extra compressed data", "bmff parsing")
        {
            return .corrupt(format, detail: Detail.structure)
        }
        if has(
            "adaptive filter", "invalid code", "lz dictionary", "invalid distance", "invalid block type",
            "invalid stored block", "too many length", "invalid literal", "incorrect header check",
            "not enough image data", "decoding failed", "bitstream", "temporary buffer")
        {
            return .corrupt(format, detail: Detail.pixels)
        }
        if has(
            "ihdr", "palette", "plte", "out of range", "image width", "image height",
            "negative or zero", "invalid")
        {
            return .corrupt(format, detail: Detail.header)
        }
        return .corrupt(format, detail: Detail.unreadable)
    }

    /// Warnings after which the pixels are still complete and right.
    static func isHarmlessWarning(_ message: String) -> Bool {
        let text = message.lowercased()
        return text.contains("extraneous bytes before marker 0x")
            && !text.contains("marker 0xd9")
            && !(0xD0...0xD7).contains(where: {
                text.contains("marker 0x" + String($0, radix: 16))
            })
            || text.contains("invalid sos parameters for sequential jpeg")
            || text.contains("unknown jfif revision number")
    }
}
