import CWebP
import TesseraCore

/// Encodes a picture's planes as a lossy WebP carrying no metadata.
///
/// WebP stores BT.601 luma and chroma in their limited ranges (16–235, 16–240), where JPEG's
/// planes use the full 0–255: each sample is rescaled on the way in, so the picture needs no
/// round trip through RGB and keeps the 4:2:0 chroma the pipeline already made.
enum WebPEncoder {
    /// The longest side a WebP can have.
    static let maxSide = 16383

    /// - Parameters:
    ///   - image: planes in the encoder's layout (`YCbCrImage.isEncodable`).
    ///   - quality: libwebp's quality, 0–100.
    static func encode(_ image: YCbCrImage, quality: Int) throws(PhotoProblem) -> [UInt8] {
        precondition(image.isEncodable, "planes must be laid out by YCbCrImage.resized(to:)")
        let size = image.size
        guard size.width <= maxSide, size.height <= maxSide else {
            throw .unencodable(
                .webp, reason: "\(size) is larger than WebP's \(maxSide) px a side; lower images.display_size")
        }
        let storage = WebPPictureStorage()
        guard storage.isReady else {
            throw .unencodable(.webp, reason: "libwebp is not the version Tessera was built with")
        }
        let config = storage.config
        let picture = storage.picture
        config.pointee.quality = Float(max(0, min(100, quality)))
        // 4 is libwebp's default trade-off; photos are already encoded two at a time.
        config.pointee.method = 4
        config.pointee.thread_level = 0
        picture.pointee.use_argb = 0
        picture.pointee.colorspace = WEBP_YUV420
        picture.pointee.width = Int32(size.width)
        picture.pointee.height = Int32(size.height)
        guard storage.allocatePlanes() else { throw .unencodable(.webp, reason: "out of memory") }
        let planes = picture.pointee
        copy(image.luma, into: planes.y, stride: planes.y_stride, size: size, table: lumaTable)
        let chromaSize = PixelSize(width: (size.width + 1) / 2, height: (size.height + 1) / 2)
        let chroma = image.isGrey ? [nil, nil] : image.chroma.map(Optional.some)
        copy(chroma[0], into: planes.u, stride: planes.uv_stride, size: chromaSize, table: chromaTable)
        copy(chroma[1], into: planes.v, stride: planes.uv_stride, size: chromaSize, table: chromaTable)

        guard storage.encode(), let encoded = storage.encoded else {
            throw .unencodable(.webp, reason: reason(picture.pointee.error_code))
        }
        return encoded
    }

    /// Full-range luma (0–255) to WebP's limited range (16–235), rounded.
    private static let lumaTable: [UInt8] = (0...255).map { UInt8((16 + Double($0) * 219 / 255).rounded()) }
    /// Full-range chroma (0–255, 128 for none) to WebP's limited range (16–240), rounded.
    private static let chromaTable: [UInt8] = (0...255).map {
        UInt8((128 + (Double($0) - 128) * 224 / 255).rounded())
    }

    /// Writes `size` samples of `plane` (or neutral chroma, for a grey picture) through `table`.
    private static func copy(
        _ plane: SamplePlane?, into target: UnsafeMutablePointer<UInt8>, stride: Int32, size: PixelSize,
        table: [UInt8]
    ) {
        for y in 0..<size.height {
            let row = target + y * Int(stride)
            guard let plane else {
                row.update(repeating: table[128], count: size.width)
                continue
            }
            plane.samples.withUnsafeBufferPointer { samples in
                let from = y * plane.width
                for x in 0..<size.width { row[x] = table[Int(samples[from + x])] }
            }
        }
    }

    private static func reason(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: return "out of memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: return "a size WebP cannot hold"
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW, VP8_ENC_ERROR_PARTITION_OVERFLOW:
            return "the picture's data overflowed WebP's limits; lower images.quality"
        case VP8_ENC_ERROR_FILE_TOO_BIG: return "the file would exceed WebP's 4 GiB"
        default: return "libwebp failed (error \(code.rawValue))"
        }
    }
}
