import CTurboJPEG
import TesseraCore

/// Decodes a JPEG once with libjpeg-turbo, at the smallest scale that still covers the
/// largest size needed, into its luma and chroma planes (no colour conversion).
///
/// libjpeg keeps the addresses of its decompress struct and error manager between calls;
/// TurboJPEG allocates both behind its `tjhandle`, which stays where it is until
/// `tjDestroy`. Of ours it keeps only the source pointer, set afresh by each call that
/// reads the file and not read by any other; plane and stride arrays are used during the
/// one call that gets them.
enum JPEGDecoder {
    /// - Parameter target: the largest size needed, in stored (not upright) orientation.
    static func decode(_ bytes: [UInt8], covering target: PixelSize) throws(PhotoProblem) -> YCbCrImage {
        let handle = try decompressor(for: bytes)
        defer { tjDestroy(handle) }
        // libjpeg-turbo's shortcut API knows only the common chroma subsamplings;
        // libjpeg proper (through libgd) reads the rest.
        guard let header = try readHeader(bytes, handle: handle) else {
            return YCbCrImage(try GDFormatDecoder.decode(bytes, format: .jpeg))
        }
        let (full, subsampling, colorspace) = (header.size, header.subsampling, header.colorspace)

        // Only YCbCr and grey JPEGs hand over planes that mean what `YCbCrImage` says;
        // libgd's own JPEG reader turns CMYK, YCCK and RGB ones into colours.
        guard colorspace == Int32(TJCS_YCbCr.rawValue) || colorspace == Int32(TJCS_GRAY.rawValue) else {
            return YCbCrImage(try GDFormatDecoder.decode(bytes, format: .jpeg))
        }

        let scaled = scaledSize(of: full, covering: target)
        let planeCount = subsampling == Int32(TJSAMP_GRAY.rawValue) ? 1 : 3
        let planeSizes = (0..<planeCount).map { component in
            PixelSize(
                width: Int(tjPlaneWidth(Int32(component), Int32(scaled.width), subsampling)),
                height: Int(tjPlaneHeight(Int32(component), Int32(scaled.height), subsampling)))
        }
        guard planeSizes.allSatisfy({ $0.width > 0 && $0.height > 0 }) else {
            throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.impossibleSize(full))
        }
        // Each plane decodes straight into its own storage (none for a grey picture's chroma).
        func storage(_ plane: Int) -> [UInt8] {
            plane < planeCount ? [UInt8](repeating: 0, count: planeSizes[plane].pixelCount) : []
        }
        var luma = storage(0)
        var blue = storage(1)
        var red = storage(2)
        func decompress(_ source: [UInt8], flags: Int32) -> Int32 {
            source.withUnsafeBufferPointer { source in
                luma.withUnsafeMutableBufferPointer { y in
                    blue.withUnsafeMutableBufferPointer { cb in
                        red.withUnsafeMutableBufferPointer { cr in
                            var planes = [y.baseAddress, cb.baseAddress, cr.baseAddress]
                            var strides = planeSizes.map { Int32($0.width) } + [0, 0]
                            return tjDecompressToYUVPlanes(
                                handle, source.baseAddress, UInt(source.count), &planes,
                                Int32(scaled.width), &strides, Int32(scaled.height), flags)
                        }
                    }
                }
            }
        }
        if decompress(bytes, flags: 0) != 0 { try retryStrictly(bytes, handle: handle, decompress) }

