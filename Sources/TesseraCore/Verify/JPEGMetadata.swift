import Foundation

/// The metadata segments of a JPEG file and anything after its end, read from untrusted
/// bytes along `JPEGSegments`, the walk the stripping of originals takes too. Linear,
/// bounded by the buffer.
enum JPEGMetadata {
    /// Whether the bytes start like a JPEG file.
    static func isJPEG(_ view: ByteView) -> Bool {
        view.u8(0) == 0xFF && view.u8(1) == 0xD8 && view.u8(2) == 0xFF
    }

    /// What a reader finds in the file: every segment `JPEGSegments.decoderNeeds` says no
    /// decoder needs (what the stripping of an original removes), except an EXIF block holding
    /// only the orientation, and anything after the end of the image but zeros.
    ///
    /// - Parameter depth: how many images this one is inside (an appended second picture,
    ///   an EXIF thumbnail): each is looked into, up to `maxDepth`.
    static func findings(_ view: ByteView, depth: Int = 0) -> [MetadataFinding] {
        guard isJPEG(view), depth <= maxDepth else { return [] }
        var found: [MetadataFinding] = []
        var extendedXMP = ExtendedXMP()
        for part in JPEGSegments(view) {
            switch part {
            case .segment(let marker, let offset, let length):
                let data = view.slice(offset + 4, length - 2)
                let segment = finding(marker: marker, data: data)
                if let segment { found.append(segment) }
                if marker == 0xE1 { extendedXMP.add(data) }
                if marker == 0xE1, segment?.kind == .exif {
                    found += thumbnailFindings(exif: view.slice(offset + 4, length - 2), depth: depth)
                }
            case .cutOff(let marker, let offset):
                if let finding = finding(marker: marker, data: view.slice(offset + 4, view.count)) {
                    found.append(finding)
                }
            case .end(let offset) where offset + 2 < view.count:
                let trailing = view.slice(offset + 2, view.count)
                // Some encoders pad the file with zeros; only bytes that mean something count.
                if (0..<trailing.count).contains(where: { trailing.bytes[$0] != 0 }) {
                    found.append(
                        MetadataFinding(
                            .trailer,
                            "\(trailing.count) bytes after the end of the image (another file appended to it)"))
                    found += appendedVideoFindings(trailing)
                    // A multi-picture JPEG's second image (MPF), straight after the first.
                    found += findings(trailing, depth: depth + 1).filter { $0.kind == .location }.map {
                        MetadataFinding($0.kind, "the appended image's \($0.detail)")
                    }
                }
            default:
                break
            }
        }
        if !found.contains(where: { $0.kind == .location }), let parts = extendedXMP.holdingPosition() {
            found.insert(MetadataFinding(.location, "APP1 extended XMP (\(parts) parts) with a GPS position"), at: 0)
        }
        return found
    }

    /// The parts of an extended XMP packet (one over a segment's 64 KB, split by Adobe's
    /// rule: a signature, the packet's GUID, its length and the part's offset, then the
    /// bytes): a name such as `GPSLatitude` may be cut between two parts, so the packet is
    /// read whole, its parts in the order of their offsets.
    struct ExtendedXMP {
        static let signature: StaticString = "http://ns.adobe.com/xmp/extension/\0"
        /// Signature, 32-character GUID, full length, offset.
        static let headerLength = 35 + 32 + 4 + 4
        var parts: [String: [(offset: Int, bytes: [UInt8])]] = [:]

        mutating func add(_ data: ByteView) {
            guard data.matches(0, Self.signature), data.count > Self.headerLength,
                let offset = data.u32be(35 + 32 + 4)
            else { return }
            let guid = data.text(35, 32)
            let bytes = data.slice(Self.headerLength, data.count - Self.headerLength)
            parts[guid, default: []].append((offset, Array(UnsafeRawBufferPointer(bytes.bytes))))
        }

        /// How many parts the packet that names a position has, or nil when none does.
        func holdingPosition() -> Int? {
            for (_, pieces) in parts.sorted(by: { $0.key < $1.key }) where pieces.count > 1 {
                let whole = pieces.sorted { $0.offset < $1.offset }.flatMap(\.bytes)
                if whole.withUnsafeBytes({ MetadataFinding.holdsPosition(ByteView($0)) }) { return pieces.count }
            }
            return nil
        }
    }

