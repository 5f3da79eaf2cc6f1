import CLibRaw
import Foundation
import TesseraCore

/// The one owner of a LibRaw processor and of the file bytes it reads.
///
/// `libraw_init` allocates the processor on the heap, and LibRaw keeps pointers into it
/// (its data stream, its memory pool) and into the buffer `libraw_open_buffer` was given,
/// for as long as it is open. So both live at one address for this object's whole life, are
/// never copied or moved, and are freed exactly once, in `deinit`, on every path: an
/// error thrown half-way frees them as a finished decode does. The pointers never leave
/// this module.
///
/// A camera raw is developed as a raw converter's defaults do: the camera's white balance,
/// AHD demosaicing, sRGB primaries and curve, 8 bits; LibRaw turns the picture as the
/// camera's orientation (`flip`) says, so the pixels come out upright.
final class RawFile {
    private let processor: UnsafeMutablePointer<libraw_data_t>
    /// A copy of the file that LibRaw reads from until `libraw_close`.
    private let buffer: UnsafeMutableRawBufferPointer
    let format: MediaFormat

    private init(
        processor: UnsafeMutablePointer<libraw_data_t>, buffer: UnsafeMutableRawBufferPointer, format: MediaFormat
    ) {
        self.processor = processor
        self.buffer = buffer
        self.format = format
    }

    deinit {
        libraw_close(processor)
        buffer.deallocate()
    }

