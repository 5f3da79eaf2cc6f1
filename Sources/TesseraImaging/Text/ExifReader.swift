import CExif
import Foundation
import TesseraCore

/// Reads orientation and the camera's notes from an EXIF block with libexif. Never GPS.
///
/// `exif_data_load_data` copies the block into the `ExifData` libexif allocates; entry
/// pointers into it are read inside `init`, before `exif_data_unref` frees it.
struct ExifReader {
    var orientation: Orientation = .up
    var metadata = PhotoMetadata()
    /// The date taken and its clock's offset, as in `metadata`, for Imaging's own use.
    var dateTaken: String?
    var utcOffsetMinutes: Int?

    /// Parses `block` (which starts `Exif\0\0`); unreadable EXIF yields an empty result,
    /// because a photo with broken notes is still a photo.
    init(block: [UInt8]) {
        guard block.count > 14, block.count <= Int(UInt32.max), let data = exif_data_new() else {
            return
        }
        defer { exif_data_unref(data) }
        // Following the specification makes libexif invent missing mandatory tags.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        block.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        let order = exif_data_get_byte_order(data)
        let ifd0 = Tags(content: data.pointee.ifd.0, order: order)
        let exif = Tags(content: data.pointee.ifd.2, order: order)

        orientation = Orientation(exifValue: ifd0.integer(EXIF_TAG_ORIENTATION))
        let dateTaken = exif.text(EXIF_TAG_DATE_TIME_ORIGINAL).flatMap(Self.isoDate)
        // The offset of the original time, else of the file's time (cameras write both alike);
        // one written blank ("   :  ", EXIF's unknown) gives way to the other.
        let offset = [EXIF_TAG_OFFSET_TIME_ORIGINAL, EXIF_TAG_OFFSET_TIME].lazy
            .compactMap { exif.text($0).flatMap(Self.utcOffsetMinutes) }.first
        self.dateTaken = dateTaken
        utcOffsetMinutes = dateTaken == nil ? nil : offset
        metadata = PhotoMetadata(
            dateTaken: dateTaken, utcOffsetMinutes: utcOffsetMinutes,
            cameraMake: ifd0.text(EXIF_TAG_MAKE), cameraModel: ifd0.text(EXIF_TAG_MODEL),
            lens: exif.text(EXIF_TAG_LENS_MODEL),
            exposure: exif.rational(EXIF_TAG_EXPOSURE_TIME).flatMap(Self.exposure),
            aperture: exif.rational(EXIF_TAG_FNUMBER).map { "f/\(Self.short($0))" },
            focalLength: exif.rational(EXIF_TAG_FOCAL_LENGTH).map { "\(Self.short($0)) mm" },
            iso: exif.integer(EXIF_TAG_ISO_SPEED_RATINGS).flatMap { $0 > 0 ? $0 : nil },
            caption: ifd0.text(EXIF_TAG_IMAGE_DESCRIPTION), artist: ifd0.text(EXIF_TAG_ARTIST))
    }

