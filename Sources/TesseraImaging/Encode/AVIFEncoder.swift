import CAVIF
import TesseraCore

/// Encodes a picture's planes as an AVIF (AV1 through libaom) carrying no metadata.
///
/// The planes go in as they are: JPEG's full-range BT.601 luma and 4:2:0 chroma, signalled
/// as such in the `nclx` box with sRGB primaries and transfer, so a browser converts them
/// back to exactly the RGB a JPEG decoder would.
///
/// libavif allocates the image and the encoder itself and hands back pointers, which stay
/// where they are until `avifImageDestroy` and `avifEncoderDestroy` (deferred in
/// `encode`); the output `avifRWData` is only written during `avifEncoderWrite` and read
/// and freed after it, so no address of ours is kept between calls.
enum AVIFEncoder {
    /// - Parameters:
    ///   - image: planes in the encoder's layout (`YCbCrImage.isEncodable`).
    ///   - quality: 1–100, turned into AV1's quantizer (63 worst to 0 best) as libavif 1.0's
    ///     own `quality` setting does.
    ///   - encoding: libavif's speed and the libaom options (`AVIFEncoding.standard`).
    static func encode(
        _ image: YCbCrImage, quality: Int, encoding: AVIFEncoding = .standard
    ) throws(PhotoProblem) -> [UInt8] {
        precondition(image.isEncodable, "planes must be laid out by YCbCrImage.resized(to:)")
        let size = image.size
        guard let picture = avifImageCreate(UInt32(size.width), UInt32(size.height), 8, AVIF_PIXEL_FORMAT_YUV420)
        else { throw .unencodable(.avif, reason: "out of memory") }
        defer { avifImageDestroy(picture) }
        picture.pointee.yuvRange = AVIF_RANGE_FULL
        picture.pointee.colorPrimaries = UInt16(AVIF_COLOR_PRIMARIES_BT709)
        picture.pointee.transferCharacteristics = UInt16(AVIF_TRANSFER_CHARACTERISTICS_SRGB)
        picture.pointee.matrixCoefficients = UInt16(AVIF_MATRIX_COEFFICIENTS_BT601)
        let allocated = avifImageAllocatePlanes(picture, AVIF_PLANES_YUV.rawValue)
        guard allocated == AVIF_RESULT_OK else { throw .unencodable(.avif, reason: message(allocated)) }

        let chromaSize = PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
        let planes = picture.pointee.yuvPlanes
        let strides = picture.pointee.yuvRowBytes
        copy(image.luma, into: planes.0!, stride: strides.0, size: size)
        copy(image.chroma.first, into: planes.1!, stride: strides.1, size: chromaSize)
        copy(image.chroma.last, into: planes.2!, stride: strides.2, size: chromaSize)

        guard let encoder = avifEncoderCreate() else { throw .unencodable(.avif, reason: "out of memory") }
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.codecChoice = AVIF_CODEC_CHOICE_AOM
        encoder.pointee.speed = Int32(encoding.speed)
        // libavif copies each name and value, and hands them to libaom when it encodes.
        for option in encoding.codecOptions {
            avifEncoderSetCodecSpecificOption(encoder, option.name, option.value)
        }
        // One thread: the build already encodes one photo per core.
        encoder.pointee.maxThreads = 1
        let q = Int32(((100 - max(0, min(100, quality))) * 63 + 50) / 100)
        encoder.pointee.minQuantizer = q
        encoder.pointee.maxQuantizer = q
        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        let written = avifEncoderWrite(encoder, picture, &output)
        guard written == AVIF_RESULT_OK, let bytes = output.data else {
            throw .unencodable(.avif, reason: message(written, diagnostics: encoder.pointee.diag))
        }
        return [UInt8](UnsafeBufferPointer(start: bytes, count: output.size))
    }

    /// Writes `size` samples of `plane`, or neutral chroma for a grey picture.
    private static func copy(
        _ plane: SamplePlane?, into target: UnsafeMutablePointer<UInt8>, stride: UInt32, size: PixelSize
    ) {
        for y in 0..<size.height {
            let row = target + y * Int(stride)
            guard let plane else {
                row.update(repeating: 128, count: size.width)
                continue
            }
            plane.samples.withUnsafeBufferPointer { samples in
                row.update(from: samples.baseAddress! + y * plane.width, count: size.width)
            }
        }
    }

    private static func message(_ result: avifResult, diagnostics: avifDiagnostics? = nil) -> String {
        var text = String(cString: avifResultToString(result))
        if let diagnostics {
            // Read within the 256-byte field, however it ends.
            let detail = withUnsafeBytes(of: diagnostics.error) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !detail.isEmpty { text += " (\(detail))" }
        }
        if result == AVIF_RESULT_NO_CODEC_AVAILABLE { text += "; install libaom3, which libavif encodes with" }
        return text.lowercased()
    }
}
