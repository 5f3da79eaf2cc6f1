import CExif
import Foundation
import TesseraCore

/// Writes an EXIF orientation tag into a JPEG (used for the sample album and test fixtures).
package enum ExifOrientationTag {
    /// `jpeg` with any EXIF block replaced by one holding only `orientation`, placed right
    /// after the start-of-image marker. Returns `jpeg` unchanged if it is not a JPEG.
    package static func tagged(jpeg: [UInt8], orientation: Orientation) -> [UInt8] {
        guard jpeg.count >= 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8, let block = exifBlock(orientation)
        else { return jpeg }
        let length = block.count + 2
        guard length <= 0xFFFF else { return jpeg }
        var output: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
        output += block
        output += withoutExif(jpeg)[2...]
        return output
    }

    /// An `Exif\0\0` block holding IFD0 with the orientation, built by libexif.
    static func exifBlock(_ orientation: Orientation) -> [UInt8]? {
        guard let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        guard let entry = exif_entry_new() else { return nil }
        defer { exif_entry_unref(entry) }
        exif_content_add_entry(data.pointee.ifd.0, entry)
        exif_entry_initialize(entry, EXIF_TAG_ORIENTATION)
        guard let value = entry.pointee.data, entry.pointee.size >= 2 else { return nil }
        exif_set_short(value, EXIF_BYTE_ORDER_INTEL, ExifShort(orientation.rawValue))

        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        guard let buffer else { return nil }
        defer { free(buffer) }
        return [UInt8](UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// The JPEG without APP1 segments that hold EXIF.
    private static func withoutExif(_ jpeg: [UInt8]) -> [UInt8] {
        let b = ByteReader(jpeg)
        return JPEGSegments.removing(from: jpeg) { marker, offset in
            marker == 0xE1 && b.matches(HeaderProbe.exifSignature, at: offset + 4)
        }
    }
}