    /// `2008:05:30 15:56:01` → `2008-05-30 15:56:01`; placeholders like `0000:00:00` → nil.
    static func isoDate(_ exif: String) -> String? {
        let chars = Array(exif.utf8.prefix(19))
        guard chars.count == 19 else { return nil }
        for (i, c) in chars.enumerated() {
            switch i {
            case 4, 7: guard c == UInt8(ascii: ":") || c == UInt8(ascii: "-") else { return nil }
            case 10: guard c == UInt8(ascii: " ") || c == UInt8(ascii: "T") else { return nil }
            case 13, 16: guard c == UInt8(ascii: ":") else { return nil }
            default: guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) else { return nil }
            }
        }
        let s = String(decoding: chars, as: UTF8.self)
        guard !s.hasPrefix("0000") else { return nil }
        return "\(s.prefix(4))-\(s.dropFirst(5).prefix(2))-\(s.dropFirst(8).prefix(2)) \(s.suffix(8))"
    }

    /// `+09:00` → 540, `-03:30` → −210, `Z` → 0 (as EXIF's `OffsetTime…` and the end of an
    /// XMP date write an offset from UTC); nil for anything else, beyond the ±14 hours of
    /// any time zone, and for `-00:00`, which says the offset is unknown (RFC 3339).
    static func utcOffsetMinutes(_ text: String) -> Int? {
        let chars = Array(text.utf8)
        if chars == [UInt8(ascii: "Z")] { return 0 }
        if text == "-00:00" { return nil }
        guard chars.count == 6, chars[0] == UInt8(ascii: "+") || chars[0] == UInt8(ascii: "-"),
            chars[3] == UInt8(ascii: ":")
        else { return nil }
        let digits = [chars[1], chars[2], chars[4], chars[5]].map { Int($0) - Int(UInt8(ascii: "0")) }
        guard digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
        let hours = digits[0] * 10 + digits[1]
        let minutes = digits[2] * 10 + digits[3]
        guard minutes < 60, hours * 60 + minutes <= 14 * 60 else { return nil }
        return (chars[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 60 + minutes)
    }

    /// `0.004` → `1/250 s`, `2` → `2 s`, `2.5` → `2.5 s`.
    static func exposure(_ seconds: Double) -> String? {
        // A crafted file can say 2^-100 s or 2^100 s: beyond any camera, and beyond `Int`.
        guard seconds >= 1e-7, seconds <= 1e7 else { return nil }
        if seconds >= 1 { return "\(short(seconds)) s" }
        return "1/\(Int((1 / seconds).rounded())) s"
    }

    /// One decimal at most, none when whole: `2.8`, `8`, `35`.
    static func short(_ value: Double) -> String {
        // Only a number `Int` can hold is written whole; anything else (never a camera's)
        // is written as it is rather than trapping.
        guard value.isFinite, abs(value) < 1e12 else { return String(format: "%g", value) }
        let tenths = (value * 10).rounded() / 10
        if tenths == tenths.rounded() { return String(Int(tenths)) }
        return String(format: "%.1f", tenths)
    }
}

/// Typed reads of one IFD's entries.
private struct Tags {
    let content: UnsafeMutablePointer<ExifContent>?
    let order: ExifByteOrder

    private func entry(_ tag: ExifTag) -> (UnsafeMutablePointer<UInt8>, ExifFormat, Int, Int)? {
        guard let content, let entry = exif_content_get_entry(content, tag),
            let data = entry.pointee.data, entry.pointee.components > 0
        else { return nil }
        return (data, entry.pointee.format, Int(entry.pointee.components), Int(entry.pointee.size))
    }

    func integer(_ tag: ExifTag) -> Int? {
        guard let (data, format, _, size) = entry(tag) else { return nil }
        switch format {
        case EXIF_FORMAT_SHORT where size >= 2: return Int(exif_get_short(data, order))
        case EXIF_FORMAT_LONG where size >= 4: return Int(exif_get_long(data, order))
        default: return nil
        }
    }

    func rational(_ tag: ExifTag) -> Double? {
        guard let (data, format, _, size) = entry(tag), format == EXIF_FORMAT_RATIONAL, size >= 8
        else { return nil }
        let value = exif_get_rational(data, order)
        guard value.denominator != 0, value.numerator != 0 else { return nil }
        return Double(value.numerator) / Double(value.denominator)
    }

    /// ASCII (or, leniently, undefined) text: cut at the first NUL, invalid UTF-8 replaced,
    /// whitespace trimmed, empty dropped.
    func text(_ tag: ExifTag) -> String? {
        guard let (data, format, _, size) = entry(tag),
            format == EXIF_FORMAT_ASCII || format == EXIF_FORMAT_UNDEFINED
        else { return nil }
        let bytes = UnsafeBufferPointer(start: data, count: size).prefix { $0 != 0 }
        let text = String(decoding: bytes, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        return text.isEmpty ? nil : text
    }
}
