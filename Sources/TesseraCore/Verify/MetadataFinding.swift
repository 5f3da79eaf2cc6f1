/// Something a published image or video carries that a visitor could read out of it: a
/// position, camera data, text, a file appended after the picture.
struct MetadataFinding: Sendable, Hashable, Codable {
    enum Kind: String, Sendable, Hashable, Codable {
        /// Where it was taken: EXIF GPS, a QuickTime `©xyz`, an ISO 6709 key, a `loci` box.
        case location
        /// An EXIF block (camera, dates, serial numbers), without a position.
        case exif
        /// An XMP packet.
        case xmp
        /// IPTC-IIM (Photoshop's resource block).
        case iptc
        /// Text chunks, comments, titles, tags a container carries.
        case text
        /// When a video was recorded (an MP4's creation time, a Matroska `DateUTC`).
        case date
        /// Bytes after the end of the picture: another file appended (a Motion Photo's
        /// video, a second image), which readers such as exiftool still find.
        case trailer
        /// A part that could not be looked into (an archive's compressed member, an archive
        /// inside an archive, a directory that cannot be read): what it holds is unknown, so
        /// it is a problem even where camera data is the site's choice.
        case unexamined
    }

    var kind: Kind
    /// Where it was found and what it is: `APP1 Exif segment with a GPS position`.
    var detail: String

    init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// An XMP packet: a position when it holds one (`exif:GPSLatitude`, as Lightroom,
    /// darktable and exiftool write it), else XMP. A position only in XMP was taken for
    /// XMP alone, which an original published as it is may carry without a problem.
    static func xmp(_ packet: ByteView, _ detail: String) -> MetadataFinding {
        holdsPosition(packet)
            ? MetadataFinding(.location, "\(detail) with a GPS position") : MetadataFinding(.xmp, detail)
    }

    /// Whether an XMP packet names a position: `GPSLatitude`/`GPSLongitude` in any case
    /// (DJI's drones write `drone-dji:GpsLatitude`), a destination's (`GPSDestLatitude`),
    /// and `LocationShownGPSLatitude` among them.
    /// A packet in UTF-16 (which XMP allows: a byte-order mark, or NULs between the letters)
    /// is read with its NULs left out.
    static func holdsPosition(_ packet: ByteView) -> Bool {
        if namesPosition(packet) { return true }
        guard (0..<min(packet.count, 64)).contains(where: { packet.bytes[$0] == 0 }) else { return false }
        return packet.bytes.filter { $0 != 0 }.withUnsafeBytes { namesPosition(ByteView($0)) }
    }

    private static func namesPosition(_ packet: ByteView) -> Bool {
        packet.containsIgnoringCase("gpslatitude") || packet.containsIgnoringCase("gpslongitude")
            || packet.containsIgnoringCase("gpsdestlatitude") || packet.containsIgnoringCase("gpsdestlongitude")
    }
}
