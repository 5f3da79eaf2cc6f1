import CGD
import CTurboJPEG
import TesseraCore

/// Decodes a JPEG once with libjpeg-turbo, at the smallest scale that still covers the
/// largest size needed, straight into a gd truecolor image.
enum JPEGDecoder {
    /// - Parameter target: the largest size needed, in stored (not upright) orientation.
    static func decode(_ bytes: [UInt8], covering target: PixelSize) throws(PhotoProblem) -> GDImage {
        guard let handle = tjInitDecompress() else {
            throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.unreadable)
        }
        defer { tjDestroy(handle) }
        guard bytes.count <= Int(UInt32.max) else { throw .unsupported("JPEG files over 4 GiB") }

        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let headerStatus = bytes.withUnsafeBufferPointer {
            tjDecompressHeader3(
                handle, $0.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        if headerStatus != 0 {
            let message = errorText(handle)
            // libjpeg-turbo's shortcut API knows only the common chroma subsamplings;
            // libjpeg proper (through libgd) reads the rest.
            if message.contains("subsampling") { return try GDFormatDecoder.decode(bytes, format: .jpeg) }
            let warned = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
            guard warned, DecoderVerdict.isHarmlessWarning(message) else { throw problem(handle) }
        }
        guard width > 0, height > 0 else {
            throw .corrupt(.jpeg, detail: DecoderVerdict.Detail.impossibleSize(
                PixelSize(width: Int(width), height: Int(height))))
        }

        // libjpeg-turbo cannot turn CMYK/YCCK into RGB; libgd's own JPEG reader can.
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            return try GDFormatDecoder.decode(bytes, format: .jpeg)
        }

        let full = PixelSize(width: Int(width), height: Int(height))
        let scaled = scaledSize(of: full, covering: target)
        let image = try GDImage.truecolor(scaled, for: .jpeg)
        let pitch = scaled.width * 4
        var pixels = [UInt8](repeating: 0, count: pitch * scaled.height)
        func decompress(_ source: [UInt8], flags: Int32) -> Int32 {
            source.withUnsafeBufferPointer { source in
                pixels.withUnsafeMutableBufferPointer { destination in
                    tjDecompress2(
                        handle, source.baseAddress, UInt(source.count), destination.baseAddress,
                        Int32(scaled.width), Int32(pitch), Int32(scaled.height),
                        Int32(TJPF_BGRX.rawValue), flags)
                }
            }
        }
        if decompress(bytes, flags: 0) != 0 {
            let fatal = tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue)
            let message = errorText(handle)
            if fatal || !DecoderVerdict.isHarmlessWarning(message) { throw problem(handle) }
            // libjpeg reports only its first warning, so a harmless one (junk between
            // header segments) could hide "premature end of data" further on. Decode again
            // without that junk, stopping at any warning at all.
            let cleaned = JPEGSegments.withoutHeaderJunk(bytes, droppingJFIF: message.contains("JFIF"))
            if decompress(cleaned, flags: Int32(TJFLAG_STOPONWARNING)) != 0 { throw problem(handle) }
        }

        // BGRX in memory is 0xXXRRGGBB as a little-endian Int32; gd reads the top byte as
        // alpha (0xFF would be transparent), so clear it.
        pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            image.forEachRow { y, row in
                let source = base.advanced(by: y * pitch).assumingMemoryBound(to: Int32.self)
                for x in 0..<row.count { row[x] = source[x] & 0x00FF_FFFF }
            }
        }
        return image
    }

    /// The smallest libjpeg-turbo scaling whose result is at least `target` both ways.
    static func scaledSize(of full: PixelSize, covering target: PixelSize) -> PixelSize {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return full }
        var best = full
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
            let num = Int(factor.num), denom = Int(factor.denom)
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
