/// A profile ImageMagick keeps in a PNG text chunk named `Raw profile type NAME` (`exif`,
/// `APP1`, `xmp`, `iptc`, `8bim`, `icc`): `convert photo.jpg photo.png` carries a JPEG's
/// EXIF block, GPS position and all, over this way, and exiftool reads it as EXIF. The
/// chunk's text is a line with the profile's name, a line with its length in bytes, then
/// the bytes in hexadecimal over lines of 72 digits.
enum PNGRawProfile {
    /// The chunk keyword's prefix; the rest is the profile's name.
    static let keywordPrefix = "Raw profile type "

    /// What a profile of this name holds: EXIF (`exif`, or `APP1`, a JPEG's segment), XMP,
    /// IPTC, or something else (a colour profile).
    static func kind(ofName name: String) -> MetadataFinding.Kind {
        switch name.lowercased() {
        case "exif", "app1": .exif
        case "xmp": .xmp
        case "iptc", "8bim": .iptc
        default: .text
        }
    }

    /// What a profile of this name and these bytes carries: a position when its EXIF block
    /// points to a GPS directory (or its XMP holds one), else its kind. `place` names the
    /// chunk in the finding.
    static func finding(name: String, profile: ByteView, in place: String) -> MetadataFinding {
        switch kind(ofName: name) {
        case .exif:
            // ImageMagick's `APP1` profile may be a JPEG's XMP segment rather than its EXIF.
            if profile.matches(0, "http://ns.adobe.com/xap/1.0/\0") { return MetadataFinding.xmp(profile, place) }
            return TIFFTags.exifFinding(profile, in: place)
        case .xmp: return MetadataFinding.xmp(profile, place)
        case let kind: return MetadataFinding(kind, place)
        }
    }

    /// The profile's bytes from the chunk's text: the declared length's worth of hex digits
    /// (line breaks and spaces between them skipped), or as many as there are when the text
    /// ends first; nil when the text is not laid out as ImageMagick writes it.
    static func bytes(of text: ByteView) -> [UInt8]? {
        var index = 0
        func isBlank(_ byte: Int) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x20 || byte == 0x09 }
        func skipBlank() {
            while let byte = text.u8(index), isBlank(byte) { index += 1 }
        }
        // The name, then the length.
        skipBlank()
        while let byte = text.u8(index), byte != 0x0A, byte != 0x0D { index += 1 }
        skipBlank()
        var length = 0
        var digits = 0
        while let byte = text.u8(index), byte >= 0x30, byte <= 0x39 {
            // Past what any buffer holds, the length no longer matters.
            length = min(length * 10 + Int(byte - 0x30), 1 << 40)
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        // Two digits a byte: never more than the text can hold.
        let most = min(length, max(0, text.count - index) / 2)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(most)
        var high: UInt8?
        while bytes.count < most, let byte = text.u8(index) {
            index += 1
            guard let nibble = ByteView.hexDigit(UInt8(byte)) else {
                if isBlank(byte) { continue }
                break
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return bytes
    }
}