    /// Opens a raw file from its bytes, reading its metadata and sizes, no pixels.
    ///
    /// - Throws: `PhotoProblem` when LibRaw does not know the camera, or the file is cut
    ///   short or damaged.
    static func open(_ bytes: [UInt8], format: MediaFormat) throws(PhotoProblem) -> RawFile {
        guard !bytes.isEmpty else { throw .truncated(format) }
        guard let processor = libraw_init(0) else {
            throw .corrupt(format, detail: "LibRaw could not start (not enough memory)")
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        buffer.copyBytes(from: bytes)
        // From here on `deinit` frees both, whatever happens next.
        let file = RawFile(processor: processor, buffer: buffer, format: format)
        // LibRaw's default handlers print to standard error; its return codes say the same.
        libraw_set_dataerror_handler(processor, { _, _, _ in }, nil)
        libraw_set_memerror_handler(processor, { _, _, _ in }, nil)
        try file.check(libraw_open_buffer(processor, buffer.baseAddress, buffer.count))
        guard file.storedSize.width > 0, file.storedSize.height > 0 else {
            throw .corrupt(format, detail: DecoderVerdict.Detail.impossibleSize(file.storedSize))
        }
        return file
    }

    /// The developed picture's full size, upright (LibRaw's `flip` applied).
    var size: PixelSize {
        let sizes = processor.pointee.sizes
        let stored = PixelSize(width: Int(sizes.width), height: Int(sizes.height))
        return sizes.flip & 4 != 0 ? PixelSize(width: stored.height, height: stored.width) : stored
    }

    /// The camera's turn as an EXIF orientation: LibRaw's `flip` (dcraw's bits: 4 swaps the
    /// sides, 2 mirrors down, 1 across) is the tag it read, mapped back.
    var orientation: Orientation {
        let exif = [0: 1, 1: 2, 2: 4, 3: 3, 4: 5, 5: 8, 6: 6, 7: 7][Int(processor.pointee.sizes.flip) & 7] ?? 1
        return Orientation(rawValue: exif) ?? .up
    }

    /// The camera's JPEG preview embedded in the file, as stored (the sensor's way up, with
    /// no turn of its own), or nil when there is none, it is a bitmap, or LibRaw cannot
    /// read it (cut short, or over LibRaw's own size limit).
    func embeddedJPEG() -> [UInt8]? {
        guard libraw_unpack_thumb(processor) == LIBRAW_SUCCESS.rawValue,
            processor.pointee.thumbnail.tformat == LIBRAW_THUMBNAIL_JPEG
        else { return nil }
        var code: Int32 = 0
        guard let thumbnail = libraw_dcraw_make_mem_thumb(processor, &code) else { return nil }
        defer { libraw_dcraw_clear_mem(thumbnail) }
        guard thumbnail.pointee.type == LIBRAW_IMAGE_JPEG, thumbnail.pointee.data_size > 0 else { return nil }
        let data = UnsafeRawPointer(thumbnail).advanced(
            by: MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!)
        return [UInt8](UnsafeRawBufferPointer(start: data, count: Int(thumbnail.pointee.data_size)))
    }

    /// The sensor's size, before cropping its masked borders.
    private var storedSize: PixelSize {
        PixelSize(width: Int(processor.pointee.sizes.raw_width), height: Int(processor.pointee.sizes.raw_height))
    }

    /// Develops the picture, upright, in sRGB.
    ///
    /// - Parameters:
    ///   - target: the largest size needed, upright; when half the sensor's resolution still
    ///     covers it, LibRaw develops at half size (each 2×2 block of the mosaic one pixel),
    ///     about four times faster.
    ///   - budget: checked on the sensor's size before its data is unpacked.
    func develop(covering target: PixelSize, budget: PixelBudget) throws(PhotoProblem) -> GDImage {
        try budget.check(storedSize)
        try budget.check(size)
        let full = size
        processor.pointee.params.use_camera_wb = 1
        processor.pointee.params.output_color = 1  // sRGB
        processor.pointee.params.output_bps = 8
        processor.pointee.params.half_size = full.width / 2 >= target.width && full.height / 2 >= target.height ? 1 : 0
        try check(libraw_unpack(processor))
        try check(libraw_dcraw_process(processor))
        var code: Int32 = 0
        guard let developed = libraw_dcraw_make_mem_image(processor, &code) else {
            try check(code)
            throw .corrupt(format, detail: "LibRaw made no picture")
        }
        defer { libraw_dcraw_clear_mem(developed) }
        return try Self.picture(developed, format: format)
    }

    /// When the photo was taken, as LibRaw read it (`YYYY-MM-DD HH:MM:SS`).
    var dateTaken: String? { Self.localDate(processor.pointee.other.timestamp) }

    /// The camera's notes LibRaw read: date, camera, lens and exposure; never the place.
    /// LibRaw gives no offset of the camera's clock: `utcOffsetMinutes` is read apart, as
    /// `dateTaken` is LibRaw's as the raw's own EXIF corrects it (`ImagePipeline.rawClock`).
    func metadata(dateTaken: String?, utcOffsetMinutes: Int?) -> PhotoMetadata {
        let other = processor.pointee.other
        // LibRaw's floats come from the file unchecked (an APEX value of 100 is 2^100): only
        // values a lens or a shutter can have are shown.
        let aperture = other.aperture >= 0.5 && other.aperture <= 1000 ? Double(other.aperture) : nil
        let focalLength = other.focal_len > 0 && other.focal_len < 100_000 ? Double(other.focal_len) : nil
        return PhotoMetadata(
            dateTaken: dateTaken, utcOffsetMinutes: utcOffsetMinutes,
            cameraMake: Self.text(processor.pointee.idata.make),
            cameraModel: Self.text(processor.pointee.idata.model), lens: Self.text(processor.pointee.lens.Lens),
            exposure: other.shutter > 0 ? ExifReader.exposure(Double(other.shutter)) : nil,
            aperture: aperture.map { "f/\(ExifReader.short($0))" },
            focalLength: focalLength.map { "\(ExifReader.short($0)) mm" },
            iso: other.iso_speed >= 1 && other.iso_speed < 10_000_000 ? Int(other.iso_speed.rounded()) : nil,
            caption: Self.text(other.desc), artist: Self.text(other.artist))
    }

    /// What LibRaw's `dateTaken` would be for a raw whose EXIF says `text`
    /// (`YYYY-MM-DD HH:MM:SS`): the seconds `mktime` makes of it in this time zone, read
    /// back. The same text, except in the hour the zone skips; nil for no such date.
    static func localRoundTrip(_ text: String) -> String? {
        let fields = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).compactMap { Int32($0) }
        guard fields.count == 6, text.count == 19 else { return nil }
        var parts = tm()
        parts.tm_year = fields[0] - 1900
        parts.tm_mon = fields[1] - 1
        parts.tm_mday = fields[2]
        parts.tm_hour = fields[3]
        parts.tm_min = fields[4]
        parts.tm_sec = fields[5]
        parts.tm_isdst = -1
        return localDate(mktime(&parts))
    }