        let planes = zip(planeSizes, [luma, blue, red]).map { size, samples in
            SamplePlane(width: size.width, height: size.height, samples: samples)
        }
        // libjpeg-turbo pads luma to whole chroma samples, so the ratio is exact.
        let step =
            planeCount == 1
            ? (across: 1, down: 1)
            : (across: planeSizes[0].width / planeSizes[1].width, down: planeSizes[0].height / planeSizes[1].height)
        return YCbCrImage(
            size: scaled, luma: planes[0], chroma: Array(planes.dropFirst()), chromaStep: step)
    }

    /// Decoded pixels, interleaved four bytes each, for colour conversion through an ICC
    /// profile: B, G, R, X for YCbCr, grey and RGB JPEGs; C, M, Y, K (as stored, so
    /// inverted in Adobe's files) for CMYK and YCCK ones.
    struct InterleavedPixels {
        var size: PixelSize
        var samples: [UInt8]
        var isCMYK: Bool
        /// An Adobe `APP14` segment: Photoshop and its followers store CMYK inverted.
        var isAdobeInverted: Bool
    }

    /// Decodes at the smallest scale that covers `target` into interleaved pixels; nil
    /// for a chroma subsampling libjpeg-turbo's shortcut API does not know (libgd reads it).
    static func decodeInterleaved(
        _ bytes: [UInt8], covering target: PixelSize
    ) throws(PhotoProblem)
        -> InterleavedPixels?
    {
        let handle = try decompressor(for: bytes)
        defer { tjDestroy(handle) }
        guard let header = try readHeader(bytes, handle: handle) else { return nil }
        let (full, colorspace) = (header.size, header.colorspace)
        let scaled = scaledSize(of: full, covering: target)
        let isCMYK = colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
        let format = isCMYK ? TJPF_CMYK : TJPF_BGRX
        var samples = [UInt8](repeating: 0, count: scaled.pixelCount * 4)
        func decompress(_ source: [UInt8], flags: Int32) -> Int32 {
            source.withUnsafeBufferPointer { source in
                samples.withUnsafeMutableBufferPointer { out in
                    tjDecompress2(
                        handle, source.baseAddress, UInt(source.count), out.baseAddress, Int32(scaled.width),
                        Int32(scaled.width * 4), Int32(scaled.height), Int32(format.rawValue), flags)
                }
            }
        }
        if decompress(bytes, flags: 0) != 0 { try retryStrictly(bytes, handle: handle, decompress) }
        let reader = ByteReader(bytes)
        let adobe =
            JPEGSegments.header(of: reader).first { $0.marker == 0xEE }
            .map { reader.matches(Array("Adobe".utf8), at: $0.start) } ?? false
        return InterleavedPixels(size: scaled, samples: samples, isCMYK: isCMYK, isAdobeInverted: adobe)
    }

    /// A libjpeg-turbo decompressor for `bytes`; the caller destroys it.
    private static func decompressor(for bytes: [UInt8]) throws(PhotoProblem) -> tjhandle {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.unreadable)
        }
        guard bytes.count <= Int(UInt32.max) else {
            tjDestroy(handle)
            throw .unsupported("JPEG files over 4 GiB")
        }
        return handle
    }

    /// What the frame header says.
    private struct Header {
        var size: PixelSize
        var subsampling: Int32
        var colorspace: Int32
    }

    /// Reads the header; nil for a chroma subsampling libjpeg-turbo's shortcut API does not
    /// know. A harmless warning is passed over, anything else throws.
    private static func readHeader(_ bytes: [UInt8], handle: tjhandle) throws(PhotoProblem) -> Header? {
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(
                handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        if status != 0 {
            let message = errorText(handle)
            if message.contains("subsampling") { return nil }
            let warned = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            guard warned, DecoderVerdict.isHarmlessWarning(message) else { throw problem(handle) }
        }
        let size = PixelSize(width: Int(width), height: Int(height))
        guard width > 0, height > 0 else { throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.impossibleSize(size)) }
        return Header(size: size, subsampling: subsampling, colorspace: colorspace)
    }

    /// After a failed decode: throws unless libjpeg only warned of something harmless and
    /// a second decode, without header junk and stopping at any warning, succeeds.
    private static func retryStrictly(
        _ bytes: [UInt8], handle: tjhandle, _ decompress: ([UInt8], Int32) -> Int32
    ) throws(PhotoProblem) {
        let fatal = tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue)
        let message = errorText(handle)
        if fatal || !DecoderVerdict.isHarmlessWarning(message) { throw problem(handle) }
        // libjpeg reports only its first warning, so a harmless one (junk between
        // header segments) could hide "premature end of data" further on. Decode again
        // without that junk, stopping at any warning at all.
        let cleaned = JPEGSegments.withoutHeaderJunk(bytes, droppingJFIF: message.contains("JFIF"))
        if decompress(cleaned, Int32(TJFLAG_STOPONWARNING)) != 0 { throw problem(handle) }
    }

    /// The smallest libjpeg-turbo scaling whose result is at least `target` both ways.
    static func scaledSize(of full: PixelSize, covering target: PixelSize) -> PixelSize {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return full }
        var best = full
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
            let num = Int(factor.num)
            let denom = Int(factor.denom)
            guard num > 0, denom > 0, num <= denom else { continue }
            let size = PixelSize(
                width: (full.width * num + denom - 1) / denom,
                height: (full.height * num + denom - 1) / denom)
            if size.width >= target.width, size.height >= target.height,
                size.pixelCount < best.pixelCount
            {
                best = size
            }
        }
        return best
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "" }
        return String(cString: text)
    }

    private static func problem(_ handle: tjhandle) -> PhotoProblem {
        DecoderVerdict.problem(.jpeg, messages: [errorText(handle)])
    }
}