    /// How deep images inside images are looked into.
    static let maxDepth = 3

    /// The position in an EXIF block's thumbnail (IFD1's JPEG, at tags 513 and 514), which
    /// exiftool reads out as an image of its own, with its own EXIF.
    private static func thumbnailFindings(exif data: ByteView, depth: Int) -> [MetadataFinding] {
        guard let headerLength = TIFFTags.exifHeaderLength(data) else { return [] }
        let tiff = data.slice(headerLength, data.count - headerLength)
        guard let header = TIFFDirectory.header(tiff),
            let first = TIFFDirectory.entries(tiff, at: header.firstDirectory, littleEndian: header.littleEndian),
            let next = TIFFDirectory.next(
                tiff, after: header.firstDirectory, entryCount: first.count, littleEndian: header.littleEndian),
            next >= 8, next != header.firstDirectory,
            let thumbnail = TIFFDirectory.entries(tiff, at: next, littleEndian: header.littleEndian),
            let offset = thumbnail.first(where: { $0.tag == 0x201 })?.value,
            let length = thumbnail.first(where: { $0.tag == 0x202 })?.value,
            offset >= 8, offset < tiff.count
        else { return [] }
        let image = tiff.slice(offset, min(length, tiff.count - offset))
        return findings(image, depth: depth + 1).filter { $0.kind == .location }.map {
            MetadataFinding($0.kind, "the EXIF thumbnail's \($0.detail)")
        }
    }

    /// What a Motion Photo's video (an MP4 appended to the picture, by Google straight after
    /// it, by Samsung after a marker of its own) carries: its position is the photo's, and
    /// exiftool reads it out of the photo. The `ftyp` box is looked for in the first 64 KiB.
    private static func appendedVideoFindings(_ trailing: ByteView) -> [MetadataFinding] {
        let window = min(trailing.count - 8, 64 * 1024)
        guard window >= 0,
            let start = (0...window).first(where: { trailing.matches($0 + 4, "ftyp") })
        else { return [] }
        let video = trailing.slice(start, trailing.count - start)
        return ISOMediaMetadata.findings(video).map {
            MetadataFinding($0.kind, "the appended video's \($0.detail)")
        }
    }

    private static func finding(marker: UInt8, data: ByteView) -> MetadataFinding? {
        if JPEGSegments.decoderNeeds(marker: marker, data: data) { return nil }
        switch marker {
        case 0xE1:
            if let headerLength = TIFFTags.exifHeaderLength(data) {
                let tiff = data.slice(headerLength, data.count - headerLength)
                // Orientation alone (as a stripped original keeps it) says nothing about the photo.
                if TIFFTags.holdsOnlyOrientation(tiff) { return nil }
                return TIFFTags.exifFinding(tiff, in: "APP1 Exif segment")
            }
            if data.matches(0, "http://ns.adobe.com/xap/1.0/\0")
                || data.matches(0, "http://ns.adobe.com/xmp/extension/")
            {
                return MetadataFinding.xmp(data, "APP1 XMP segment")
            }
            // exiftool reads XMP out of an APP1 under another header (`XMP\0`) all the same.
            return MetadataFinding.holdsPosition(data)
                ? MetadataFinding(.location, "APP1 segment '\(data.zeroTerminated(0, limit: 32))' with a GPS position")
                : MetadataFinding(.text, "APP1 segment '\(data.zeroTerminated(0, limit: 32))'")
        case 0xED:
            return MetadataFinding(.iptc, "APP13 segment (IPTC, Photoshop resources)")
        case 0xFE:
            return MetadataFinding(.text, "comment segment (COM)")
        case 0xE2:
            if data.matches(0, "MPF\0") {
                return MetadataFinding(.text, "APP2 multi-picture segment (MPF: more images inside the file)")
            }
            return MetadataFinding(.text, "APP2 segment '\(data.zeroTerminated(0, limit: 32))'")
        case 0xE0...0xEF:
            // Makers' blocks, or an APP0 or APP14 that is not JFIF's or Adobe's.
            return MetadataFinding(
                .text, "APP\(marker - 0xE0) segment '\(data.zeroTerminated(0, limit: 32))'")
        default:
            let code = String(marker, radix: 16, uppercase: true)
            return MetadataFinding(.text, "segment with the reserved marker FF \(code) (no decoder reads it)")
        }
    }
}