    /// LibRaw turned the EXIF date into seconds with `mktime`, as local time; `localtime_r`
    /// gives the camera's clock reading back.
    private static func localDate(_ timestamp: time_t) -> String? {
        guard timestamp > 0 else { return nil }
        var seconds = timestamp
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = Int(parts.tm_year) + 1900
        guard (1..<10000).contains(year) else { return nil }
        let y = String(year)
        let padded = String(repeating: "0", count: 4 - y.count) + y
        return "\(padded)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    /// A fixed C character array as trimmed text; nil when empty.
    private static func text<T>(_ field: T) -> String? {
        withUnsafeBytes(of: field) { raw in
            let text = String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines.union(.controlCharacters))
            return text.isEmpty ? nil : text
        }
    }

    /// LibRaw's 8-bit RGB (or grey) memory image as an opaque gd image.
    private static func picture(
        _ developed: UnsafeMutablePointer<libraw_processed_image_t>, format: MediaFormat
    ) throws(PhotoProblem) -> GDImage {
        let image = developed.pointee
        let size = PixelSize(width: Int(image.width), height: Int(image.height))
        let colours = Int(image.colors)
        guard image.type == LIBRAW_IMAGE_BITMAP, image.bits == 8, colours == 1 || colours == 3,
            Int(image.data_size) >= size.width * size.height * colours
        else { throw .corrupt(format, detail: "LibRaw made a picture of a kind Tessera cannot use") }
        let picture = try GDImage.truecolor(size, for: format)
        let pixels = UnsafeRawPointer(developed).advanced(
            by: MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
        )
        .assumingMemoryBound(to: UInt8.self)
        picture.forEachRow { y, row in
            let line = pixels + y * size.width * colours
            for x in 0..<size.width {
                let p = line + x * colours
                let (r, g, b) =
                    colours == 3 ? (Int32(p[0]), Int32(p[1]), Int32(p[2])) : (Int32(p[0]), Int32(p[0]), Int32(p[0]))
                row[x] = r << 16 | g << 8 | b
            }
        }
        return picture
    }

    /// Turns a LibRaw return code into the problem it names.
    private func check(_ code: Int32) throws(PhotoProblem) {
        guard code != LIBRAW_SUCCESS.rawValue else { return }
        throw Self.problem(code, format: format)
    }

    static func problem(_ code: Int32, format: MediaFormat) -> PhotoProblem {
        let reason = String(cString: libraw_strerror(code))
        switch LibRaw_errors(rawValue: code) {
        case LIBRAW_FILE_UNSUPPORTED:
            return .unsupported(
                "a \(format.displayName) file LibRaw \(String(cString: libraw_version())) cannot read (\(reason))")
        case LIBRAW_IO_ERROR: return .truncated(format)
        case LIBRAW_UNSUFFICIENT_MEMORY, LIBRAW_TOO_BIG, LIBRAW_MEMPOOL_OVERFLOW:
            return .corrupt(format, detail: "LibRaw would need more memory than it allows (\(reason))")
        default: return .corrupt(format, detail: "LibRaw: \(reason)")
        }
    }
}
