import CHeif
import Foundation
import TesseraCore

/// An AVIF or HEIF file opened with libheif: its primary image's size, EXIF block and
/// colour profile read from the boxes alone, and its pixels decoded on request.
///
/// libheif applies the image's transformations (`clap` crop, `irot` turn, `imir` mirror)
/// while decoding, exactly once, so both the size reported and the pixels are upright:
/// EXIF orientation must never be applied on top. libgd 2.3.3's own HEIF and AVIF readers
/// are not used: they ignore libheif's row stride and the transformations.
///
/// libheif allocates its context and image handle and keeps pointers between them; this
/// class owns both from `init` to `deinit` and releases them there, once. Decoded images
/// and `nclx` profiles are released by the method that obtained them; buffers of ours are
/// filled during one call each.
final class HEIFFile {
    let format: MediaFormat
    /// The primary image's size after its transformations, as it is shown.
    let size: PixelSize
    let hasAlpha: Bool
    private let context: OpaquePointer
    private let handle: OpaquePointer

    /// Parses the file's boxes (no pixels are decoded). libheif reads the file itself,
    /// as far as its boxes and items need; a file that changes meanwhile is an error,
    /// never a crash.
    init(_ file: URL, format: MediaFormat) throws(PhotoProblem) {
        try FileBytes.requireRegularFile(file)
        guard let context = heif_context_alloc() else {
            throw .corrupt(format, detail: DecoderVerdict.Detail.unreadable)
        }
        let read = heif_context_read_from_file(context, file.path, nil)
        var handle: OpaquePointer?
        var error = read
        if read.code == heif_error_Ok {
            error = heif_context_get_primary_image_handle(context, &handle)
        }
        guard error.code == heif_error_Ok, let handle else {
            heif_context_free(context)
            throw Self.problem(format, error)
        }
        self.format = format
        self.context = context
        self.handle = handle
        size = PixelSize(
            width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
        hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0
        let stated = PixelSize(
            width: Int(heif_image_handle_get_ispe_width(handle)), height: Int(heif_image_handle_get_ispe_height(handle))
        )
        heif_context_set_maximum_image_size_limit(context, Self.canvasLimit(stated: stated, shown: size))
        switch HEIFItems.primaryCanvas(ofFileAt: file.path) {
        case .coded, .unknown: break
        case .size(let canvas):
            if canvas.width > stated.width + Self.codingMargin || canvas.height > stated.height + Self.codingMargin {
                throw .corrupt(format, detail: DecoderVerdict.Detail.canvasBeyondStatedSize)
            }
        case .unreadable:
            throw .corrupt(format, detail: DecoderVerdict.Detail.unreadableItemTable)
        }
    }

    /// What a codec may add to a side before the picture is cropped to its `ispe`: HEVC
    /// codes whole blocks of up to 64 px, AV1 of up to 128 (libheif checks the decoded
    /// picture against the limit too).
    static let codingMargin = 128

    /// The widest and tallest picture libheif may allocate when it decodes: the image's
    /// own `ispe` (or shown) size on its longer side, plus `codingMargin`.
    ///
    /// A grid or overlay image (phones store photos as grids of tiles) is decoded onto a
    /// canvas whose size libheif reads from the item's own data, not from its `ispe`, and
    /// allocates before it decodes a tile: a 538-byte file whose `ispe` said 16 × 16 and
    /// whose grid said 22,605 × 20,512 took 3.2 GB (found by FuzzDecode). A conforming
    /// file's canvas is its `ispe`, so this costs no real photo; libheif refuses a larger
    /// one with a security-limit error, which is the photo's problem. libheif's limit is
    /// per side, so `init` also reads the canvas itself (`HEIFItems.primaryCanvas`) and
    /// refuses one wider or taller than the file states: a file stating 30,000 × 16 would
    /// otherwise have a canvas up to 30,128 px a side decoded.
    static func canvasLimit(stated: PixelSize, shown: PixelSize) -> Int32 {
        let longest = max(stated.width, stated.height, shown.width, shown.height)
        return Int32(clamping: longest + codingMargin + 1)
    }

    deinit {
        heif_image_handle_release(handle)
        heif_context_free(context)
    }

    /// The first EXIF block as libexif reads it (`Exif\0\0` then the TIFF header), if
    /// any and if it starts with a TIFF header.
    ///
    /// Only for date and camera notes: its orientation tag describes the stored pixels,
    /// which libheif has already turned by `irot`/`imir`.
    var exif: [UInt8]? {
        var id = heif_item_id()
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let length = heif_image_handle_get_metadata_size(handle, id)
        guard length > 4, length < 1 << 24 else { return nil }
        var data = [UInt8](repeating: 0, count: length)
        let error = data.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        guard error.code == heif_error_Ok else { return nil }
        // The block starts with a 4-byte big-endian offset from its end to the TIFF header.
        var start = 4 + (Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3]))
        guard start < length else { return nil }
        if data[start...].starts(with: HeaderProbe.exifSignature) { start += 6 }
        let tiff = data[min(start, length)...]
        guard tiff.starts(with: Array("MM".utf8) + [0, 42]) || tiff.starts(with: Array("II".utf8) + [42, 0]) else {
            return nil
        }
        return HeaderProbe.exifSignature + tiff
    }

    /// The XMP packet (a `mime` item of type `application/rdf+xml`), if any.
    var xmp: [UInt8]? {
        let count = heif_image_handle_get_number_of_metadata_blocks(handle, "mime")
        guard count > 0, count < 64 else { return nil }
        var ids = [heif_item_id](repeating: 0, count: Int(count))
        let found = heif_image_handle_get_list_of_metadata_block_IDs(handle, "mime", &ids, count)
        for id in ids.prefix(Int(found)) {
            guard let type = heif_image_handle_get_metadata_content_type(handle, id),
                String(cString: type) == "application/rdf+xml"
            else { continue }
            let length = heif_image_handle_get_metadata_size(handle, id)
            guard length > 0, length < 1 << 24 else { return nil }
            var data = [UInt8](repeating: 0, count: length)
            let error = data.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
            return error.code == heif_error_Ok ? data : nil
        }
        return nil
    }

    /// The embedded ICC profile (`colr` of type `prof` or `rICC`), if any.
    var iccProfile: [UInt8]? {
        let type = heif_image_handle_get_color_profile_type(handle)
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let length = heif_image_handle_get_raw_color_profile_size(handle)
        guard length > 0 else { return nil }
        var data = [UInt8](repeating: 0, count: length)
        let error = data.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
        return error.code == heif_error_Ok ? data : nil
    }

    /// Whether an `nclx` box gives a high-dynamic-range transfer (PQ or HLG): such light
    /// levels have no faithful 8-bit sRGB rendering without tone mapping, which Tessera
    /// does not do.
    var isHighDynamicRange: Bool {
        var pointer: UnsafeMutablePointer<heif_color_profile_nclx>?
        let error = heif_image_handle_get_nclx_color_profile(handle, &pointer)
        // libheif allocates the profile even when it then reports a value it does not know.
        defer { heif_nclx_color_profile_free(pointer) }
        guard error.code == heif_error_Ok, let nclx = pointer?.pointee else { return false }
        return nclx.transfer_characteristics == heif_transfer_characteristic_ITU_R_BT_2100_0_PQ
            || nclx.transfer_characteristics == heif_transfer_characteristic_ITU_R_BT_2100_0_HLG
    }

    /// The `colr` box of type `nclx` when it names primaries other than sRGB's (BT.709):
    /// the chromaticities (red, green, blue, white as x, y) and the H.273 transfer code.
    var wideGamutPrimaries: (chromaticities: [Double], transfer: Int)? {
        var pointer: UnsafeMutablePointer<heif_color_profile_nclx>?
        let error = heif_image_handle_get_nclx_color_profile(handle, &pointer)
        defer { heif_nclx_color_profile_free(pointer) }
        guard error.code == heif_error_Ok, let nclx = pointer?.pointee else { return nil }
        let primaries = nclx.color_primaries
        guard primaries != heif_color_primaries_ITU_R_BT_709_5, primaries != heif_color_primaries_unspecified else {
            return nil
        }
        let xy = [
            nclx.color_primary_red_x, nclx.color_primary_red_y, nclx.color_primary_green_x,
            nclx.color_primary_green_y, nclx.color_primary_blue_x, nclx.color_primary_blue_y,
            nclx.color_primary_white_x, nclx.color_primary_white_y,
        ].map(Double.init)
        guard xy.allSatisfy({ $0 > 0 && $0 < 1 }) else { return nil }
        return (xy, Int(nclx.transfer_characteristics.rawValue))
    }

    /// Decodes the primary image, upright, as 8-bit RGB (libheif reduces 10- and 12-bit
    /// images), with any transparency laid over white as for PNG.
    func decodeOpaque() throws(PhotoProblem) -> GDImage {
        var decoded: OpaquePointer?
        let chroma = hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB
        let error = heif_decode_image(handle, &decoded, heif_colorspace_RGB, chroma, nil)
        guard error.code == heif_error_Ok, let decoded else { throw Self.problem(format, error) }
        defer { heif_image_release(decoded) }
        let width = Int(heif_image_get_width(decoded, heif_channel_interleaved))
        let height = Int(heif_image_get_height(decoded, heif_channel_interleaved))
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
            width > 0, height > 0, Int(stride) >= width * (hasAlpha ? 4 : 3)
        else { throw .corrupt(format, detail: DecoderVerdict.Detail.pixels) }

        let image = try GDImage.truecolor(PixelSize(width: width, height: height), for: format)
        let premultiplied = heif_image_handle_is_premultiplied_alpha(handle) != 0
        let channels = hasAlpha ? 4 : 3
        image.forEachRow { y, row in
            // Each row starts `stride` bytes after the last: libheif pads rows.
            let source = plane + y * Int(stride)
            for x in 0..<width {
                let p = source + x * channels
                var r = Int32(p[0])
                var g = Int32(p[1])
                var b = Int32(p[2])
                if hasAlpha {
                    let alpha = Int32(p[3])
                    let white = 255 * (255 - alpha)
                    func over(_ c: Int32) -> Int32 {
                        premultiplied ? min(255, c + (white + 127) / 255) : (c * alpha + white + 127) / 255
                    }
                    (r, g, b) = (over(r), over(g), over(b))
                }
                row[x] = r << 16 | g << 8 | b
            }
        }
        return image
    }

    /// libheif's error as a reason a person understands; its own words never leak.
    private static func problem(_ format: MediaFormat, _ error: heif_error) -> PhotoProblem {
        switch error.code {
        case heif_error_Input_does_not_exist:
            return .unreadable("the file cannot be opened")
        case heif_error_Unsupported_feature, heif_error_Unsupported_filetype:
            // A codec this build lacks, or a HEIF feature (say, an overlay) libheif cannot draw.
            return .unsupported("\(format.displayName) using a coding feature libheif cannot decode")
        case heif_error_Decoder_plugin_error:
            return .corrupt(format, detail: DecoderVerdict.Detail.pixels)
        case heif_error_Memory_allocation_error where error.subcode == heif_suberror_Security_limit_exceeded:
            // `canvasLimit`: its tiles' canvas is larger than the size the file states.
            return .corrupt(format, detail: DecoderVerdict.Detail.canvasBeyondStatedSize)
        case heif_error_Invalid_input:
            if error.subcode == heif_suberror_End_of_data { return .truncated(format) }
            if error.subcode == heif_suberror_No_ftyp_box || error.subcode == heif_suberror_No_meta_box {
                return .corrupt(format, detail: DecoderVerdict.Detail.missingHeader)
            }
            return .corrupt(format, detail: DecoderVerdict.Detail.structure)
        default:
            return .corrupt(format, detail: DecoderVerdict.Detail.unreadable)
        }
    }
}
