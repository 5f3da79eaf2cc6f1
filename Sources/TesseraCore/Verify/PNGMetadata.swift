/// The text and EXIF chunks of a PNG file, and bytes after its `IEND`: a walk over the
/// chunks, each length checked against the buffer. A text chunk holding XMP or one of
/// ImageMagick's raw profiles (`PNGRawProfile`) is looked into for a position, inflated
/// first when it is compressed.
enum PNGMetadata {
    /// Inflates a compressed text chunk's zlib stream to at most `limit` bytes; nil when the
    /// stream is damaged or inflates to more. Core has no zlib (it belongs to the imaging
    /// module): the build and the verifier are handed one.
    typealias Inflater = @Sendable (_ zlib: UnsafeRawBufferPointer, _ limit: Int) -> [UInt8]?

    /// The most a file's compressed text chunks are inflated to, all together: an EXIF
    /// block is at most 64 KiB (twice that in hex), an XMP packet rarely a few hundred; a
    /// file of many small zip bombs costs no more than one.
    static let inflatedLimit = 16 << 20

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func isPNG(_ view: ByteView) -> Bool {
        view.has(0, 8) && (0..<8).allSatisfy { view.bytes[$0] == signature[$0] }
    }

    static func findings(_ view: ByteView, inflate: Inflater? = nil) -> [MetadataFinding] {
        var found: [MetadataFinding] = []
        var inflatable = inflatedLimit
        var index = 8
        while let length = view.u32be(index), view.has(index + 8, length) {
            let type = view.text(index + 4, 4)
            let data = view.slice(index + 8, length)
            switch type {
            case "eXIf":
                found.append(TIFFTags.exifFinding(data, in: "eXIf chunk"))
            case "tEXt", "zTXt", "iTXt":
                found.append(textFinding(type, data, inflate: inflate, budget: &inflatable))
            default:
                break
            }
            index += 12 + length
            if type == "IEND" {
                if index < view.count {
                    found.append(
                        MetadataFinding(
                            .trailer, "\(view.count - index) bytes after the end of the image (IEND)"))
                }
                break
            }
        }
        return found
    }

    /// What a text chunk carries: its keyword says what its text is (XMP, a raw profile,
    /// or plain text); a compressed one is inflated to be looked into.
    ///
    /// - Parameter budget: how many bytes the file's chunks may still inflate to; what this
    ///   one inflates to is taken from it.
    static func textFinding(
        _ type: String, _ data: ByteView, inflate: Inflater?, budget: inout Int
    ) -> MetadataFinding {
        let keyword = data.zeroTerminated(0, limit: 79)
        let detail = "\(type) chunk '\(keyword)'"
        let isXMP = keyword == "XML:com.adobe.xmp"
        let profileName =
            keyword.hasPrefix(PNGRawProfile.keywordPrefix)
            ? String(keyword.dropFirst(PNGRawProfile.keywordPrefix.count)) : nil
        guard isXMP || profileName != nil else { return MetadataFinding(.text, detail) }
        // What it is said to be, when what it holds cannot be read.
        let unread = MetadataFinding(isXMP ? .xmp : PNGRawProfile.kind(ofName: profileName ?? ""), detail)
        guard let afterKeyword = data.firstZero(from: 0, limit: 80).map({ $0 + 1 }) else { return unread }
        // Where the text starts, and whether it is compressed: tEXt is plain; zTXt has a
        // method byte; iTXt a flag and a method, then a language tag and a translated keyword.
        let start: Int?
        let compressed: Bool
        switch type {
        case "zTXt":
            (start, compressed) = (afterKeyword + 1, true)
        case "iTXt":
            compressed = data.u8(afterKeyword) == 1
            let language = data.firstZero(from: afterKeyword + 2, limit: data.count)
            start = language.flatMap { data.firstZero(from: $0 + 1, limit: data.count) }.map { $0 + 1 }
        default:
            (start, compressed) = (afterKeyword, false)
        }
        guard let start, start <= data.count else { return unread }
        let text = data.slice(start, data.count - start)
        func look(_ text: ByteView) -> MetadataFinding {
            guard let profileName else { return MetadataFinding.xmp(text, detail) }
            guard let profile = PNGRawProfile.bytes(of: text) else { return unread }
            return profile.withByteView { PNGRawProfile.finding(name: profileName, profile: $0, in: detail) }
        }
        guard compressed else { return look(text) }
        guard let inflate, budget > 0, let inflated = inflate(text.bytes, budget) else {
            return MetadataFinding(unread.kind, "\(detail), compressed, which could not be inflated to be looked into")
        }
        budget -= inflated.count
        return inflated.withByteView(look)
    }

}
