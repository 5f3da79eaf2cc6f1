import CExempi
import Synchronization
import TesseraCore

/// Reads the title, description and date photo software writes into an XMP packet
/// (Lightroom, darktable, digiKam), with exempi. Never GPS.
///
/// A damaged packet yields no fields: the photo is still a photo.
///
/// exempi's `XmpPtr` and `XmpStringPtr` are objects it allocates, freed by the function that
/// made them; `xmp_parse` copies the packet, so the bytes are lent for that call only.
struct XMPReader {
    /// `dc:title`: the `x-default` language, else the first one listed.
    var title: String?
    /// `dc:description`, chosen the same way.
    var description: String?
    /// `exif:DateTimeOriginal`, else `xmp:CreateDate`, else `photoshop:DateCreated`, as
    /// `YYYY-MM-DD HH:MM:SS`; nil for a date without a time.
    var dateTaken: String?
    /// The offset from UTC written after that date's time, in minutes east; nil when none is.
    var dateOffset: Int?

    /// Parses `packet` (the XML, usually wrapped in `<?xpacket …?>`).
    init(packet: [UInt8]) {
        guard !packet.isEmpty, packet.count <= Self.largestPacket, Self.isReady else { return }
        // exempi prints every parse error to standard error; the toolkit's own locking
        // depends on how it was built, so one packet is read at a time. A packet parses in
        // well under a millisecond, next to tens of milliseconds to decode the photo.
        self = Self.oneAtATime.withLock { _ in
            StandardErrorSilencer.silenced { Self.parse(packet) } ?? XMPReader()
        }
    }

    private init() {}

    /// Far more than any real packet (JPEG caps standard XMP at 64 KiB); a guard against
    /// a hostile PNG or WebP chunk of hundreds of megabytes.
    static let largestPacket = 4 << 20

    /// `xmp_init` once per process, before any other exempi call.
    private static let isReady: Bool = xmp_init()
    private static let oneAtATime = Mutex(())

    private static func parse(_ packet: [UInt8]) -> XMPReader? {
        guard let xmp = xmp_new_empty() else { return nil }
        defer { xmp_free(xmp) }
        let parsed = packet.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmp_parse(xmp, $0.baseAddress, $0.count) }
        }
        guard parsed else { return nil }
        var reader = XMPReader()
        reader.title = localized(xmp, Namespace.dc, "title")
        reader.description = localized(xmp, Namespace.dc, "description")
        let written = [
            (Namespace.exif, "DateTimeOriginal"), (Namespace.xmp, "CreateDate"), (Namespace.photoshop, "DateCreated"),
        ].lazy.compactMap { property(xmp, $0.0, $0.1) }.first { isoDate($0) != nil }
        reader.dateTaken = written.flatMap(isoDate)
        reader.dateOffset = written.flatMap(offset)
        return reader
    }

    /// Schema URIs as the XMP specification defines them.
    private enum Namespace {
        static let dc = "http://purl.org/dc/elements/1.1/"
        static let exif = "http://ns.adobe.com/exif/1.0/"
        static let xmp = "http://ns.adobe.com/xap/1.0/"
        static let photoshop = "http://ns.adobe.com/photoshop/1.0/"
    }

    /// A language alternative: the toolkit picks `x-default`, else the first item. Some
    /// writers store a plain string instead; that is taken as it is.
    private static func localized(_ xmp: XmpPtr, _ schema: String, _ name: String) -> String? {
        withXMPString { value in
            xmp_get_localized_text(xmp, schema, name, "", "x-default", nil, value, nil)
        } ?? property(xmp, schema, name)
    }

    /// A simple (non-array, non-struct) property's value.
    private static func property(_ xmp: XmpPtr, _ schema: String, _ name: String) -> String? {
        withXMPString { value in
            var bits: UInt32 = 0
            let found = xmp_get_property(xmp, schema, name, value, &bits)
            // A struct or an array has no text of its own.
            return found && bits & UInt32(XMP_PROP_COMPOSITE_MASK.rawValue) == 0
        }
    }

    private static func withXMPString(_ read: (XmpStringPtr) -> Bool) -> String? {
        guard let value = xmp_string_new() else { return nil }
        defer { xmp_string_free(value) }
        guard read(value), let cString = xmp_string_cstr(value) else { return nil }
        let bytes = UnsafeBufferPointer(start: cString, count: xmp_string_len(value))
        return EmbeddedText.text(bytes.lazy.map { UInt8(bitPattern: $0) })
    }

    /// `2023-05-01T14:30:00+02:00` → `2023-05-01 14:30:00` (the local time as written, like
    /// EXIF); `2023-05-01T14:30` gains `:00`; a date alone or anything else → nil.
    static func isoDate(_ xmp: String) -> String? {
        let utf8 = Array(xmp.utf8)
        let minutesOnly = utf8.count == 16 || utf8.count > 16 && !(utf8[16] == UInt8(ascii: ":"))
        if minutesOnly, utf8.count >= 16 {
            return ExifReader.isoDate(String(decoding: utf8.prefix(16), as: UTF8.self) + ":00")
        }
        return ExifReader.isoDate(xmp)
    }

    /// The offset after a date's time: `2023-05-01T14:30:00.25+02:00` → 120,
    /// `2023-05-01T12:30Z` → 0; nil when the date gives none.
    static func offset(_ xmp: String) -> Int? {
        let utf8 = Array(xmp.utf8)
        guard utf8.count > 16 else { return nil }
        var rest = utf8[16...]
        if rest.first == UInt8(ascii: ":") { rest = rest.dropFirst(3) }
        if rest.first == UInt8(ascii: ".") { rest = rest.dropFirst().drop { (48...57).contains($0) } }
        return ExifReader.utcOffsetMinutes(String(decoding: rest, as: UTF8.self))
    }
}
