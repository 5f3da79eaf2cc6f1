import CHeif
import Foundation

@testable import TesseraCore

/// Writes HEIC and AVIF test photos with libheif's encoder, so a test can ask for what
/// cameras and editors produce: odd sizes (cropped by `clap`, or by a grid as for macOS),
/// an `irot`/`imir` turn or mirror, an alpha channel, 10-bit samples.
struct HEIFFixture: CustomStringConvertible {
    var format: MediaFormat
    var size: PixelSize
    /// EXIF-numbered (1...8); libheif writes it as `irot` and `imir` boxes.
    var orientation = 1
    var alpha = false
    var bitDepth = 8
    /// Odd sizes cropped through a 1×1 grid (libheif's default) rather than `clap`.
    var gridCrop = true
    /// A bare TIFF-structured EXIF block to store beside the image.
    var exif: [UInt8]? = nil
    /// An XMP packet to store beside the image.
    var xmp: [UInt8]? = nil
    /// An ICC profile to store in a `colr` box of type `prof`.
    var iccProfile: [UInt8]? = nil
    /// H.273 colour primaries and transfer codes for a `colr` box of type `nclx`.
    var nclx: (primaries: UInt16, transfer: UInt16)? = nil

    var description: String {
        var text = "\(format == .avif ? "AVIF" : "HEIC") \(size)"
        if orientation != 1 { text += " orientation \(orientation)" }
        if alpha { text += " alpha" }
        if bitDepth != 8 { text += " \(bitDepth)-bit" }
        if iccProfile != nil { text += " ICC-tagged" }
        if let nclx { text += " nclx \(nclx.primaries)/\(nclx.transfer)" }
        if !gridCrop && (size.width % 2 == 1 || size.height % 2 == 1) { text += " clap" }
        return text
    }

    /// The size a viewer shows: turned for orientations 5 to 8.
    var uprightSize: PixelSize { orientation >= 5 ? PixelSize(width: size.height, height: size.width) : size }

    /// The stored picture: gradients both ways, a checkerboard and a bright corner, so a
    /// turn, mirror or shear changes many pixels; with alpha, a transparent band.
    func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let w = max(1, size.width - 1)
        let h = max(1, size.height - 1)
        var r = x * 255 / w
        var g = y * 255 / h
        var b = ((x / 24 + y / 24) % 2) * 160 + 40
        if x < size.width / 4 && y < size.height / 4 { (r, g, b) = (250, 250, 60) }
        let a = alpha && y > size.height / 2 ? min(255, x * 255 / w) : 255
        return (r, g, b, a)
    }

    /// Encodes into `folder` and returns the file.
    func write(into folder: FixtureFolder, name: String) throws -> URL {
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        try check(
            heif_context_get_encoder_for_format(
                context, format == .avif ? heif_compression_AV1 : heif_compression_HEVC, &encoder))
        defer { heif_encoder_release(encoder) }
        try check(heif_encoder_set_lossy_quality(encoder, 92))

        let wide = bitDepth > 8
        let chroma =
            switch (alpha, wide) {
            case (false, false): heif_chroma_interleaved_RGB
            case (true, false): heif_chroma_interleaved_RGBA
            case (false, true): heif_chroma_interleaved_RRGGBB_LE
            case (true, true): heif_chroma_interleaved_RRGGBBAA_LE
            }
        var image: OpaquePointer?
        try check(heif_image_create(Int32(size.width), Int32(size.height), heif_colorspace_RGB, chroma, &image))
        defer { heif_image_release(image) }
        try check(
            heif_image_add_plane(
                image, heif_channel_interleaved, Int32(size.width), Int32(size.height), Int32(bitDepth)))
        var stride: Int32 = 0
        let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride)!
        let channels = alpha ? 4 : 3
        for y in 0..<size.height {
            for x in 0..<size.width {
                let p = pixel(x, y)
                let values = [p.r, p.g, p.b, p.a].prefix(channels)
                for (c, v) in values.enumerated() {
                    if wide {
                        let v16 = v * ((1 << bitDepth) - 1) / 255
                        let at = plane + y * Int(stride) + (x * channels + c) * 2
                        at[0] = UInt8(v16 & 0xFF)
                        at[1] = UInt8(v16 >> 8)
                    } else {
                        plane[y * Int(stride) + x * channels + c] = UInt8(v)
                    }
                }
            }
        }
        if let iccProfile {
            try check(heif_image_set_raw_color_profile(image, "prof", iccProfile, iccProfile.count))
        }
        if let nclx {
            let profile = heif_nclx_color_profile_alloc()!
            defer { heif_nclx_color_profile_free(profile) }
            try check(heif_nclx_color_profile_set_color_primaries(profile, nclx.primaries))
            try check(heif_nclx_color_profile_set_transfer_characteristics(profile, nclx.transfer))
            try check(heif_nclx_color_profile_set_matrix_coefficients(profile, 6))
            profile.pointee.full_range_flag = 1
            try check(heif_image_set_nclx_color_profile(image, profile))
        }
        let options = heif_encoding_options_alloc()!
        defer { heif_encoding_options_free(options) }
        options.pointee.macOS_compatibility_workaround = gridCrop ? 1 : 0
        // libheif leaves `nclx` out of HEIC for old macOS unless told otherwise.
        options.pointee.macOS_compatibility_workaround_no_nclx_profile = nclx == nil ? 1 : 0
        options.pointee.image_orientation = heif_orientation(rawValue: UInt32(orientation))
        var handle: OpaquePointer?
        try check(heif_context_encode_image(context, image, encoder, options, &handle))
        defer { heif_image_handle_release(handle) }
        if let exif {
            try check(heif_context_add_exif_metadata(context, handle, exif, Int32(exif.count)))
        }
        if let xmp {
            try check(heif_context_add_XMP_metadata(context, handle, xmp, Int32(xmp.count)))
        }
        let file = folder.url.appendingPathComponent(name)
        try check(heif_context_write_to_file(context, file.path))
        return file
    }

    /// EXIF (big-endian TIFF) naming camera "Tessera Fixture", taken 2024-05-06 07:08:09,
    /// with orientation 6 ("turn 90° clockwise") — which a HEIF reader must not apply.
    static let exifTurnedClockwise: [UInt8] = {
        var b: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8]
        func short(_ v: Int) { b += [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func long(_ v: Int) {
            short(v >> 16)
            short(v & 0xFFFF)
        }
        func entry(_ tag: Int, _ type: Int, _ count: Int, _ value: Int, shortValue: Bool = false) {
            short(tag)
            short(type)
            long(count)
            if shortValue {
                short(value)
                short(0)
            } else {
                long(value)
            }
        }
        short(4)  // IFD0 at 8: Make, Model, Orientation, Exif IFD pointer; data from 62.
        entry(0x010F, 2, 8, 62)
        entry(0x0110, 2, 8, 70)
        entry(0x0112, 3, 1, 6, shortValue: true)
        entry(0x8769, 4, 1, 78)
        long(0)
        b += Array("Tessera\0".utf8) + Array("Fixture\0".utf8)
        short(1)  // Exif IFD at 78: DateTimeOriginal, its text at 96.
        entry(0x9003, 2, 20, 96)
        long(0)
        b += Array("2024:05:06 07:08:09\0".utf8)
        return b
    }()

    struct EncodingFailed: Error { var message: String }

    private func check(_ error: heif_error) throws {
        guard error.code != heif_error_Ok else { return }
        throw EncodingFailed(message: "\(self): " + (error.message.map { String(cString: $0) } ?? "?"))
    }
}
